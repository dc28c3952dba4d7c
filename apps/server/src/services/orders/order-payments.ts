import { PAYMENT_FAILURE_ENGLISH } from '@fotodrop/contract/rules/payment-failure';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import type { Db } from '../../db/client';
import {
  OPEN_STATUSES,
  type OrderRow,
  ordersRepository,
  PAID_STATUSES,
} from '../../repositories/orders.repository';
import { vouchersRepository } from '../../repositories/vouchers.repository';
import type { OrderCompletion } from './order-completion';

export const ORDER_EXPIRY_QUEUE = 'order-payment-expiry';
export const EXPIRED_MESSAGE = PAYMENT_FAILURE_ENGLISH.expired;
export const CANCELLED_MESSAGE = PAYMENT_FAILURE_ENGLISH.cancelled;

/** Open payments are looked at again after this long without news from the provider. */
const RECONCILE_AFTER_MS = 60_000;
/** …and given up after a day: an abandoned test page or bank redirect. */
const RECONCILE_FOR_MS = 24 * 3_600_000;

/**
 * An order's payment over its life at the provider: its state read back (`sync`, which the
 * browser's confirm, the webhooks and the reconcile job all call), and its end without payment —
 * cancelled by its owner, replaced by a newer order, or expired after the provider's timeout.
 *
 * Never two charges: an order is closed in our database first (under its row lock, its voucher use
 * given back), then its payment is cancelled at the provider and read back. A payment that
 * succeeds anyway — the bank step finished before the cancel arrived, or the cancel never got
 * there — finds a closed order and is refunded whole, by whichever of those paths hears of it.
 */
export function orderPayments(deps: {
  db: Db;
  jobs: JobQueue;
  now: () => Date;
  payments: PaymentRegistry;
  completion: OrderCompletion;
  /** How long a started payment may stay unfinished before the order expires (PAYMENT_TIMEOUT_MINUTES). */
  timeoutMs: number;
}) {
  const repo = () => ordersRepository(deps.db);

  /** Reads a payment's state from its provider and moves the order on. Idempotent. */
  async function sync(providerId: string, providerRef: string): Promise<void> {
    const payment = await repo().paymentByRef(providerId, providerRef);
    const provider = deps.payments.byId(providerId);
    if (!payment || !provider) return;
    const remote = await provider.retrieve(providerRef);
    await repo().updatePayment(payment.id, { status: remote.status, message: remote.message });
    const order = await repo().find(payment.orderId);
    // paid, or paid and refunded since (issue 19): its payment's news changes nothing any more
    if (!order || PAID_STATUSES.includes(order.status)) return;
    if (remote.status === 'succeeded') {
      if (remote.amountMinor !== order.grandTotal || remote.currency.toUpperCase() !== order.currency) {
        // Never fulfil what was not paid in full; give the money back.
        await provider.refund(providerRef, remote.amountMinor, `order-${order.id}-refund-mismatch`);
        await repo().setStatus(order.id, 'failed', {
          failureMessage: 'The amount paid does not match the order.',
        });
        await vouchersRepository(deps.db).release(order.id);
        return;
      }
      const outcome = await deps.completion.complete(order.id);
      if (outcome.kind === 'refused') {
        await provider.refund(providerRef, remote.amountMinor, `order-${order.id}-refund-late`);
        await repo().noteFailure(order.id, outcome.reason);
        await vouchersRepository(deps.db).release(order.id);
      }
      return;
    }
    if (order.status === 'cancelled') {
      // Still open at the provider: the cancel did not get there (a crash, the network). Again.
      if (remote.status === 'requires_action' || remote.status === 'processing')
        await provider.cancel(providerRef, `order-${order.id}-cancel`);
      return;
    }
    if (remote.status === 'failed' || remote.status === 'canceled') {
      if (await repo().close(order.id, 'failed', remote.message ?? 'The payment was not completed.'))
        await vouchersRepository(deps.db).release(order.id);
    } else if (remote.status === 'processing' && order.status === 'awaiting_payment') {
      await repo().setStatus(order.id, 'processing');
    }
  }

  /** Asks the provider about each payment of an order (errors logged: the reconcile job asks again). */
  async function syncAll(orderId: number): Promise<void> {
    for (const payment of await repo().paymentsOf(orderId)) {
      await sync(payment.provider, payment.providerRef).catch((error: unknown) =>
        console.error('could not read payment', payment.providerRef, error),
      );
    }
  }

  /** Cancels an order's payments at their provider, then reads them back (a late success is refunded). */
  async function cancelAtProvider(orderId: number): Promise<void> {
    for (const payment of await repo().paymentsOf(orderId)) {
      const provider = deps.payments.byId(payment.provider);
      await provider
        ?.cancel(payment.providerRef, `order-${orderId}-cancel`)
        .catch((error: unknown) => console.error('could not cancel payment', payment.providerRef, error));
    }
    await syncAll(orderId);
  }

  /** Closes an open order as cancelled (giving its voucher use back), then its payments. */
  async function close(orderId: number, message: string): Promise<void> {
    await deps.db.transaction(async (tx) => {
      const orders = ordersRepository(tx);
      const order = await orders.lock(orderId);
      if (!order || !OPEN_STATUSES.includes(order.status)) return;
      await orders.close(order.id, 'cancelled', message);
      await vouchersRepository(tx).release(order.id);
    });
    await cancelAtProvider(orderId);
  }

  const isDue = (order: OrderRow) => order.createdAt.getTime() <= deps.now().getTime() - deps.timeoutMs;

  /**
   * An order whose payment was left unfinished (a closed tab, an abandoned bank step): once the
   * timeout has passed, asked about one last time — it may have been paid — else closed.
   */
  async function expire(orderId: number): Promise<boolean> {
    const order = await repo().find(orderId);
    if (!order || !OPEN_STATUSES.includes(order.status) || !isDue(order)) return false;
    await syncAll(orderId);
    const now = await repo().find(orderId);
    if (!now || !OPEN_STATUSES.includes(now.status)) return false;
    await close(orderId, EXPIRED_MESSAGE);
    return true;
  }

  return {
    sync,
    syncAll,
    close,
    cancelAtProvider,

    /** The expiry job of an order, queued when its payment starts to run after the provider's timeout. */
    async scheduleExpiry(orderId: number): Promise<void> {
      await deps.jobs.send(
        ORDER_EXPIRY_QUEUE,
        { orderId },
        {
          singletonKey: `order-expiry-${orderId}`,
          startAfterSeconds: Math.ceil(deps.timeoutMs / 1000),
          retryLimit: 5,
        },
      );
    },

    expire,

    /**
     * Asks providers about payments nobody told us about (lost webhook, closed tab, crash), and
     * expires the orders whose expiry job was lost. At start every open payment is asked about
     * (`minAgeMs` 0): this process may have died mid-payment.
     */
    async reconcile(minAgeMs = RECONCILE_AFTER_MS): Promise<number> {
      const now = deps.now().getTime();
      const open = await repo().openPayments(new Date(now - minAgeMs), new Date(now - RECONCILE_FOR_MS));
      for (const payment of open) {
        await sync(payment.provider, payment.providerRef).catch((error: unknown) =>
          console.error('reconcile failed for', payment.providerRef, error),
        );
      }
      for (const id of await repo().openSince(new Date(now - deps.timeoutMs))) {
        await expire(id).catch((error: unknown) => console.error('could not expire order', id, error));
      }
      return open.length;
    },
  };
}
export type OrderPayments = ReturnType<typeof orderPayments>;
