import { decimalStringToMinor, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import { mercadoPagoFailureReason } from '@fotodrop/contract/rules/payment-failure';
import {
  InvalidWebhookSignatureError,
  MercadoPagoConfig,
  MPNotFoundError,
  Payment,
  PaymentRefund,
  Preference,
  WebhookSignatureValidator,
} from 'mercadopago';
// The SDK keeps its API address in a static; the only way to point it at a local fake (tests).
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { NotFoundError } from '../../http/errors';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type RefundLookup,
  RefundRefusedError,
  type WebhookEvent,
  WebhookSignatureError,
} from './payment-provider';

const refusalMessage = (error: unknown) =>
  error instanceof Error
    ? error.message
    : String((error as { message?: unknown }).message ?? 'Refund refused.');

export interface MercadoPagoProviderOptions {
  accessToken: string;
  publicKey: string | null;
  webhookSecret: string;
  /**
   * Tests only: the API's base URL (a local fake). The SDK reads it from a process-wide static, so
   * it applies to every Mercado Pago client of the process (an installation has one account).
   */
  apiBase?: string;
  /** Where Mercado Pago posts its notifications; by default our webhook on the return URL's origin. */
  notificationUrl?: string;
}

/** Our webhook route (app.ts registers it under /api). */
export const MERCADO_PAGO_WEBHOOK_PATH = '/api/payments/v1/mercado-pago/webhook/';

type MpPayment = {
  id?: number | string;
  status?: string;
  status_detail?: string;
  transaction_amount?: number;
  currency_id?: string;
  date_created?: string;
};

/** Mercado Pago's payment states in the provider interface's words. */
export function mercadoPagoStatusOf(status: string | undefined): ProviderPaymentStatus {
  switch (status) {
    case 'approved':
      return 'succeeded';
    case 'rejected':
      return 'failed';
    case 'cancelled':
    case 'refunded':
    case 'charged_back':
      return 'canceled';
    default:
      // pending (a ticket not paid yet), in_process (under review), authorized, in_mediation
      return 'processing';
  }
}

/** The payment that decides a preference's state: an approved one if any, else the latest attempt. */
function decisive(payments: MpPayment[]): MpPayment | null {
  const approved = payments.find((p) => p.status === 'approved');
  if (approved) return approved;
  const byDate = [...payments].sort((a, b) => (b.date_created ?? '').localeCompare(a.date_created ?? ''));
  return byDate[0] ?? null;
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const isLocal = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * Mercado Pago Checkout Pro through the official SDK: a preference (one line with the order
 * total) whose page the payer is sent to. Our payment's providerRef is the preference id; its
 * state is read from the payments Mercado Pago made for it, found by external_reference (the
 * order id), so the return page, the webhook and the reconciler all ask the same question.
 */
export function mercadoPagoPaymentProvider(options: MercadoPagoProviderOptions) {
  if (options.apiBase) (AppConfig as { BASE_URL: string }).BASE_URL = options.apiBase.replace(/\/$/, '');
  // A fresh config per call: the SDK merges each call's requestOptions (the idempotency key
  // included) into the config object it was given, so a shared one would replay the last key.
  const config = () =>
    new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout: 15_000 } });

  async function preferenceOf(preferenceId: string) {
    try {
      return await new Preference(config()).get({ preferenceId });
    } catch (error) {
      if (error instanceof MPNotFoundError) throw new NotFoundError('Payment not found.');
      throw error;
    }
  }

  async function paymentsOf(externalReference: string): Promise<MpPayment[]> {
    const found = await new Payment(config()).search({
      options: { external_reference: externalReference, sort: 'date_created', criteria: 'desc' },
    });
    return (found.results ?? []) as MpPayment[];
  }

  function notificationUrlFor(returnUrl: string): string | null {
    if (options.notificationUrl) return options.notificationUrl;
    const origin = new URL(returnUrl);
    // Mercado Pago refuses addresses it cannot reach; a local installation is told by the return page.
    return isLocal(origin) ? null : `${origin.origin}${MERCADO_PAGO_WEBHOOK_PATH}`;
  }

  const provider = {
    id: 'mercado-pago' as const,
    publicKey: options.publicKey,

    async create(input: CreatePaymentInput): Promise<ProviderPayment> {
      const back = (status: string) => `${input.returnUrl.replace(/\/$/, '')}/${status}`;
      const notificationUrl = notificationUrlFor(input.returnUrl);
      const preference = await new Preference(config()).create({
        body: {
          items: [
            {
              id: `order-${input.orderId}`,
              title: input.description,
              quantity: 1,
              unit_price: Number(minorToDecimalString(input.amountMinor, input.currency)),
              currency_id: input.currency,
            },
          ],
          payer: { email: input.customer.email, name: input.customer.name },
          external_reference: String(input.orderId),
          metadata: { order_id: input.orderId },
          back_urls: { success: back('success'), failure: back('failure'), pending: back('pending') },
          auto_return: 'approved',
          ...(notificationUrl ? { notification_url: notificationUrl } : {}),
        },
        requestOptions: { idempotencyKey: input.idempotencyKey },
      });
      if (!preference.id || !preference.init_point) throw new Error('Mercado Pago answered no preference');
      return {
        providerRef: preference.id,
        status: 'requires_action',
        clientSecret: null,
        redirectUrl: preference.init_point,
        message: null,
        amountMinor: input.amountMinor,
        currency: input.currency,
      };
    },

    async retrieve(providerRef: string): Promise<ProviderPayment> {
      const preference = await preferenceOf(providerRef);
      const item = preference.items?.[0];
      const currency = (item?.currency_id ?? 'BRL').toUpperCase();
      const payment = decisive(await paymentsOf(preference.external_reference ?? ''));
      const status: ProviderPaymentStatus = payment ? mercadoPagoStatusOf(payment.status) : 'requires_action';
      const paid = payment?.transaction_amount;
      return {
        providerRef,
        status,
        clientSecret: null,
        redirectUrl: status === 'requires_action' ? (preference.init_point ?? null) : null,
        // our reason for the rejection (issue 17), never Mercado Pago's words
        message: status === 'failed' ? mercadoPagoFailureReason(payment?.status_detail) : null,
        amountMinor: decimalStringToMinor(
          String(paid ?? (item?.unit_price ?? 0) * (item?.quantity ?? 1)),
          currency,
        ),
        currency: (payment?.currency_id ?? currency).toUpperCase(),
      };
    },

    /** Closes the preference's page and cancels a payment still waiting (a ticket not yet paid). */
    async cancel(providerRef: string, idempotencyKey: string): Promise<void> {
      const preference = await preferenceOf(providerRef);
      await new Preference(config()).update({
        id: providerRef,
        updatePreferenceRequest: {
          items: preference.items ?? [],
          expires: true,
          expiration_date_to: new Date().toISOString(),
        },
        requestOptions: { idempotencyKey: `${idempotencyKey}-expire` },
      });
      for (const payment of await paymentsOf(preference.external_reference ?? '')) {
        if (payment.status !== 'pending' && payment.status !== 'in_process') continue;
        await new Payment(config()).cancel({
          id: String(payment.id),
          requestOptions: { idempotencyKey: `${idempotencyKey}-${payment.id}` },
        });
      }
    },

    async refund(providerRef: string, amountMinor: number, idempotencyKey: string) {
      const preference = await preferenceOf(providerRef);
      const payments = await paymentsOf(preference.external_reference ?? '');
      // a partly refunded payment stays approved; a wholly refunded one is `refunded`
      const approved = payments.find((p) => p.status === 'approved');
      if (!approved) return { refundRef: null };
      const currency = (approved.currency_id ?? preference.items?.[0]?.currency_id ?? 'BRL').toUpperCase();
      try {
        const refund = await new PaymentRefund(config()).create({
          payment_id: String(approved.id),
          body: { amount: Number(minorToDecimalString(amountMinor, currency)) },
          requestOptions: { idempotencyKey },
        });
        if (refund.status === 'rejected' || refund.status === 'cancelled')
          throw new RefundRefusedError(`The refund was ${refund.status} by Mercado Pago.`);
        return {
          refundRef: refund.id === undefined ? `${approved.id}` : String(refund.id),
          pending: refund.status === 'in_process' || refund.status === 'pending',
        };
      } catch (error) {
        if (error instanceof RefundRefusedError) throw error;
        // Mercado Pago answered and refused (4xx: an amount above what is left): final.
        const status = (error as { status?: unknown } | null)?.status;
        if (typeof status === 'number' && status >= 400 && status < 500)
          throw new RefundRefusedError(refusalMessage(error));
        throw error;
      }
    },

    /**
     * Mercado Pago's refunds do not carry our key: the refund is one of the payment's refunds we do
     * not hold yet, of the same amount.
     */
    async findRefund(
      providerRef: string,
      wanted: { amountMinor: number; knownRefs: string[] },
    ): Promise<RefundLookup> {
      const preference = await preferenceOf(providerRef);
      const payments = await paymentsOf(preference.external_reference ?? '');
      const client = new PaymentRefund(config());
      for (const payment of payments) {
        const currency = (payment.currency_id ?? 'BRL').toUpperCase();
        for (const refund of await client.list({ payment_id: String(payment.id) })) {
          const ref = String(refund.id);
          if (wanted.knownRefs.includes(ref)) continue;
          if (decimalStringToMinor((refund.amount ?? 0).toFixed(4), currency) !== wanted.amountMinor)
            continue;
          if (refund.status === 'approved') return { state: 'succeeded', refundRef: ref };
          if (refund.status === 'in_process' || refund.status === 'pending')
            return { state: 'pending', refundRef: ref };
        }
      }
      return { state: 'none' };
    },

    /**
     * A notification is signed over `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the
     * webhook secret (the SDK's validator). Payment notifications name a payment; we answer the
     * preference of its order, which is the ref our payment is stored under.
     */
    async parseWebhook(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookEvent | null> {
      let body: { type?: string; data?: { id?: string | number } };
      try {
        body = JSON.parse(rawBody.toString('utf8')) as typeof body;
      } catch {
        throw new WebhookSignatureError('The notification is not JSON.');
      }
      const dataId = body.data?.id === undefined ? undefined : String(body.data.id);
      try {
        WebhookSignatureValidator.validate({
          xSignature: headerOf(headers, 'x-signature'),
          xRequestId: headerOf(headers, 'x-request-id'),
          dataId,
          secret: options.webhookSecret,
        });
      } catch (error) {
        if (error instanceof InvalidWebhookSignatureError) throw new WebhookSignatureError(error.message);
        throw error;
      }
      if (body.type !== 'payment' || !dataId) return null;
      const payment = await new Payment(config()).get({ id: dataId }).catch((error: unknown) => {
        // A payment Mercado Pago does not know (a test notification from its dashboard).
        if (error instanceof MPNotFoundError) return null;
        throw error;
      });
      if (!payment?.external_reference) return null;
      const found = await new Preference(config()).search({
        options: { external_reference: payment.external_reference },
      });
      const newest = [...(found.elements ?? [])].sort((a, b) =>
        b.date_created.localeCompare(a.date_created),
      )[0];
      return newest ? { providerRef: newest.id } : null;
    },
  } satisfies PaymentProvider;
  return provider;
}
export type MercadoPagoPaymentProvider = ReturnType<typeof mercadoPagoPaymentProvider>;
