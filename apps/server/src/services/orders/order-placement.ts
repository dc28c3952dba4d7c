import { createHash, randomBytes } from 'node:crypto';
import type { CreateOrderBody } from '@fotodrop/contract';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import type { Db, Queryable } from '../../db/client';
import { ValidationError } from '../../http/errors';
import { cartRepository } from '../../repositories/cart.repository';
import { type OrderRow, ordersRepository } from '../../repositories/orders.repository';
import { vouchersRepository } from '../../repositories/vouchers.repository';
import type { AuthContext } from '../accounts/auth.service';
import { NoDeliveryError } from '../cart-print/shipping';
import { type OrderPricing, type PricedCart, VoucherError } from './order-pricing';
import type { PaymentOptions } from './payment-options';

export type Parsed = Omit<CreateOrderBody, 'platform' | 'save_card'> & { save_card: boolean };

export const REPLACED_MESSAGE = 'Replaced by a newer order.';

function fingerprint(priced: PricedCart, body: Parsed): string {
  const what = {
    lines: priced.lines.map((l) => [l.kind, l.cartItemId, l.orderType, l.mediaIds, l.print?.photos, l.total]),
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

/**
 * Step 1 of a pay press, in one transaction under the user's cart lock: price the cart and record
 * the order — or hand back the same order for the same press (double click, two tabs). Any other
 * order still waiting for its payment is replaced: it is cancelled here and gives its voucher use
 * back; the caller then cancels its payment at the provider before starting the new one.
 */
export function orderPlacement(deps: {
  db: Db;
  now: () => Date;
  pricing: OrderPricing;
  payments: PaymentRegistry;
  paymentOptions: PaymentOptions;
  /** An open order older than this is not reused: its payment is about to expire. */
  reuseForMs: number;
}) {
  async function priceFor(tx: Queryable, auth: AuthContext, body: Parsed) {
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
    return priced;
  }

  return {
    async place(
      auth: AuthContext,
      body: Parsed,
      linkBase: string,
    ): Promise<{ order: OrderRow; superseded: OrderRow[] }> {
      return deps.db.transaction(async (tx) => {
        await cartRepository(tx).lockUser(auth.user.id);
        const priced = await priceFor(tx, auth, body);
        const repo = ordersRepository(tx);
        const open = await repo.open(auth.user.id);
        const print = fingerprint(priced, body);
        const fresh = deps.now().getTime() - deps.reuseForMs;
        // The same press again; a payment already in its bank step (processing) is not reused: a new
        // press means the buyer left that step, so it is replaced like any other.
        const same = open.find(
          (o) => o.fingerprint === print && o.status === 'awaiting_payment' && o.createdAt.getTime() > fresh,
        );
        if (same) return { order: same, superseded: [] };
        const vouchers = vouchersRepository(tx);
        for (const old of open) {
          // An order paid a moment ago (its completion holds the row first) keeps its voucher use.
          if (await repo.close(old.id, 'cancelled', REPLACED_MESSAGE)) await vouchers.release(old.id);
        }
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
        // The voucher's use is held now, under its row lock: orders made at the same moment count
        // each other, and one that loses the race rolls back whole (nothing stored).
        const voucher = priced.voucher?.status === 'valid' ? priced.voucher.row : null;
        if (voucher && !(await vouchers.reserve(voucher, auth.user.id, order.id))) {
          throw new VoucherError('used');
        }
        return { order, superseded: open };
      });
    },
  };
}
export type OrderPlacement = ReturnType<typeof orderPlacement>;
