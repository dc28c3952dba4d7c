import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { call } from './harness';

/**
 * The buyer's cart becomes an order paid with the test provider's succeeding card, the way the
 * checkout page does it (create, confirm the intent, confirm the payment); the order's id. An order
 * that waits for a bank transfer (`payment_method` in `body`) is returned unpaid.
 */
export async function payCart(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  const created = await call(
    app,
    'POST',
    '/api/v3/orders/',
    { payment_method: 'stripe', ...body },
    { token },
  );
  expect(created.status).toBe(201);
  const order = created.body.order as { id: number; status: string };
  if (order.status === 'pending') return order.id;
  const intent = (created.body.payment as { client_secret: string }).client_secret;
  await call(
    app,
    'POST',
    `/api/test-payments/v1/intents/${intent}/confirm/`,
    { card_number: TEST_CARDS.succeeds },
    { token },
  );
  const confirmed = await call(
    app,
    'POST',
    '/api/v3/orders/confirm-payment/',
    { transaction_id: intent, payment_method: 'stripe' },
    { token },
  );
  expect(confirmed.body.status).toBe('paid');
  return order.id;
}
