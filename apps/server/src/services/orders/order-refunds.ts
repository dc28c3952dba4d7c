import { randomUUID } from 'node:crypto';
import { ErrorCode, REFUND_GIVE_UP_HOURS, REFUND_RETRY_AFTER_MINUTES } from '@fotodrop/contract';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import {
  type RefundAnswer,
  type RefundLookup,
  RefundRefusedError,
} from '../../adapters/payments/payment-provider';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import type { Db } from '../../db/client';
import { DomainError } from '../../http/errors';
import { type OrderLineRow, type OrderRow, ordersRepository } from '../../repositories/orders.repository';
import { organiserOrdersRepository } from '../../repositories/organiser-orders.repository';
import { printHoldRepository } from '../../repositories/print-hold.repository';
import { type RefundRow, refundsRepository } from '../../repositories/refunds.repository';
import { usersRepository } from '../../repositories/users.repository';
import { coveredTypes } from '../cart-print/cart-album';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { planRefund } from './refund-amounts';
import { refundEmail } from './refund-email';

/** Orders whose money was taken: the only ones a refund applies to. */
export const REFUNDABLE_STATUSES = ['paid', 'partially_refunded'] as const;

/** 502: the provider refused the refund or did not answer; the order is as it was. */
export class RefundFailedError extends DomainError {
  constructor(message: string, data: { refund_id: number; pending: boolean }) {
    super(502, ErrorCode.refundFailed, message, data);
  }
}

const alreadyRefunded = (message: string, data?: unknown) =>
  new DomainError(409, ErrorCode.alreadyRefunded, message, data);

/** Providers that move no money through an API: the organiser pays a transfer back by hand. */
const MANUAL_PROVIDERS = new Set(['bank-transfer', 'none']);

/**
 * Refunds (issue 19), safe under double clicks, retries and crashes:
 * 1. Under the order's row lock, the refund is planned from what is not refunded yet (pending or
 *    succeeded refunds hold their lines) and written `pending` with its own idempotency key. A
 *    second request for the same line waits for the lock, then finds it taken (409).
 * 2. The provider is asked with that key. Nothing of the order changes before it says yes.
 * 3. Its yes: under the lock again, the refund succeeds once, the lines' download rights end, the
 *    order's status moves on, the buyer's e-mail is queued. Its no: the refund is `failed`, the
 *    order untouched (502). No answer (a timeout, a crash), or the provider's own "pending": the
 *    refund stays pending and `resolvePending` — at start and every minute — asks again with the
 *    same key; past REFUND_GIVE_UP_HOURS it looks the refund up and ends it either way (`settle`).
 */
export function orderRefunds(deps: { db: Db; jobs: JobQueue; payments: PaymentRegistry; now: () => Date }) {
  /** Step 3 of a refund the provider made; once however often it is called. */
  async function succeed(refund: RefundRow, providerRef: string | null): Promise<void> {
    const mail = await deps.db.transaction(async (tx) => {
      const orders = ordersRepository(tx);
      const repo = refundsRepository(tx);
      const order = await orders.lock(refund.orderId);
      if (!order) return null;
      if (!(await repo.finish(refund.id, { status: 'succeeded', providerRef }, deps.now()))) return null;
      const lines = await orders.linesOf([order.id]);
      const ids = new Set(Object.keys(refund.lineAmounts).map(Number));
      for (const line of lines.filter((l) => ids.has(l.id))) await revoke(repo, order, line);
      const { whole, refundedLines } = await recompute(repo, order, lines);
      // every print line refunded while held for review: the prints never go to the lab
      const prints = lines.filter((l) => l.kind === 'print');
      if (order.printHold === 'held' && prints.length > 0 && prints.every((l) => refundedLines.has(l.id)))
        await printHoldRepository(tx).move(order.id, 'held', 'cancelled');
      await organiserOrdersRepository(tx).recordEmail(order.id, 'refund');
      return { order, lines, whole };
    });
    if (!mail) return;
    const user = await usersRepository(deps.db).findById(mail.order.userId);
    if (!user) return;
    const described = mail.lines
      .filter((l) => refund.lineAmounts[String(l.id)] !== undefined)
      .map((l) => ({ description: l.description, amount: refund.lineAmounts[String(l.id)] ?? 0 }));
    await deps.jobs.send(
      MAIL_QUEUE,
      refundEmail(user, {
        orderId: mail.order.id,
        whole: mail.whole,
        currency: refund.currency,
        amount: refund.amount,
        reason: refund.reason,
        lines: described,
        shipping: refund.shippingAmount,
      }),
      { singletonKey: `refund-mail-${refund.id}` },
    );
  }

  /** The order's status from its succeeded refunds: paid, partially refunded or refunded. */
  async function recompute(
    repo: ReturnType<typeof refundsRepository>,
    order: OrderRow,
    lines: OrderLineRow[],
  ) {
    const active = await repo.activeOf([order.id]);
    const succeeded = active.filter((r) => r.status === 'succeeded');
    const refundedLines = new Set(succeeded.flatMap((r) => Object.keys(r.lineAmounts).map(Number)));
    const shippingBack = order.shippingCosts + order.handlingFee;
    const whole =
      lines.every((l) => refundedLines.has(l.id)) &&
      (shippingBack === 0 || succeeded.some((r) => r.shippingAmount > 0));
    const status = whole ? 'refunded' : succeeded.length > 0 ? 'partially_refunded' : 'paid';
    if (order.status !== status) await repo.setOrderStatus(order.id, status);
    return { whole, refundedLines, active };
  }

  /**
   * A refund the provider never made: failed for good (`unconfirmed`), its lines refundable again,
   * the order's status recomputed; a held print order it was cancelling is held again.
   */
  async function giveUp(refund: RefundRow): Promise<void> {
    await deps.db.transaction(async (tx) => {
      const order = await ordersRepository(tx).lock(refund.orderId);
      const repo = refundsRepository(tx);
      const message = 'The payment provider did not confirm the refund. Nothing was refunded.';
      if (!(await repo.finish(refund.id, { status: 'failed', failure: 'unconfirmed', message }, deps.now())))
        return;
      if (!order) return;
      const lines = await ordersRepository(tx).linesOf([order.id]);
      const { active } = await recompute(repo, order, lines);
      const taken = new Set(active.flatMap((r) => Object.keys(r.lineAmounts).map(Number)));
      const prints = lines.filter((l) => l.kind === 'print');
      if (order.printHold === 'cancelled' && prints.length > 0 && !prints.some((l) => taken.has(l.id)))
        await printHoldRepository(tx).move(order.id, 'cancelled', 'held');
    });
  }

  /**
   * Past the give-up deadline the provider is only looked up, never asked to refund (it may have
   * forgotten the key). Made: it succeeds. Nothing there, or no answer from a provider that never
   * acknowledged it: it fails. Taken but not settled at the provider: it waits, since the money may
   * still move and a second refund of the lines would pay twice.
   */
  async function settle(refund: RefundRow): Promise<void> {
    const provider = deps.payments.byId(refund.provider);
    if (!provider || !refund.paymentRef) return giveUp(refund);
    const known = (await refundsRepository(deps.db).activeOf([refund.orderId])).flatMap((r) =>
      r.status === 'succeeded' && r.providerRef ? [r.providerRef] : [],
    );
    let found: RefundLookup;
    try {
      found = await provider.findRefund(refund.paymentRef, {
        idempotencyKey: refund.idempotencyKey,
        amountMinor: refund.amount,
        knownRefs: known,
      });
    } catch (error) {
      console.error('refund: no answer from the provider at the give-up deadline', refund.id, error);
      if (refund.providerRef === null) await giveUp(refund);
      return;
    }
    if (found.state === 'succeeded') await succeed(refund, found.refundRef);
    else if (found.state === 'none') await giveUp(refund);
  }

  /** What a refunded line gave ends: a pick's media, a package's album types. Prints keep nothing. */
  async function revoke(repo: ReturnType<typeof refundsRepository>, order: OrderRow, line: OrderLineRow) {
    if (line.kind !== 'digital' || line.orderType === null) return;
    if (line.orderType === 'PHOTOLIST') await repo.revokeMedia(order.id, line.mediaIds);
    else if (line.checkinId !== null)
      await repo.revokeAlbum(order.id, line.checkinId, coveredTypes(line.orderType));
  }

  /** Step 2 (and its retry): asks the provider with the refund's key, then ends the refund. */
  async function ask(refund: RefundRow): Promise<RefundRow> {
    const repo = () => refundsRepository(deps.db);
    if (MANUAL_PROVIDERS.has(refund.provider) || refund.amount === 0 || !refund.paymentRef) {
      await succeed(refund, null);
      return (await repo().find(refund.id)) ?? refund;
    }
    const provider = deps.payments.byId(refund.provider);
    if (!provider) {
      await repo().finish(
        refund.id,
        { status: 'failed', failure: 'refused', message: 'The payment provider is not configured.' },
        deps.now(),
      );
      throw new RefundFailedError('The payment provider is not configured.', {
        refund_id: refund.id,
        pending: false,
      });
    }
    let answer: RefundAnswer;
    try {
      answer = await provider.refund(refund.paymentRef, refund.amount, refund.idempotencyKey);
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        await repo().finish(
          refund.id,
          { status: 'failed', failure: 'refused', message: error.message },
          deps.now(),
        );
        throw new RefundFailedError(`The payment provider refused the refund: ${error.message}`, {
          refund_id: refund.id,
          pending: false,
        });
      }
      console.error('refund: no answer from the provider', refund.id, error);
      throw new RefundFailedError(
        'The payment provider did not answer. Nothing changed yet; the refund is asked again automatically.',
        { refund_id: refund.id, pending: true },
      );
    }
    if (answer.pending && answer.refundRef !== null) {
      // taken, not settled: the reconcile job asks until the provider says yes or no
      await repo().acknowledge(refund.id, answer.refundRef);
      return (await repo().find(refund.id)) ?? refund;
    }
    if (answer.refundRef === null) {
      const message = 'The payment provider holds no captured payment to refund.';
      await repo().finish(refund.id, { status: 'failed', failure: 'refused', message }, deps.now());
      throw new RefundFailedError(message, { refund_id: refund.id, pending: false });
    }
    await succeed(refund, answer.refundRef);
    return (await repo().find(refund.id)) ?? refund;
  }

  return {
    /**
     * Refunds `lines` of the order (none: everything not refunded yet, shipping included).
     * `printsOnly`: the order's print lines not refunded yet (a held print order cancelled).
     */
    async refund(
      orderId: number,
      request: { lines?: number[] | undefined; reason: string; createdBy: number; printsOnly?: boolean },
    ): Promise<RefundRow> {
      const pending = await deps.db.transaction(async (tx) => {
        const orders = ordersRepository(tx);
        const order = await orders.lock(orderId);
        if (!order) throw new DomainError(404, ErrorCode.notFound, 'Order not found.');
        if (order.status === 'refunded') throw alreadyRefunded('Nothing of this order is left to refund.');
        if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.status))
          throw new DomainError(409, ErrorCode.orderState, 'Only a paid order can be refunded.');
        const lines = await orders.linesOf([order.id]);
        const active = await refundsRepository(tx).activeOf([order.id]);
        const taken = new Set(active.flatMap((r) => Object.keys(r.lineAmounts).map(Number)));
        const requested = request.printsOnly
          ? lines.filter((l) => l.kind === 'print' && !taken.has(l.id)).map((l) => l.id)
          : request.lines;
        if (requested?.length === 0) throw alreadyRefunded('These lines are refunded already.');
        const plan = planRefund({
          lines: lines.map((l) => ({ id: l.id, kind: l.kind, total: l.total })),
          discountTotal: order.discountTotal,
          shippingTotal: order.shippingCosts + order.handlingFee,
          taken,
          shippingTaken: active.some((r) => r.shippingAmount > 0),
          requested,
        });
        if (plan.kind === 'unknown_line')
          throw new DomainError(400, ErrorCode.validation, 'A line is not of this order.', {
            fields: { lines: ['lines.unknown'] },
          });
        if (plan.kind === 'taken')
          throw alreadyRefunded('These lines are refunded already, or their refund is under way.', {
            lines: plan.lineIds,
          });
        if (plan.kind === 'nothing_left') throw alreadyRefunded('Nothing of this order is left to refund.');
        const given = active.reduce((s, r) => s + r.amount, 0);
        if (plan.amount > order.grandTotal - given)
          throw alreadyRefunded('The refund would be more than what is left of the payment.');
        const payment = (await orders.paymentsOf(order.id)).find((p) => p.status === 'succeeded');
        return refundsRepository(tx).insert({
          orderId: order.id,
          lineAmounts: plan.lineAmounts,
          shippingAmount: plan.shipping,
          amount: plan.amount,
          currency: order.currency,
          reason: request.reason,
          status: 'pending',
          provider: payment?.provider ?? order.provider,
          paymentRef: payment?.providerRef ?? null,
          idempotencyKey: `order-${order.id}-refund-${randomUUID()}`,
          createdBy: request.createdBy,
          // the service's clock: the retry's age is measured on it
          createdAt: deps.now(),
        });
      });
      return ask(pending);
    },

    /**
     * Pending refunds older than `minAgeMs` (their request crashed, or the provider did not
     * answer): asked again with the same key, so the provider answers the refund it made, or makes
     * it now — never a second one. Past REFUND_GIVE_UP_HOURS they are settled by a look-up
     * (`settle`). At start every pending refund is asked about.
     */
    async resolvePending(minAgeMs = REFUND_RETRY_AFTER_MINUTES * 60_000): Promise<number> {
      const now = deps.now().getTime();
      const due = await refundsRepository(deps.db).pendingBefore(new Date(now - minAgeMs));
      const deadline = now - REFUND_GIVE_UP_HOURS * 3_600_000;
      for (const refund of due) {
        const next = refund.createdAt.getTime() <= deadline ? settle(refund) : ask(refund);
        await next.catch((error: unknown) => {
          if (!(error instanceof RefundFailedError)) console.error('refund retry failed', refund.id, error);
        });
      }
      return due.length;
    },
  };
}
export type OrderRefunds = ReturnType<typeof orderRefunds>;
