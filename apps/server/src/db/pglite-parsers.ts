import { type PGlite, type QueryOptions, type Results, types } from '@electric-sql/pglite';

/**
 * The types drizzle's PGlite driver reads as text: it passes these parsers with every query
 * (timestamps, dates, intervals and their arrays, numeric arrays), array type → element type.
 */
const TEXT_TYPES = new Map<number, number | null>([
  [types.TIMESTAMP, null],
  [types.TIMESTAMPTZ, null],
  [types.INTERVAL, null],
  [types.DATE, null],
  [1231, types.NUMERIC],
  [1115, types.TIMESTAMP],
  [1185, types.TIMESTAMPTZ],
  [1187, types.INTERVAL],
  [1182, types.DATE],
]);

type Parse = (text: string, typeId?: number) => unknown;

/**
 * decision (issue 20): PGlite merges a query's own parsers into the client's ~320 by spreading
 * them (`{...client.parsers, ...options.parsers}`) for every result, and drizzle passes its
 * parsers with every query: about 0.2 ms a statement, as much as running `select 1`. The client
 * reads drizzle's types as text itself instead, so drizzle's queries need no parsers of their own
 * (`drizzleOptions`); raw SQL on the client (`executeSql`: the job queue, the readiness route) gets
 * those columns parsed as before by `asBefore`. Call once the client is ready (its array parsers
 * are made at start).
 */
export function readDrizzleTypesAsText(client: PGlite) {
  const original = client.parsers as Record<number, Parse | undefined>;
  const before = new Map<number, Parse>();
  for (const [typeId, element] of TEXT_TYPES) {
    const scalar = original[element ?? typeId];
    // an array's parser reads its element's parser from the client when called: keep the old one
    const parse: Parse | undefined =
      element === null ? scalar : (text) => types.arrayParser(text, scalar ?? ((v: string) => v), typeId);
    if (parse) before.set(typeId, parse);
  }
  for (const typeId of TEXT_TYPES.keys()) original[typeId] = (text: string) => text;
  // drizzle makes its parsers once per prepared query: each object is looked at once
  const checked = new WeakMap<object, boolean>();

  return {
    /** A query's options without drizzle's parsers, which the client now applies itself. */
    drizzleOptions(options: QueryOptions | undefined): QueryOptions | undefined {
      const parsers = options?.parsers;
      if (!parsers) return options;
      let same = checked.get(parsers);
      if (same === undefined) {
        const keys = Object.keys(parsers);
        same = keys.length === TEXT_TYPES.size && keys.every((k) => TEXT_TYPES.has(Number(k)));
        checked.set(parsers, same);
      }
      if (!same) return options;
      const { parsers: _dropped, ...rest } = options;
      return rest;
    },
    /** A result of raw SQL as the client parsed it before: timestamps and dates as Date objects. */
    asBefore<T>(result: Results<T>): Results<T> {
      const columns = result.fields.filter((f) => before.has(f.dataTypeID));
      if (columns.length === 0 || result.rows.length === 0) return result;
      const rows = result.rows.map((row) => {
        const copy = { ...(row as Record<string, unknown>) };
        for (const { name, dataTypeID } of columns) {
          const value = copy[name];
          if (typeof value === 'string') copy[name] = before.get(dataTypeID)!(value, dataTypeID);
        }
        return copy as T;
      });
      return { ...result, rows };
    },
  };
}
