import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MercadoPagoPaymentProvider,
  mercadoPagoPaymentProvider,
} from '../src/adapters/payments/mercado-pago-provider';
import { type CreatePaymentInput, WebhookSignatureError } from '../src/adapters/payments/payment-provider';
import { NotFoundError } from '../src/http/errors';
import { type FakeMercadoPagoApi, startFakeMercadoPagoApi } from './fakes/fake-mercado-pago-api';

const SECRET = 'mp-webhook-secret';

/** The Mercado Pago provider through the official SDK against a local fake of its API. */
describe('the Mercado Pago payment provider', () => {
  let fake: FakeMercadoPagoApi;
  let mp: MercadoPagoPaymentProvider;
  let nextOrder = 700;

  const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
    const orderId = over.orderId ?? nextOrder++;
    return {
      orderId,
      amountMinor: 4590,
      currency: 'BRL',
      method: 'mercado-pago',
      customer: { userId: 1, email: 'rita@example.com', name: 'Rita Runner' },
      saveCard: false,
      idempotencyKey: `order-${orderId}-payment`,
      returnUrl: 'https://fotos.example.com/checkout/mercado-pago',
      description: `Fotodrop order ${orderId}`,
      ...over,
    };
  };

  beforeAll(async () => {
    fake = await startFakeMercadoPagoApi();
    mp = mercadoPagoPaymentProvider({
      accessToken: fake.accessToken,
      publicKey: 'TEST-public',
      webhookSecret: SECRET,
      apiBase: fake.apiBase,
    });
  });
  afterAll(() => fake?.close());

  it('creates one preference per idempotency key: the order total, our return pages, our webhook', async () => {
    const first = await mp.create(input({ orderId: 42 }));
    const retry = await mp.create(input({ orderId: 42 }));
    expect(retry.providerRef).toBe(first.providerRef);
    expect(fake.preferences.size).toBe(1);
    expect(first).toMatchObject({
      status: 'requires_action',
      amountMinor: 4590,
      currency: 'BRL',
      clientSecret: null,
    });
    expect(first.redirectUrl).toBe(fake.preferences.get(first.providerRef)!.init_point);

    const preference = fake.preferences.get(first.providerRef)!;
    expect(preference.items).toEqual([
      { id: 'order-42', title: 'Fotodrop order 42', quantity: 1, unit_price: 45.9, currency_id: 'BRL' },
    ]);
    expect(preference.external_reference).toBe('42');
    expect(preference.back_urls).toEqual({
      success: 'https://fotos.example.com/checkout/mercado-pago/success',
      failure: 'https://fotos.example.com/checkout/mercado-pago/failure',
      pending: 'https://fotos.example.com/checkout/mercado-pago/pending',
    });
    expect(preference.auto_return).toBe('approved');
    expect(preference.notification_url).toBe(
      'https://fotos.example.com/api/payments/v1/mercado-pago/webhook/',
    );
    // The SDK would otherwise reuse the last call's key: each create sends its own.
    await mp.create(input({ orderId: 43 }));
    expect(fake.preferences.size).toBe(2);
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.idempotencyKey)).toEqual([
      'order-42-payment',
      'order-42-payment',
      'order-43-payment',
    ]);
  });

  it('reads a preference’s state from the payments made for its order', async () => {
    const { providerRef } = await mp.create(input());
    expect((await mp.retrieve(providerRef)).status).toBe('requires_action');

    fake.pay(providerRef, 'rejected', 'cc_rejected_insufficient_amount');
    expect(await mp.retrieve(providerRef)).toMatchObject({
      status: 'failed',
      // our reason, not a sentence (issue 17)
      message: 'insufficient_funds',
      redirectUrl: null,
    });
    fake.pay(providerRef, 'in_process', 'pending_review_manual');
    expect((await mp.retrieve(providerRef)).status).toBe('processing');
    fake.pay(providerRef, 'approved');
    expect(await mp.retrieve(providerRef)).toMatchObject({
      status: 'succeeded',
      amountMinor: 4590,
      currency: 'BRL',
    });
    await expect(mp.retrieve('no-such-preference')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refunds the approved payment and cancels what still waits', async () => {
    const paid = await mp.create(input());
    const payment = fake.pay(paid.providerRef, 'approved');
    await mp.refund(paid.providerRef, 1000, 'order-x-refund');
    await mp.refund(paid.providerRef, 1000, 'order-x-refund');
    expect(fake.refunds.filter((r) => r.paymentId === payment.id).map((r) => r.amount)).toEqual([10]);
    // its refunds carry no key: the look-up finds one we do not hold yet, of the amount
    const wanted = { idempotencyKey: 'order-x-refund', amountMinor: 1000 };
    const found = await mp.findRefund(paid.providerRef, { ...wanted, knownRefs: [] });
    expect(found.state).toBe('succeeded');
    const ref = found.state === 'succeeded' ? found.refundRef : '';
    expect(await mp.findRefund(paid.providerRef, { ...wanted, knownRefs: [ref] })).toEqual({ state: 'none' });
    expect(await mp.findRefund(paid.providerRef, { ...wanted, amountMinor: 999, knownRefs: [] })).toEqual({
      state: 'none',
    });

    const waiting = await mp.create(input());
    const ticket = fake.pay(waiting.providerRef, 'pending', 'pending_waiting_payment');
    await mp.cancel(waiting.providerRef, 'order-y-cancel');
    expect(fake.payments.get(ticket.id)!.status).toBe('cancelled');
    expect(fake.preferences.get(waiting.providerRef)!.expires).toBe(true);
    expect((await mp.retrieve(waiting.providerRef)).status).toBe('canceled');
  });

  it('reads signed payment notifications as their order’s preference, and refuses bad signatures', async () => {
    const { providerRef } = await mp.create(input());
    const payment = fake.pay(providerRef, 'approved');
    const good = fake.notification(payment.id, SECRET);
    expect(await mp.parseWebhook(Buffer.from(good.body), good.headers)).toEqual({ providerRef });

    const forged = fake.notification(payment.id, 'not-the-secret');
    await expect(mp.parseWebhook(Buffer.from(forged.body), forged.headers)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    // A valid signature for another payment does not cover this body.
    const other = fake.notification(payment.id + 1, SECRET);
    await expect(mp.parseWebhook(Buffer.from(good.body), other.headers)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(mp.parseWebhook(Buffer.from(good.body), {})).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
