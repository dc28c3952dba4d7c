import { PAYMENT_FAILURE_ENGLISH } from '@fotodrop/contract/rules/payment-failure';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Db } from '../../db/client';
import { entitlementsRepository } from '../../repositories/entitlements.repository';
import { type OrderRow, ordersRepository, PAID_STATUSES } from '../../repositories/orders.repository';
import { organiserOrdersRepository } from '../../repositories/organiser-orders.repository';
import { printHoldRepository } from '../../repositories/print-hold.repository';
import { usersRepository } from '../../repositories/users.repository';
import { vouchersRepository } from '../../repositories/vouchers.repository';
import { coveredTypes } from '../cart-print/cart-album';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { track } from '../metrics/tracking';
import { LAB_PACKAGE_QUEUE } from './lab-package.jobs';
import { orderDto } from './order-dto';
import { purchaseEmail } from './purchase-email';

export const ORDER_FULFILMENT_QUEUE = 'order-fulfilment';

export const LATE_PAYMENT_MESSAGE = PAYMENT_FAILURE_ENGLISH.refunded_late;
export const VOUCHER_GONE_MESSAGE = PAYMENT_FAILURE_ENGLISH.voucher_used_up;

export type CompletionOutcome = { kind: 'paid' } | { kind: 'already' } | { kind: 'refused'; reason: string };

/** How long a paid order may wait for its fulfilment before the sweep sends it again. */
const FULFILMENT_GRACE_MS = 60_000;

/**
 * Turning a paid payment into a paid order, in two steps that each run exactly once however often
 * they are asked (two confirms, a webhook racing the browser, a replay, a crash in between):
 * 1. `complete` — in one transaction holding the order's row lock: the order becomes paid, the user
 *    gets what it bought, the cart gives those lines up, the voucher's held use is checked.
 * 2. `fulfil` (job queue) — the purchase e-mail, the print lab package, the purchase tracking event.
 *    A crash between 1 and 2 is caught by the sweep (paid, not fulfilled).
 */
export function orderCompletion(deps: { db: Db; jobs: JobQueue; now: () => Date }) {
  const enqueue = (orderId: number) =>
    deps.jobs.send(ORDER_FULFILMENT_QUEUE, { orderId }, { singletonKey: `order-${orderId}` });

  /**
   * Issue 19: an organisation that reviews print orders (`print_hold_hours` > 0) holds a paid one
   * until it is released by hand or its hours run out (`releaseDue`); true while it is held.
   */
  async function holdForReview(order: OrderRow): Promise<boolean> {
    const holds = printHoldRepository(deps.db);
    if (order.printHold === 'held' || order.printHold === 'cancelled') return true;
    if (order.printHold === 'released') return false;
    const hours = await holds.holdHours(order.organisationId);
    if (hours <= 0) return false;
    const until = new Date((order.paidAt ?? deps.now()).getTime() + hours * 3_600_000);
    return holds.move(order.id, 'none', 'held', until);
  }

  return {
    /**
     * Marks the order paid and grants its purchases. `paid` only for the call that did it; `refused`
     * when the order may no longer be paid — cancelled, replaced by a newer order, or its voucher's
     * last use taken meanwhile — and the caller must give the money back.
     */
    async complete(orderId: number): Promise<CompletionOutcome> {
      const outcome = await deps.db.transaction(async (tx): Promise<CompletionOutcome> => {
        const orders = ordersRepository(tx);
        const order = await orders.lock(orderId);
        if (!order) return { kind: 'refused', reason: 'The order does not exist.' };
        // refunded since it was paid (issue 19): never granted again
        if (PAID_STATUSES.includes(order.status)) return { kind: 'already' };
        if (order.status === 'cancelled') return { kind: 'refused', reason: LATE_PAYMENT_MESSAGE };
        // A refused payment that succeeds later (a retry on the provider's page) counts only while
        // the user has not gone on to a newer order: else the cart could be paid twice.
        if (order.status === 'failed' && (await orders.hasNewer(order.userId, order.id))) {
          return { kind: 'refused', reason: LATE_PAYMENT_MESSAGE };
        }
        // Checked again at payment: the use was held at creation, but a failed order gave it back.
        if (order.voucherCode) {
          const vouchers = vouchersRepository(tx);
          const voucher = await vouchers.byCode(order.voucherCode);
          if (voucher && !(await vouchers.reserve(voucher, order.userId, order.id))) {
            await orders.setStatus(order.id, 'cancelled', { failureMessage: VOUCHER_GONE_MESSAGE });
            return { kind: 'refused', reason: VOUCHER_GONE_MESSAGE };
          }
        }
        await orders.setStatus(order.id, 'paid', { paidAt: deps.now(), failureMessage: null });
        const lines = await orders.linesOf([order.id]);
        const entitlements = entitlementsRepository(tx);
        for (const line of lines) {
          if (line.kind !== 'digital' || line.orderType === null || line.checkinId === null) continue;
          if (line.orderType === 'PHOTOLIST')
            await entitlements.grantMedia(order.userId, order.id, line.mediaIds);
          else
            await entitlements.grantAlbum(
              order.userId,
              order.id,
              line.checkinId,
              coveredTypes(line.orderType),
            );
        }
        await orders.releaseCart(order.userId, lines);
        return { kind: 'paid' };
      });
      if (outcome.kind === 'paid') await enqueue(orderId);
      return outcome;
    },

    /** Gives a bank-transfer order's lines up from the cart when it is placed (it is then "received"). */
    async releaseCartOf(orderId: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const orders = ordersRepository(tx);
        const order = await orders.lock(orderId);
        if (!order) return;
        await orders.releaseCart(order.userId, await orders.linesOf([order.id]));
      });
    },

    /** Step 2; safe to run again: each part checks whether it was done. */
    async fulfil(orderId: number): Promise<void> {
      const orders = ordersRepository(deps.db);
      const order = await orders.find(orderId);
      if (order?.status !== 'paid' || order.fulfilledAt) return;
      const lines = await orders.linesOf([order.id]);
      if (lines.some((l) => l.kind === 'print') && !(await holdForReview(order))) {
        await deps.jobs.send(LAB_PACKAGE_QUEUE, { orderId }, { singletonKey: `lab-${orderId}` });
      }
      const user = await usersRepository(deps.db).findById(order.userId);
      if (user) {
        const albums = await orders.albumsOf([
          ...new Set(lines.flatMap((l) => (l.checkinId === null ? [] : [l.checkinId]))),
        ]);
        const dto = orderDto(order, lines, albums, null);
        await deps.jobs.send(MAIL_QUEUE, purchaseEmail(user, dto, order), {
          singletonKey: `purchase-mail-${orderId}`,
        });
      }
      // The tracking event goes with the claim: one purchase event per order.
      await deps.db.transaction(async (tx) => {
        if (!(await ordersRepository(tx).markFulfilled(order.id, deps.now()))) return;
        if (user) await organiserOrdersRepository(tx).recordEmail(order.id, 'purchase');
        await track(tx, {
          type: 'purchase',
          userId: order.userId,
          payload: {
            order_id: order.id,
            currency: order.currency,
            value: order.grandTotal,
            item_count: lines.reduce((s, l) => s + l.quantity, 0),
          },
        });
      });
    },

    /** Sends again the fulfilment of paid orders a crash left behind (run periodically and at start). */
    async sweep(graceMs = FULFILMENT_GRACE_MS): Promise<number> {
      const ids = await ordersRepository(deps.db).unfulfilled(new Date(deps.now().getTime() - graceMs));
      for (const id of ids) await enqueue(id);
      return ids.length;
    },

    enqueue,
  };
}
export type OrderCompletion = ReturnType<typeof orderCompletion>;
