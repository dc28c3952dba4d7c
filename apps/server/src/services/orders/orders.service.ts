import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateOrderBody,
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
import { DomainError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { cartRepository } from '../../repositories/cart.repository';
import { type OrderRow, ordersRepository, type PaymentRow } from '../../repositories/orders.repository';
import { usersRepository } from '../../repositories/users.repository';
import type { AuthContext } from '../accounts/auth.service';
import { assertNotImpersonated } from '../accounts/impersonation-audit';
import type { WrongGuessLimits } from '../albums/code-guess-limits';
import { NoDeliveryError } from '../cart-print/shipping';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { bankTransferEmail } from './bank-transfer-email';
import type { OrderCompletion } from './order-completion';
import { failureOf, orderDto } from './order-dto';
import { type OrderPricing, type PricedCart, VoucherError } from './order-pricing';
import type { PaymentOptions } from './payment-options';

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

/** Open payments are looked at again after this long without news from the provider. */
const RECONCILE_AFTER_MS = 60_000;
/** …and given up after a day: an abandoned test page or bank redirect. */
const RECONCILE_FOR_MS = 24 * 3_600_000;

type Parsed = Omit<CreateOrderBody, 'platform' | 'save_card'> & { save_card: boolean };

/**
 * Orders (albums spec §3 "Order", §4 "Payment"): the cart priced by the server becomes an order,
 * its payment is started at the method's provider, and its result is only ever read from the
 * provider — by the browser's confirm, the provider's webhook, or the reconcile job, in any order
 * and any number of times.
 */
export function ordersService(deps: {
  db: Db;
  jobs: JobQueue;
  now: () => Date;
  pricing: OrderPricing;
  payments: PaymentRegistry;
  paymentOptions: PaymentOptions;
  completion: OrderCompletion;
  voucherGuesses: WrongGuessLimits;
}) {
  /** Orders as their owner receives them: their lines and albums read once for all of them. */
  async function presentAll(orders: OrderRow[]): Promise<Order[]> {
    const repo = ordersRepository(deps.db);
    const lines = await repo.linesOf(orders.map((o) => o.id));
    const albums = await repo.albumsOf([
      ...new Set(lines.flatMap((l) => (l.checkinId === null ? [] : [l.checkinId]))),
    ]);
    const results: Order[] = [];
    for (const order of orders) {
      const own = lines.filter((l) => l.orderId === order.id);
      const ids = new Set(own.map((l) => l.checkinId));
      const account =
        order.paymentMethod === 'bank-transfer' ? await repo.bankAccountFor(order.organisationId) : null;
      results.push(
        orderDto(
          order,
          own,
          albums.filter((a) => ids.has(a.checkin_id)),
          account,
        ),
      );
    }
    return results;
  }

  async function present(order: OrderRow): Promise<Order> {
    const [dto] = await presentAll([order]);
    if (!dto) throw new Error('an order presents as one order');
    return dto;
  }

  function fingerprint(priced: PricedCart, body: Parsed): string {
    const what = {
      lines: priced.lines.map((l) => [
        l.kind,
        l.cartItemId,
        l.orderType,
        l.mediaIds,
        l.print?.photos,
        l.total,
      ]),
      total: priced.grandTotal,
      method: body.payment_method,
      bank: body.bank ?? null,
      card: body.saved_card_id ?? null,
      save: body.save_card,
      voucher: body.voucher_code ?? null,
      campaign: priced.campaign?.code ?? null,
      address: body.shipping_address ?? null,
      invoice: body.invoice ?? null,
    };
    return createHash('sha256').update(JSON.stringify(what)).digest('hex');
  }

  /** Step 1, under the user's cart lock: price the cart and record the order, or reuse the same one. */
  async function placeOrder(auth: AuthContext, body: Parsed, linkBase: string) {
    return deps.db.transaction(async (tx) => {
      await cartRepository(tx).lockUser(auth.user.id);
      const priced = await deps.pricing
        .price(tx, auth.user.id, {
          voucherCode: body.voucher_code,
          campaignCode: body.campaign_code,
          country: body.shipping_address?.country,
        })
        .catch((error: unknown) => {
          // The order form's field is the address's country.
          if (error instanceof NoDeliveryError)
            throw new NoDeliveryError(error.country, 'shipping_address.country');
          throw error;
        });
      deps.pricing.assertOrderable(priced);
      if (priced.hasPrint && !body.shipping_address) {
        throw new ValidationError(
          { 'shipping_address.country': ['shipping.country_required'] },
          'The Country field is required',
        );
      }
      const offered = await deps.paymentOptions.forCart(tx, priced);
      if (!offered.payment_methods.some((m) => m.id === body.payment_method)) {
        throw new ValidationError(
          { payment_method: ['payment.method_unavailable'] },
          'This payment method is not available for your cart.',
        );
      }
      const banks = offered.payment_methods.find((m) => m.id === body.payment_method)?.banks ?? [];
      if (banks.length > 0 && !banks.some((b) => b.id === body.bank)) {
        throw new ValidationError({ bank: ['payment.bank_required'] }, 'Select a bank');
      }
      const repo = ordersRepository(tx);
      const open = await repo.open(auth.user.id);
      if (open.some((o) => o.status === 'processing')) {
        throw new DomainError(
          409,
          ErrorCode.paymentInProgress,
          'A payment of yours is still being processed. Wait a moment and look at your orders.',
        );
      }
      const print = fingerprint(priced, body);
      const same = open.find((o) => o.fingerprint === print);
      if (same) return { order: same, superseded: [] as OrderRow[] };
      // A changed cart or method replaces the orders still waiting for a payment.
      for (const old of open)
        await repo.setStatus(old.id, 'failed', { failureMessage: 'Replaced by a newer order.' });
      const transfer = body.payment_method === 'bank-transfer';
      const order = await repo.insert(
        {
          userId: auth.user.id,
          organisationId: priced.organisationId,
          status: transfer && priced.grandTotal > 0 ? 'pending' : 'awaiting_payment',
          paymentMethod: body.payment_method,
          provider:
            priced.grandTotal === 0
              ? 'none'
              : (deps.payments.forMethod(body.payment_method)?.id ?? 'bank-transfer'),
          currency: priced.currency,
          digitalTotal: priced.digitalTotal,
          printTotal: priced.printTotal,
          shippingCosts: priced.shipping,
          handlingFee: priced.handlingFee,
          discountTotal: priced.discountTotal,
          grandTotal: priced.grandTotal,
          picacode: priced.albums[0]?.picacode ?? null,
          voucherCode: priced.voucher?.status === 'valid' ? priced.voucher.code : null,
          campaignCode: priced.campaign?.code ?? null,
          shippingAddress: body.shipping_address
            ? {
                ...body.shipping_address,
                full_name:
                  body.shipping_address.full_name ??
                  `${body.shipping_address.first_name} ${body.shipping_address.last_name}`,
              }
            : null,
          invoice: body.invoice ?? null,
          transferReference: transfer ? `FD-${randomBytes(5).toString('hex').toUpperCase()}` : null,
          fingerprint: print,
          linkBase,
        },
        priced.lines,
      );
      return { order, superseded: open };
    });
  }

  /** Undo of replaced orders: their payments are cancelled at the provider (best effort, logged). */
  async function cancelPayments(orders: OrderRow[]) {
    for (const old of orders) {
      for (const payment of await ordersRepository(deps.db).paymentsOf(old.id)) {
        const provider = deps.payments.byId(payment.provider);
        await provider
          ?.cancel(payment.providerRef, `order-${old.id}-cancel`)
          .catch((error: unknown) => console.error('could not cancel payment', payment.providerRef, error));
      }
    }
  }

  async function failWith(order: OrderRow, message: string): Promise<never> {
    await ordersRepository(deps.db).setStatus(order.id, 'failed', { failureMessage: message });
    throw new PaymentFailedError(message, order.id);
  }

  const service = {
    async create(auth: AuthContext, body: Parsed, ctx: { linkBase: string; ip: string }) {
      assertNotImpersonated(auth);
      const guesser = { ip: ctx.ip, userId: auth.user.id };
      if (body.voucher_code) await deps.voucherGuesses.assertOpen(guesser);
      const { order, superseded } = await placeOrder(auth, body, ctx.linkBase).catch(
        async (error: unknown) => {
          if (error instanceof VoucherError && error.voucherStatus === 'invalid')
            await deps.voucherGuesses.recordWrong(guesser);
          throw error;
        },
      );
      await cancelPayments(superseded);
      const none = { client_secret: null, redirect_url: null };
      if (order.grandTotal === 0) {
        await deps.completion.complete(order.id);
        return {
          order: await present((await ordersRepository(deps.db).find(order.id)) ?? order),
          payment: none,
        };
      }
      if (order.paymentMethod === 'bank-transfer') {
        await deps.completion.releaseCartOf(order.id);
        const dto = await present(order);
        await deps.jobs.send(MAIL_QUEUE, bankTransferEmail(auth.user, dto, order.linkBase), {
          singletonKey: `transfer-mail-${order.id}`,
        });
        return { order: dto, payment: none };
      }
      const provider = deps.payments.forMethod(order.paymentMethod);
      if (!provider) throw new Error(`no provider for ${order.paymentMethod}`);
      const repo = ordersRepository(deps.db);
      const [existing] = await repo.paymentsOf(order.id);
      let payment = existing;
      if (!payment) {
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
            returnUrl: returnUrlOf(order, ctx.linkBase),
            description: `Fotodrop order ${order.id}`,
          })
          .catch((error: unknown) => {
            if (error instanceof DomainError) throw error;
            const message = error instanceof Error ? error.message : 'The payment could not be started.';
            return failWith(order, message);
          });
        payment = await repo.insertPayment({
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
      if (payment.status !== 'requires_action')
        await service.syncPayment(payment.provider, payment.providerRef);
      const current = (await repo.find(order.id)) ?? order;
      if (current.status === 'failed')
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
      await service.syncPayment(payment.provider, payment.providerRef);
      const order = await repo.findOwn(auth.user.id, payment.orderId);
      if (!order) throw new NotFoundError('Payment not found.');
      if (order.status === 'failed')
        throw new PaymentFailedError(order.failureMessage ?? 'The payment failed.', order.id);
      return present(order);
    },

    /** Reads a payment's state from its provider and moves the order on. Idempotent; webhooks call it. */
    async syncPayment(providerId: string, providerRef: string): Promise<void> {
      const repo = ordersRepository(deps.db);
      const payment = await repo.paymentByRef(providerId, providerRef);
      const provider = deps.payments.byId(providerId);
      if (!payment || !provider) return;
      const remote = await provider.retrieve(providerRef);
      await repo.updatePayment(payment.id, { status: remote.status, message: remote.message });
      const order = await repo.find(payment.orderId);
      if (!order || order.status === 'paid') return;
      if (remote.status === 'succeeded') {
        if (remote.amountMinor !== order.grandTotal || remote.currency.toUpperCase() !== order.currency) {
          // Never fulfil what was not paid in full; give the money back.
          await provider.refund(providerRef, remote.amountMinor, `order-${order.id}-refund-mismatch`);
          await repo.setStatus(order.id, 'failed', {
            failureMessage: 'The amount paid does not match the order.',
          });
          return;
        }
        await deps.completion.complete(order.id);
      } else if (remote.status === 'failed' || remote.status === 'canceled') {
        await repo.setStatus(order.id, 'failed', {
          failureMessage: remote.message ?? 'The payment was not completed.',
        });
      } else if (remote.status === 'processing' && order.status === 'awaiting_payment') {
        await repo.setStatus(order.id, 'processing');
      }
    },

    async get(auth: AuthContext, id: number): Promise<Order> {
      const order = await ordersRepository(deps.db).findOwn(auth.user.id, id);
      if (!order) throw new NotFoundError('Order not found.');
      return present(order);
    },

    async list(auth: AuthContext, page: number, pageSize: number) {
      const { rows, total } = await ordersRepository(deps.db).page(auth.user.id, page, pageSize);
      return { results: await presentAll(rows), pagination: makePagination(total, page, pageSize) };
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

    /**
     * Asks providers about payments nobody told us about (lost webhook, closed tab, crash). At
     * start every open payment is asked about (`minAgeMs` 0): this process may have died mid-payment.
     */
    async reconcile(minAgeMs = RECONCILE_AFTER_MS): Promise<number> {
      const now = deps.now().getTime();
      const open = await ordersRepository(deps.db).openPayments(
        new Date(now - minAgeMs),
        new Date(now - RECONCILE_FOR_MS),
      );
      for (const payment of open) {
        await service
          .syncPayment(payment.provider, payment.providerRef)
          .catch((error: unknown) => console.error('reconcile failed for', payment.providerRef, error));
      }
      return open.length;
    },

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
