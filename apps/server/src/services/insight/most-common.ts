/** The value seen most often (ties: the one seen first); undefined for an empty list. */
export function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  for (const [value, n] of counts) if (best === undefined || n > (counts.get(best) ?? 0)) best = value;
  return best;
}
