import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-statements';

describe('PGlite statements prepared once', () => {
  const plain = new PGlite();
  const wrapped = withPreparedStatements(plain);
  afterAll(() => plain.close());

  const text = `select $1::text as t, $2::int as i, $3::numeric as n, $4::boolean as b, $5::text[] as a,
    $6::int[] as ia, $7::text as nothing, $8::timestamptz as at`;
  const tricky = [
    "it's \\ a 'quote'; drop table x; --",
    -42,
    1.5,
    false,
    ['a,b', 'c"d', 'e\\f', '{g}', "h'i", 'NULL', ''],
    [1, 2, 3],
    null,
    new Date('2026-11-23T12:00:00Z'),
  ];

  it('answers as the plain client does, with any text in its arguments, once prepared too', async () => {
    const expected = (await plain.query(text, tricky)).rows;
    for (let i = 0; i < 5; i++) expect((await wrapped.query(text, tricky)).rows).toEqual(expected);
    // without the date, every argument is a plain value: the statement is now prepared
    const plainArgs = tricky.slice(0, 7);
    const short = text.replace(', $8::timestamptz as at', '');
    const shortExpected = (await plain.query(short, plainArgs)).rows;
    for (let i = 0; i < 5; i++) expect((await wrapped.query(short, plainArgs)).rows).toEqual(shortExpected);
    const { rows } = await plain.query<{ n: number }>('select count(*)::int n from pg_prepared_statements');
    expect(rows[0]!.n).toBe(1);
  });

  it('takes the ordinary path for a statement that does not prepare', async () => {
    for (let i = 0; i < 5; i++)
      expect((await wrapped.query('select $1 as x', ['y'])).rows).toEqual([{ x: 'y' }]);
  });

  it('reports an error of the statement itself as the plain client would', async () => {
    const bad = 'select $1::int as i';
    for (let i = 0; i < 3; i++) await wrapped.query(bad, [1]);
    await expect(wrapped.query(bad, ['not a number'])).rejects.toThrow(/invalid input syntax/);
  });
});
