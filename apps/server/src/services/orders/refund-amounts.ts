/** A line's money as the order priced it (minor units). */
export interface LineMoney {
  id: number;
  kind: 'digital' | 'print';
  total: number;
}

/**
 * decision (issue 19): the order's discount is shared over its lines in proportion to their
 * totals (largest remainder, earlier lines first on a tie), so the shares add up to the discount
 * exactly and a line's refund is what its buyer paid for it. Shipping is never discounted.
 */
export function discountShares(lines: LineMoney[], discount: number): Map<number, number> {
  const shares = new Map<number, number>();
  const sum = lines.reduce((s, l) => s + l.total, 0);
  if (sum <= 0 || discount <= 0) {
    for (const l of lines) shares.set(l.id, 0);
    return shares;
  }
  const capped = Math.min(discount, sum);
  const exact = lines.map((l) => (l.total * capped) / sum);
  const floors = exact.map(Math.floor);
  let left = capped - floors.reduce((s, v) => s + v, 0);
  const order = exact
    .map((v, i) => ({ i, rest: v - Math.floor(v) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  for (const [i, l] of lines.entries()) shares.set(l.id, floors[i] ?? 0);
  return shares;
}

/** What each line gives back when refunded: its total less its share of the discount. */
export function lineNets(lines: LineMoney[], discount: number): Map<number, number> {
  const shares = discountShares(lines, discount);
  return new Map(lines.map((l) => [l.id, l.total - (shares.get(l.id) ?? 0)]));
}

export type RefundPlan =
  | { kind: 'ok'; lineAmounts: Record<string, number>; shipping: number; amount: number }
  | { kind: 'unknown_line'; lineId: number }
  | { kind: 'taken'; lineIds: number[] }
  | { kind: 'nothing_left' };

/**
 * The lines and amount of a refund: the asked lines, or (none asked) every line not refunded yet
 * with the shipping. Shipping and handling go back with the last print line, or with the whole
 * order. Never more than what is left: lines already refunded (or being refunded) are refused.
 */
export function planRefund(input: {
  lines: LineMoney[];
  discountTotal: number;
  /** Shipping and handling of the order. */
  shippingTotal: number;
  /** Lines of refunds that succeeded or are under way. */
  taken: Set<number>;
  shippingTaken: boolean;
  requested: number[] | undefined;
}): RefundPlan {
  const nets = lineNets(input.lines, input.discountTotal);
  const known = new Set(input.lines.map((l) => l.id));
  const unknown = input.requested?.find((id) => !known.has(id));
  if (unknown !== undefined) return { kind: 'unknown_line', lineId: unknown };
  const overlap = (input.requested ?? []).filter((id) => input.taken.has(id));
  if (overlap.length > 0) return { kind: 'taken', lineIds: overlap };
  const chosen = input.requested ?? input.lines.filter((l) => !input.taken.has(l.id)).map((l) => l.id);
  const after = new Set([...input.taken, ...chosen]);
  const prints = input.lines.filter((l) => l.kind === 'print');
  const lastPrints = prints.length > 0 && prints.every((l) => after.has(l.id));
  const shipping =
    !input.shippingTaken && (input.requested === undefined || lastPrints) ? input.shippingTotal : 0;
  const lineAmounts: Record<string, number> = {};
  for (const id of chosen) lineAmounts[String(id)] = nets.get(id) ?? 0;
  if (chosen.length === 0 && shipping === 0) return { kind: 'nothing_left' };
  const amount = Object.values(lineAmounts).reduce((s, v) => s + v, 0) + shipping;
  return { kind: 'ok', lineAmounts, shipping, amount };
}
