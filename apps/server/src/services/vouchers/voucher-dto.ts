import {
  decimalStringToMinor,
  minorToDecimalString,
  type OrganiserVoucher,
  type VoucherKind,
  type VoucherState,
} from '@fotodrop/contract';
import type { VoucherWithUses } from '../../repositories/organiser-vouchers.repository';
import type { VoucherRow } from '../../repositories/vouchers.repository';

type StoredKind = VoucherRow['kind'];

// decision (issue 19): the console's kinds are percentage / fixed / free_photos; the table keeps
// its names percent / amount / free_photos (the checkout, the seed and the tests read them), so
// the two are mapped here and nowhere else.
const TO_STORED: Record<VoucherKind, StoredKind> = {
  percentage: 'percent',
  fixed: 'amount',
  free_photos: 'free_photos',
};
const TO_WIRE: Record<StoredKind, VoucherKind> = {
  percent: 'percentage',
  amount: 'fixed',
  free_photos: 'free_photos',
};

export const storedKind = (kind: VoucherKind): StoredKind => TO_STORED[kind];
export const wireKind = (kind: StoredKind): VoucherKind => TO_WIRE[kind];

/** A fixed amount's currency when the voucher has none stored (rows made before currencies were kept). */
const FALLBACK_CURRENCY = 'EUR';

/** The value as the console shows it: a decimal amount for a fixed voucher, a whole number otherwise. */
export function wireValue(row: Pick<VoucherRow, 'kind' | 'value' | 'currency'>): number | string {
  return row.kind === 'amount'
    ? minorToDecimalString(row.value, row.currency ?? FALLBACK_CURRENCY)
    : row.value;
}

/** The value as stored: minor units of `currency` for a fixed voucher (already checked by the contract). */
export function storedValue(kind: VoucherKind, value: number | string, currency: string | null): number {
  if (kind === 'fixed') return decimalStringToMinor(String(value), currency ?? FALLBACK_CURRENCY);
  return Number(value);
}

/** Where a voucher stands: deactivated, past its end, not started, every use taken, or active. */
export function voucherState(v: VoucherWithUses, now: Date): VoucherState {
  if (v.deactivatedAt) return 'deactivated';
  if (v.validTo && v.validTo < now) return 'expired';
  if (v.validFrom && v.validFrom > now) return 'scheduled';
  if (v.maxUses !== null && v.uses + v.held >= v.maxUses) return 'used_up';
  return 'active';
}

export function presentVoucher(v: VoucherWithUses, now: Date): OrganiserVoucher {
  return {
    id: v.id,
    code: v.code,
    kind: wireKind(v.kind),
    value: wireValue(v),
    currency: v.kind === 'amount' ? (v.currency ?? FALLBACK_CURRENCY) : null,
    max_uses: v.maxUses,
    max_uses_per_account: v.maxUsesPerAccount,
    valid_from: v.validFrom?.toISOString() ?? null,
    valid_to: v.validTo?.toISOString() ?? null,
    events: v.events,
    state: voucherState(v, now),
    deactivated_at: v.deactivatedAt?.toISOString() ?? null,
    uses: v.uses,
    held: v.held,
    created_at: v.createdAt.toISOString(),
  };
}
