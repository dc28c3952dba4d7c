import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { NoopCache } from 'drizzle-orm/cache/core/cache';
import { NoopLogger } from 'drizzle-orm/logger';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDrizzleTypesAsText } from './pglite-parsers';

describe('PGlite reading drizzle types as text', () => {
  const plain = new PGlite();
  const reading = new PGlite();
  let parsing: ReturnType<typeof readDrizzleTypesAsText>;
  beforeAll(async () => {
    await reading.waitReady;
    parsing = readDrizzleTypesAsText(reading);
  });
  afterAll(async () => {
    await plain.close();
    await reading.close();
  });

  const text = `select '2026-11-23 12:00:00.123456+01'::timestamptz as at, '2026-11-23 12:00'::timestamp as local,
    '2026-11-23'::date as day, '1 day 2 hours'::interval as span, 1.5::numeric as n,
    array['2026-11-23 12:00+00', null]::timestamptz[] as ats, array['2026-11-23']::date[] as days,
    array[1.5, 2]::numeric[] as ns, array[1, 2]::int[] as ids, 'x'::text as t, null::timestamptz as never`;

  // What drizzle's driver passes with its queries (and, to see drizzle's own, an upgrade included).
  const drizzle = new PglitePreparedQuery(
    plain,
    text,
    [],
    new NoopLogger(),
    new NoopCache(),
    undefined,
    undefined,
    undefined,
    undefined,
    true,
  ) as unknown as { queryConfig: QueryOptions; rawQueryConfig: QueryOptions };

  it("gives drizzle's queries the values drizzle's own parsers gave, without passing them", async () => {
    for (const options of [drizzle.queryConfig, drizzle.rawQueryConfig]) {
      const adjusted = parsing.drizzleOptions(options);
      expect(adjusted?.parsers).toBeUndefined();
      expect(adjusted?.rowMode).toBe(options.rowMode);
      const expected = await plain.query(text, [], options);
      expect((await reading.query(text, [], adjusted)).rows).toEqual(expected.rows);
    }
  });

  it('keeps parsers that are not exactly drizzle’s', () => {
    const options = { parsers: { 1184: (v: string) => `at ${v}` } };
    expect(parsing.drizzleOptions(options)).toBe(options);
  });

  it('gives raw SQL dates, timestamps and their arrays as the plain client does', async () => {
    const expected = (await plain.query(text)).rows;
    expect(expected[0]).toMatchObject({ at: expect.any(Date), ats: [expect.any(Date), null] });
    expect(parsing.asBefore(await reading.query(text)).rows).toEqual(expected);
    expect(parsing.asBefore((await reading.exec(text)).at(-1)!).rows).toEqual(expected);
  });
});
