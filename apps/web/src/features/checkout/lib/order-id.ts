/** Reads ?order= as an order id, or null. */
export function orderIdOf(search: URLSearchParams): number | null {
  const id = Number(search.get('order'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
