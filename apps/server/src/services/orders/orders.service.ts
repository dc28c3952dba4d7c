import {
  ErrorCode,
  makePagination,
  ORDERS_MANAGE_PERMISSION,
  type Order,
  type PaymentMethodId,
  PLATFORM_STAFF_PERMISSION,
} from '@fotodrop/contract';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import type { Db } from '../../db/client';
import { DomainError, ForbiddenError, NotFoundError } from '../../http/errors';
import { type OrderRow, ordersRepository, type PaymentRow } from '../../repositories/orders.repository';
import { organiserOrdersRepository } from '../../repositories/organiser-orders.repository';
import { usersRepository } from '../../repositories/users.repository';
import { vouchersRepository } from '../../repositories/vouchers.repository';
import type { AuthContext } from '../accounts/auth.service';
import { assertNotImpersonated } from '../accounts/impersonation-audit';
import type { WrongGuessLimits } from '../albums/code-guess-limits';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { bankTransferEmail } from './bank-transfer-email';
import { countCampaignGuess } from './campaign-guesses';
import type { OrderCompletion } from './order-completion';
import { failureOf } from './order-dto';
import { CANCELLED_MESSAGE, type OrderPayments } from './order-payments';
import type { OrderPlacement, Parsed } from './order-placement';
import type { OrderPresenter } from './order-presenter';
import { VoucherError } from './order-pricing';

/** 402: the stored failure as its English and our reason (issue 17: the web translates the reason). */
export class PaymentFailedError extends DomainError {
  constructor(stored: string, orderId: number) {
    const { failure_message, failure_reason } = failureOf(stored);
    super(402, ErrorCode.paymentFailed, failure_message ?? stored, {
      order_id: orderId,
      reason: failure_reason,
    });
  }
}

/** An order that ended without payment answers the browser's confirm as a failed payment. */
const ended = (order: OrderRow) => order.status === 'failed' || order.status === 'cancelled';

/**
 * Orders (albums spec §3 "Order", §4 "Payment"): the cart priced by the server becomes an order
 * (order-placement.ts), its payment is started at the method's provider, and its result is only
 * ever read from the provider (order-payments.ts) — by the browser's confirm, the provider's
 * webhook, or the reconcile job, in any order and any number of times.
 */
export function ordersService(deps: {
  db: Db;
  jobs: JobQueue;
  payments: PaymentRegistry;
  placement: OrderPlacement;
  orderPayments: OrderPayments;
  presenter: OrderPresenter;
  completion: OrderCompletion;
  voucherGuesses: WrongGuessLimits;
}) {
  const { present } = deps.presenter;

  async function failWith(order: OrderRow, message: string): Promise<never> {
    if (await ordersRepository(deps.db).close(order.id, 'failed', message))
      await vouchersRepository(deps.db).release(order.id);
    throw new PaymentFailedError(message, order.id);
  }

  /** Starts the order's payment at its provider once (idempotency key `order-<id>-payment`). */
  async function startPayment(
    auth: AuthContext,
    order: OrderRow,
    body: Parsed,
    linkBase: string,
  ): Promise<PaymentRow> {
    const provider = deps.payments.forMethod(order.paymentMethod);
    if (!provider) throw new Error(`no provider for ${order.paymentMethod}`);
    const repo = ordersRepository(deps.db);
    const [existing] = await repo.paymentsOf(order.id);
    if (existing) return existing;
    // Queued before the provider is asked: an order whose payment start crashed expires too.
    await deps.orderPayments.scheduleExpiry(order.id);
    const created = await provider
      .create({
        orderId: order.id,
        amountMinor: order.grandTotal,
        currency: order.currency,
        method: order.paymentMethod,
        ...(body.bank ? { bank: body.bank } : {}),
        customer: {
          userId: auth.user.id,
          email: auth.user.email,
          name: `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.email,
        },
        ...(body.saved_card_id ? { savedCardId: body.saved_card_id } : {}),
        saveCard: body.save_card,
        idempotencyKey: `order-${order.id}-payment`,
        returnUrl: returnUrlOf(order, linkBase),
        description: `Fotodrop order ${order.id}`,
      })
      .catch((error: unknown) => {
        if (error instanceof DomainError) throw error;
        const message = error instanceof Error ? error.message : 'The payment could not be started.';
        return failWith(order, message);
      });
    return repo.insertPayment({
      orderId: order.id,
      provider: provider.id,
      providerRef: created.providerRef,
      status: created.status,
      amount: created.amountMinor,
      currency: created.currency,
      clientSecret: created.clientSecret,
      redirectUrl: created.redirectUrl,
      message: created.message,
    });
  }

  const service = {
    async create(auth: AuthContext, body: Parsed, ctx: { linkBase: string; ip: string }) {
      assertNotImpersonated(auth);
      const guesser = { ip: ctx.ip, userId: auth.user.id };
      if (body.voucher_code || body.campaign_code) await deps.voucherGuesses.assertOpen(guesser);
      await countCampaignGuess(deps.db, deps.voucherGuesses, guesser, body.campaign_code, false);
      const { order, superseded } = await deps.placement
        .place(auth, body, ctx.linkBase)
        .catch(async (error: unknown) => {
          if (error instanceof VoucherError && error.voucherStatus === 'invalid')
            await deps.voucherGuesses.recordWrong(guesser);
          throw error;
        });
      // The replaced orders' payments are cancelled before the new one starts; one that succeeds
      // anyway is refunded (order-payments.ts).
      for (const old of superseded) await deps.orderPayments.cancelAtProvider(old.id);
      const none = { client_secret: null, redirect_url: null };
      const repo = ordersRepository(deps.db);
      if (order.grandTotal === 0) {
        await deps.completion.complete(order.id);
        return { order: await present((await repo.find(order.id)) ?? order), payment: none };
      }
      if (order.paymentMethod === 'bank-transfer') {
        await deps.completion.releaseCartOf(order.id);
        const dto = await present(order);
        await deps.jobs.send(MAIL_QUEUE, bankTransferEmail(auth.user, dto, order), {
          singletonKey: `transfer-mail-${order.id}`,
        });
        await organiserOrdersRepository(deps.db).recordEmail(order.id, 'transfer');
        return { order: dto, payment: none };
      }
      const payment = await startPayment(auth, order, body, ctx.linkBase);
      if (payment.status !== 'requires_action')
        await deps.orderPayments.sync(payment.provider, payment.providerRef);
      const current = (await repo.find(order.id)) ?? order;
      if (ended(current))
        throw new PaymentFailedError(current.failureMessage ?? 'The payment failed.', order.id);
      return {
        order: await present(current),
        payment:
          current.status === 'paid'
            ? none
            : { client_secret: payment.clientSecret, redirect_url: payment.redirectUrl },
      };
    },

    /** The browser's word that it paid: only a reason to ask the provider. */
    async confirm(auth: AuthContext, body: { transaction_id: string; extra_data: Record<string, string> }) {
      assertNotImpersonated(auth);
      const repo = ordersRepository(deps.db);
      const ref = [body.transaction_id, body.extra_data.preference_id].filter((r): r is string => Boolean(r));
      let payment: PaymentRow | undefined;
      for (const r of ref) payment ??= await repo.ownPaymentByRef(auth.user.id, r);
      if (!payment) throw new NotFoundError('Payment not found.');
      await deps.orderPayments.sync(payment.provider, payment.providerRef);
      const order = await repo.findOwn(auth.user.id, payment.orderId);
      if (!order) throw new NotFoundError('Payment not found.');
      if (ended(order)) throw new PaymentFailedError(order.failureMessage ?? 'The payment failed.', order.id);
      return present(order);
    },

    /**
     * The owner gives up an unpaid order (`POST /v3/orders/{id}/cancel/`): its payment is asked
     * about first — a paid order is not cancelled (409) — then the order is closed and its payment
     * cancelled at the provider. Cancelling a cancelled or failed order answers it as it is.
     */
    async cancel(auth: AuthContext, id: number): Promise<Order> {
      assertNotImpersonated(auth);
      const repo = ordersRepository(deps.db);
      const order = await repo.findOwn(auth.user.id, id);
      if (!order) throw new NotFoundError('Order not found.');
      const notCancellable = (o: OrderRow) =>
        new DomainError(
          409,
          ErrorCode.orderState,
          o.status === 'paid'
            ? 'This order is paid and cannot be cancelled.'
            : 'A bank-transfer order waits for its transfer; ask support to cancel it.',
        );
      if (order.status === 'paid' || order.status === 'pending') throw notCancellable(order);
      if (order.status === 'awaiting_payment' || order.status === 'processing') {
        await deps.orderPayments.syncAll(order.id);
        const now = (await repo.find(order.id)) ?? order;
        if (now.status === 'paid') throw notCancellable(now);
        await deps.orderPayments.close(order.id, CANCELLED_MESSAGE);
      }
      return present((await repo.find(order.id)) ?? order);
    },

    /** Reads a payment's state from its provider and moves the order on. Idempotent; webhooks call it. */
    syncPayment: (providerId: string, providerRef: string) =>
      deps.orderPayments.sync(providerId, providerRef),

    async get(auth: AuthContext, id: number): Promise<Order> {
      const order = await ordersRepository(deps.db).findOwn(auth.user.id, id);
      if (!order) throw new NotFoundError('Order not found.');
      return present(order);
    },

    async list(auth: AuthContext, page: number, pageSize: number) {
      const { rows, total } = await ordersRepository(deps.db).page(auth.user.id, page, pageSize);
      return {
        results: await deps.presenter.presentAll(rows),
        pagination: makePagination(total, page, pageSize),
      };
    },

    /** A bank transfer arrived: platform staff, or the selling organisation's order managers. */
    async markPaid(auth: AuthContext, id: number): Promise<Order> {
      assertNotImpersonated(auth);
      const repo = ordersRepository(deps.db);
      const order = await repo.find(id);
      const perms = await usersRepository(deps.db).permissions(auth.user.id);
      const staff = perms.includes(PLATFORM_STAFF_PERMISSION);
      const manager =
        perms.includes(ORDERS_MANAGE_PERMISSION) &&
        order?.organisationId !== null &&
        order?.organisationId === auth.user.organisationId;
      if (!order || !(staff || manager)) {
        if (!staff && !perms.includes(ORDERS_MANAGE_PERMISSION)) throw new ForbiddenError();
        throw new NotFoundError('Order not found.');
      }
      if (
        order.paymentMethod !== 'bank-transfer' ||
        (order.status !== 'pending' && order.status !== 'paid')
      ) {
        throw new DomainError(
          409,
          ErrorCode.orderState,
          'Only a pending bank-transfer order can be marked paid.',
        );
      }
      await deps.completion.complete(order.id);
      return present((await repo.find(order.id)) ?? order);
    },

    reconcile: (minAgeMs?: number) => deps.orderPayments.reconcile(minAgeMs),

    paymentMethodsOf: (method: PaymentMethodId) => deps.payments.forMethod(method),
  };
  return service;
}
export type OrdersService = ReturnType<typeof ordersService>;

/** Where a redirecting provider sends the browser back: our own result pages, from configuration. */
function returnUrlOf(order: OrderRow, linkBase: string): string {
  if (order.paymentMethod === 'mercado-pago') return `${linkBase}/checkout/mercado-pago`;
  return `${linkBase}/checkout/complete?order=${order.id}`;
}
