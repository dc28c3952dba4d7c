import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS } from '../constants';
import { endpoint } from '../endpoint';
import { pageQuerySchema, paginated } from '../pagination';
import { routes } from '../routes';
import { PAYMENT_FAILURE_REASONS } from '../rules/payment-failure';
import { countryCode, currencyCode, dateTime, id, idParams, money } from './common';

const tag = 'Orders';

const required = z.string().trim().min(1, { message: 'field.required' });
const optionalText = z.string().trim().max(200).optional();

/** Shipping address of print products (albums spec §3). */
export const shippingAddressSchema = z.object({
  first_name: required.max(150),
  last_name: required.max(150),
  // decision: full_name and name_on_card are optional; the server derives full_name when absent.
  full_name: optionalText,
  name_on_card: optionalText,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'email.invalid' })),
  phone: required.max(40),
  street: required.max(200),
  number: required.max(20),
  zip_code: required.max(20),
  city: required.max(100),
  area: optionalText,
  country: z
    .string({ message: 'shipping.country_required' })
    .min(1, { message: 'shipping.country_required' })
    .regex(/^[A-Z]{2}$/, { message: 'country.invalid' }),
  country_of_residence: countryCode.optional(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** Optional invoice data. */
export const invoiceSchema = z.object({
  heading: required.max(200),
  vat_code: required.max(40),
  address: required.max(200),
  zip: required.max(20),
  city: required.max(100),
  country: countryCode,
});
export type Invoice = z.infer<typeof invoiceSchema>;

// decision: besides platform and campaign_code (the spec's payload) the order carries the rest of
// the checkout form — payment method, bank, saved card, shipping address, invoice and voucher —
// because no other call of the specs sends them.
export const createOrderBodySchema = z
  .object({
    platform: z.literal('site').default('site'),
    campaign_code: z.string().trim().min(1).max(64).optional(),
    payment_method: z.enum(PAYMENT_METHODS),
    bank: z.string().max(64).optional(),
    saved_card_id: z.string().max(255).optional(),
    save_card: z.boolean().default(false),
    voucher_code: z.string().trim().min(1).max(64).optional(),
    shipping_address: shippingAddressSchema.optional(),
    invoice: invoiceSchema.optional(),
  })
  .refine((b) => !(b.payment_method === 'ideal' || b.payment_method === 'p24') || Boolean(b.bank), {
    path: ['bank'],
    message: 'payment.bank_required',
  });
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

// decision: bank-transfer instructions shown on the success page of a pending order.
export const bankTransferSchema = z.object({
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
  reference: z.string(),
  amount: money,
});

// decision: order lines for the success page and the purchase tracking event.
export const orderLineSchema = z.object({
  kind: z.enum(['digital', 'print']),
  order_type: z.enum(ORDER_TYPES).nullable(),
  description: z.string(),
  quantity: z.number().int().min(1),
  total: money,
});

/** An order with the figures of the albums spec §3. */
export const orderSchema = z.object({
  id,
  status: z.enum(ORDER_STATUSES),
  created_at: dateTime,
  picacode: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  currency_name: currencyCode,
  currency_symbol: z.string(),
  grand_total: money,
  subtotal: money,
  digital_total: money,
  print_total: money,
  shipping_costs: money,
  handling_fee: money,
  discount_total: money,
  items_count: z.number().int().min(0),
  lines: z.array(orderLineSchema),
  bank_transfer: bankTransferSchema.nullable(),
  // decision: what the order unlocked, for "My orders": the albums it bought from, with links back.
  albums: z.array(z.object({ checkin_id: id, event_name: z.string(), picacode: z.string() })),
  paid_at: dateTime.nullable(),
  // decision: why a payment failed, in English (API clients, logs)…
  failure_message: z.string().nullable(),
  // …and as our reason (issue 17), which the web says in the user's language: never the provider's text.
  failure_reason: z.enum(PAYMENT_FAILURE_REASONS).nullable(),
  // decision (issue 17): signed thumbnails of the order's first photos for "My orders" (watermarked
  // until the order is paid); empty for print-only and package-only orders.
  thumbnails: z.array(z.object({ media_id: id, url: z.string() })).max(4),
});
export type Order = z.infer<typeof orderSchema>;

// decision: how the browser continues the payment: a Stripe client secret, a provider page to
// redirect to (Mercado Pago, iDEAL, Przelewy24), or nothing (bank transfer, fully discounted).
export const paymentActionSchema = z.object({
  client_secret: z.string().nullable(),
  redirect_url: z.string().nullable(),
});

export const createOrderResponseSchema = z.object({ order: orderSchema, payment: paymentActionSchema });

export const confirmPaymentBodySchema = z.object({
  transaction_id: z.string().min(1).max(255),
  payment_method: z.enum(PAYMENT_METHODS),
  // decision: provider data as strings (e.g. the query a provider appended to the return URL).
  extra_data: z.record(z.string(), z.string()).default({}),
});

export const ordersQuerySchema = pageQuerySchema(20, 100);
export const ordersPageSchema = paginated(orderSchema);

/** The test provider's view of one of its payment intents (its own page and card form). */
export const testIntentSchema = z.object({
  id: z.string(),
  status: z.enum(['requires_action', 'processing', 'succeeded', 'failed', 'canceled']),
  amount: money,
  currency: currencyCode,
  payment_method: z.enum(PAYMENT_METHODS),
  description: z.string(),
  message: z.string().nullable(),
  // issue 17: a failed intent's reason (the web translates it; `message` is its English)
  reason: z.enum(PAYMENT_FAILURE_REASONS).nullable(),
  // Where the test page sends the browser back after a redirect method.
  return_url: z.string().nullable(),
});
export const testIntentParamsSchema = z.object({ intent_id: z.string().regex(/^ti_[A-Za-z0-9]{16,64}$/) });
export const testConfirmBodySchema = z
  .object({
    // Card methods: the test card number (spaces allowed).
    card_number: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, { message: 'payment.card_invalid' }))
      .optional(),
    // Redirect methods (iDEAL, Przelewy24, Mercado Pago in test mode): the choice on the test page.
    outcome: z.enum(['authorize', 'fail']).optional(),
  })
  .refine((b) => Boolean(b.card_number) !== Boolean(b.outcome), {
    path: ['card_number'],
    message: 'payment.card_required',
  });

export const orderEndpoints = {
  orders: endpoint({
    ...routes.orders.orders,
    tag,
    access: 'user-with-policies',
    summary: "The user's orders, newest first (My orders)",
    query: ordersQuerySchema,
    response: ordersPageSchema,
  }),
  markPaid: endpoint({
    ...routes.orders.markPaid,
    tag,
    access: 'user',
    summary:
      'Mark a bank-transfer order paid (platform staff, or the organiser of its event: permission orders.manage)',
    params: idParams,
    response: orderSchema,
  }),
  testIntent: endpoint({
    ...routes.orders.testIntent,
    tag: 'Test payments',
    access: 'user',
    summary: 'A payment intent of the built-in test provider (only while it serves a method)',
    params: testIntentParamsSchema,
    response: testIntentSchema,
  }),
  testConfirm: endpoint({
    ...routes.orders.testConfirm,
    tag: 'Test payments',
    access: 'user',
    summary:
      'Pay a test intent: 4242424242424242 succeeds, 4000000000000002 declines, 4000000000003220 needs a second confirm',
    params: testIntentParamsSchema,
    body: testConfirmBodySchema,
    response: testIntentSchema,
  }),
  createOrder: endpoint({
    ...routes.orders.createOrder,
    tag,
    access: 'user-with-policies',
    status: 201,
    summary: 'Create the order of the cart and start its payment',
    body: createOrderBodySchema,
    response: createOrderResponseSchema,
  }),
  order: endpoint({
    ...routes.orders.order,
    tag,
    access: 'user-with-policies',
    summary: 'One order of the user',
    params: idParams,
    response: orderSchema,
  }),
  cancelOrder: endpoint({
    ...routes.orders.cancelOrder,
    tag,
    access: 'user-with-policies',
    summary:
      'Cancel an unpaid order of the user and its payment at the provider; idempotent (409 once paid or for a bank transfer)',
    params: idParams,
    response: orderSchema,
  }),
  confirmPayment: endpoint({
    ...routes.orders.confirmPayment,
    tag,
    access: 'user-with-policies',
    summary: 'Confirm a payment after the provider step; idempotent',
    body: confirmPaymentBodySchema,
    response: orderSchema,
  }),
};
