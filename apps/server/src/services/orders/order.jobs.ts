import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { OrderCompletion } from './order-completion';
import { ORDER_FULFILMENT_QUEUE } from './order-completion';
import { ORDER_EXPIRY_QUEUE } from './order-payments';
import type { OrdersService } from './orders.service';

export const ORDERS_RECONCILE_QUEUE = 'orders-reconcile';
const RECONCILE_EVERY_MS = 60_000;

/**
 * The order workers: fulfilment of paid orders, pending refunds, held print orders, the expiry of unfinished payments, and once a minute (one job at a time across every
 * process, by its singleton key) asking providers about open payments and re-sending fulfilments a
 * crash lost. Both also run at start, so a server killed between payment and fulfilment finishes
 * the order when it is started again.
 */
export async function registerOrderWorkers(
  jobs: JobQueue,
  services: {
    orders: OrdersService;
    orderCompletion: OrderCompletion;
    orderPayments: { expire(orderId: number): Promise<boolean> };
    orderRefunds: { resolvePending(minAgeMs?: number): Promise<number> };
    organiserOrderActions: { releaseDue(): Promise<number> };
  },
): Promise<() => void> {
  // An unfinished payment's timeout (queued when it starts): cancelled at the provider, order released.
  await jobs.work<{ orderId: number }>(ORDER_EXPIRY_QUEUE, async ({ orderId }) => {
    await services.orderPayments.expire(orderId);
  });
  await jobs.work<{ orderId: number }>(ORDER_FULFILMENT_QUEUE, ({ orderId }) =>
    services.orderCompletion.fulfil(orderId),
  );
  await jobs.work<{ atStart?: boolean }>(ORDERS_RECONCILE_QUEUE, async ({ atStart }) => {
    await services.orders.reconcile(atStart ? 0 : undefined);
    await services.orderCompletion.sweep(atStart ? 0 : undefined);
    // issue 19: refunds a crash or a silent provider left pending, asked again with their key
    // (past REFUND_GIVE_UP_HOURS looked up: made, or failed for good); held print orders whose
    // review time ran out, to the lab
    await services.orderRefunds.resolvePending(atStart ? 0 : undefined);
    await services.organiserOrderActions.releaseDue();
  });
  const tick = (atStart = false) =>
    jobs
      .send(ORDERS_RECONCILE_QUEUE, { atStart }, { singletonKey: ORDERS_RECONCILE_QUEUE, retryLimit: 0 })
      .catch((error: unknown) => console.error('could not schedule order reconcile', error));
  void tick(true);
  const timer = setInterval(() => void tick(), RECONCILE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
