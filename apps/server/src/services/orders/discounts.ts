/** A voucher's effect (albums spec §3 "Voucher code"): free photos, a percentage, or an amount. */
export interface VoucherEffect {
  kind: 'free_photos' | 'percent' | 'amount';
  value: number;
}

export interface DiscountInput {
  /** The price of each photo bought one by one, in minor units (free-photo vouchers take from these). */
  photoUnitPrices: number[];
  /** Digital and print items, before discounts; shipping is never discounted. */
  subtotal: number;
  voucher: VoucherEffect | null;
  /** A valid campaign's percentage off. */
  campaignPercent: number | null;
}

export interface Discounts {
  voucher: number;
  campaign: number;
  total: number;
}

const percentOf = (minor: number, percent: number) =>
  Math.round((minor * Math.min(100, Math.max(0, percent))) / 100);

/**
 * decision: the voucher applies first — free photos are the most expensive picked photos, so the
 * user gets the most from it — and a campaign takes its percentage off what is left. The sum never
 * exceeds the subtotal: an order costs at least its shipping.
 */
export function computeDiscounts(input: DiscountInput): Discounts {
  let voucher = 0;
  if (input.voucher?.kind === 'free_photos') {
    const sorted = [...input.photoUnitPrices].sort((a, b) => b - a);
    voucher = sorted.slice(0, Math.max(0, input.voucher.value)).reduce((s, p) => s + p, 0);
  } else if (input.voucher?.kind === 'percent') {
    voucher = percentOf(input.subtotal, input.voucher.value);
  } else if (input.voucher?.kind === 'amount') {
    voucher = Math.max(0, input.voucher.value);
  }
  voucher = Math.min(voucher, input.subtotal);
  const campaign = input.campaignPercent ? percentOf(input.subtotal - voucher, input.campaignPercent) : 0;
  return { voucher, campaign, total: voucher + campaign };
}

/** Splits a total over `count` items so they add up exactly (the first ones take the remainder). */
export function splitEvenly(total: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(total / count);
  const rest = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < rest ? 1 : 0));
}
