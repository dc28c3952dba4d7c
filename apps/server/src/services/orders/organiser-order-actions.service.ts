import { ErrorCode, type OrderSettings, type OrganiserOrderDetail } from '@fotodrop/contract';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { DomainError, NotFoundError, RateLimitedError } from '../../http/errors';
import { ordersRepository } from '../../repositories/orders.repository';
import { organiserOrdersRepository } from '../../repositories/organiser-orders.repository';
import { printHoldRepository } from '../../repositories/print-hold.repository';
import { usersRepository } from '../../repositories/users.repository';
import type { AuthContext } from '../accounts/auth.service';
import { assertNotImpersonated } from '../accounts/impersonation-audit';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { consoleAccess } from '../organisations/console-access';
import { bankTransferEmail } from './bank-transfer-email';
import { LAB_PACKAGE_QUEUE } from './lab-package.jobs';
import { labPackageZip, missingLabPackage } from './lab-package-zip';
import type { OrderCompletion } from './order-completion';
import type { OrderPresenter } from './order-presenter';
import { type OrderRefunds, RefundFailedError } from './order-refunds';
import type { OrganiserOrdersService } from './organiser-orders.service';
import { purchaseEmail } from './purchase-email';

/** decision (issue 19): the buyer's e-mail is sent again at most 3 times an hour per order. */
export const RESENDS_PER_HOUR = 3;

const orderState = (message: string) => new DomainError(409, ErrorCode.orderState, message);

/**
 * What the console does to an order (issue 19): refund (orders.manage), mark a bank transfer paid
 * (orders.manage, the same completion a card payment runs), send the buyer's e-mail again
 * (orders.read: support may), the lab package (orders.read), and held print orders released or
 * cancelled with their prints refunded (orders.manage). The order's organisation decides access.
 */
export function organiserOrderActions(deps: {
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  now: () => Date;
  reads: OrganiserOrdersService;
  refunds: OrderRefunds;
  completion: OrderCompletion;
  presenter: OrderPresenter;
}) {
  const access = consoleAccess(deps.db);
  const holds = () => printHoldRepository(deps.db);
  const detail = (id: number): Promise<OrganiserOrderDetail> => deps.reads.presentById(id);

  async function release(orderId: number): Promise<boolean> {
    if (!(await holds().move(orderId, 'held', 'released'))) return false;
    await deps.jobs.send(LAB_PACKAGE_QUEUE, { orderId }, { singletonKey: `lab-${orderId}` });
    return true;
  }

  return {
    async refund(auth: AuthContext, id: number, body: { lines?: number[] | undefined; reason: string }) {
      assertNotImpersonated(auth);
      const { order } = await deps.reads.orderFor(auth, id, 'orders.manage');
      await deps.refunds.refund(order.id, {
        lines: body.lines,
        reason: body.reason,
        createdBy: auth.user.id,
      });
      return detail(order.id);
    },

    async markPaid(auth: AuthContext, id: number) {
      assertNotImpersonated(auth);
      const { order } = await deps.reads.orderFor(auth, id, 'orders.manage');
      if (order.paymentMethod !== 'bank-transfer' || order.status !== 'pending')
        throw orderState('Only a pending bank-transfer order can be marked paid.');
      await deps.completion.complete(order.id);
      return detail(order.id);
    },

    async resend(auth: AuthContext, id: number) {
      const { order } = await deps.reads.orderFor(auth, id, 'orders.read');
      const emails = organiserOrdersRepository(deps.db);
      const hourAgo = new Date(deps.now().getTime() - 3_600_000);
      if ((await emails.emailsSince(order.id, 'resend', hourAgo)) >= RESENDS_PER_HOUR)
        throw new RateLimitedError(3600);
      const user = await usersRepository(deps.db).findById(order.userId);
      if (!user) throw new NotFoundError('The buyer has no account any more.');
      const dto = await deps.presenter.present(order);
      const paid = ['paid', 'partially_refunded', 'refunded'].includes(order.status);
      if (!paid && !(order.status === 'pending' && order.paymentMethod === 'bank-transfer'))
        throw orderState('Only a paid order, or one waiting for its transfer, has an e-mail to send again.');
      const message = paid ? purchaseEmail(user, dto, order) : bankTransferEmail(user, dto, order);
      await emails.recordEmail(order.id, 'resend');
      await deps.jobs.send(MAIL_QUEUE, message);
      return detail(order.id);
    },

    /** decision (issue 19): orders.read — support answers "where are my prints" with it. */
    async labPackage(auth: AuthContext, id: number) {
      const { order } = await deps.reads.orderFor(auth, id, 'orders.read');
      const lab = await organiserOrdersRepository(deps.db).labPackage(order.id);
      const bytes = lab ? await deps.storage.get(lab.manifestKey) : null;
      if (!lab || !bytes) throw new NotFoundError('This order has no lab package (yet).');
      return {
        order_id: order.id,
        files: lab.files,
        manifest: JSON.parse(bytes.toString('utf8')) as unknown,
      };
    },

    /** The lab package as a zip the lab or the organiser downloads (orders.read, as the manifest). */
    async labPackageZip(auth: AuthContext, id: number) {
      const { order } = await deps.reads.orderFor(auth, id, 'orders.read');
      const lab = await organiserOrdersRepository(deps.db).labPackage(order.id);
      if (!lab) throw missingLabPackage(order, await ordersRepository(deps.db).linesOf([order.id]));
      return labPackageZip(deps.storage, order, lab.manifestKey);
    },

    async release(auth: AuthContext, id: number) {
      assertNotImpersonated(auth);
      const { order } = await deps.reads.orderFor(auth, id, 'orders.manage');
      if (!(await release(order.id))) throw orderState('This order has no print order held for review.');
      return detail(order.id);
    },

    /** The held prints never go to the lab: claimed first, then refunded (shipping with them). */
    async cancelPrints(auth: AuthContext, id: number, body: { reason: string }) {
      assertNotImpersonated(auth);
      const { order } = await deps.reads.orderFor(auth, id, 'orders.manage');
      if (!(await holds().move(order.id, 'held', 'cancelled')))
        throw orderState('This order has no print order held for review.');
      try {
        await deps.refunds.refund(order.id, {
          reason: body.reason,
          createdBy: auth.user.id,
          printsOnly: true,
        });
      } catch (error) {
        // refused, or nothing to refund: the prints are held again; no answer: the refund is retried
        if (!(error instanceof RefundFailedError && (error.data as { pending?: boolean }).pending))
          await holds().move(order.id, 'cancelled', 'held');
        throw error;
      }
      return detail(order.id);
    },

    /** The release job: held print orders whose review time ran out go to the lab. */
    async releaseDue(): Promise<number> {
      let released = 0;
      for (const id of await holds().due(deps.now())) if (await release(id)) released += 1;
      return released;
    },

    async settings(auth: AuthContext, organisationId: number): Promise<OrderSettings> {
      await access.organisation(auth, organisationId, 'orders.read');
      return { print_hold_hours: await holds().holdHours(organisationId) };
    },

    async updateSettings(
      auth: AuthContext,
      organisationId: number,
      body: OrderSettings,
    ): Promise<OrderSettings> {
      await access.organisation(auth, organisationId, 'selling.manage');
      await holds().setHoldHours(organisationId, body.print_hold_hours);
      return { print_hold_hours: body.print_hold_hours };
    },
  };
}
export type OrganiserOrderActions = ReturnType<typeof organiserOrderActions>;
