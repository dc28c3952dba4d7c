import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** A statement asked this often is prepared. */
const PREPARE_AFTER = 3;
/** Prepared statements live in the database session: a bound on what it holds. */
const MAX_PREPARED = 200;
/** Statement texts counted before they are prepared; forgotten beyond this (one-off texts). */
const MAX_COUNTED = 2000;

/**
 * PGlite's driver sends every query unnamed, so the embedded database parses and plans it on every
 * call; for the album's short statements that is most of the work (the album lookup: 0.6 ms, of
 * which 0.2 ms once prepared). A statement asked again and again is prepared once (`PREPARE`) and
 * run with `EXECUTE`, its arguments written as quoted literals, which PostgreSQL reads with each
 * parameter's own input function, as it reads a bound parameter sent as text. Arguments that are
 * not plain scalars or flat arrays of them, statements without arguments and statements that do not
 * prepare take the ordinary path. Through node-postgres, drizzle's named prepared statements do the
 * same on a PostgreSQL server.
 */
export function withPreparedStatements(
  client: PGlite,
  /** What the query's options become first (`readDrizzleTypesAsText`). */
  adjust: (options: QueryOptions | undefined) => QueryOptions | undefined = (options) => options,
): PGlite {
  const counted = new Map<string, number>();
  const prepared = new Map<string, string>();
  const refused = new Set<string>();

  const query: PGlite['query'] = async <T>(text: string, params?: unknown[], given?: QueryOptions) => {
    const options = adjust(given);
    const literals = params && params.length > 0 ? params.map(literal) : null;
    if (!literals || literals.includes(null) || refused.has(text)) return client.query(text, params, options);
    let name = prepared.get(text);
    if (!name) {
      const n = (counted.get(text) ?? 0) + 1;
      if (counted.size >= MAX_COUNTED) counted.clear();
      counted.set(text, n);
      if (n < PREPARE_AFTER || prepared.size >= MAX_PREPARED) return client.query(text, params, options);
      name = `fotodrop_statement_${prepared.size + 1}`;
      try {
        await client.query(`prepare ${name} as ${text}`);
      } catch {
        refused.add(text);
        return client.query(text, params, options);
      }
      prepared.set(text, name);
      counted.delete(text);
    }
    // Over the simple protocol: one message and a sync instead of parse, describe, bind, describe,
    // execute and sync for a statement that has no parameters left to bind. `exec` takes the same
    // locks as `query` (the transaction lock, then the query lock) in this PGlite (0.5).
    const results = await client.exec(`execute ${name}(${literals.join(', ')})`, options);
    return (results.at(-1) ?? { rows: [], fields: [] }) as Results<T>;
  };

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A quoted SQL literal (standard conforming strings: only quotes are doubled), or null when none fits. */
function literal(value: unknown): string | null {
  const text = textOf(value);
  if (text === undefined) return null;
  if (text === null) return 'NULL';
  return text.includes('\0') ? null : `'${text.replaceAll("'", "''")}'`;
}

/** The text a parameter is sent as; null for SQL NULL, undefined when it is not a plain value. */
function textOf(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      if (item === null) return 'NULL';
      if (typeof item === 'number') return Number.isFinite(item) ? String(item) : undefined;
      if (typeof item === 'string') return `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
      return undefined;
    });
    return items.includes(undefined) ? undefined : `{${items.join(',')}}`;
  }
  return undefined;
}
