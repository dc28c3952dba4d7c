import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from './client';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Several API and worker processes start at once against one new database (a first deploy):
// each applies the migrations at start, and every one of them must come up.
describe('processes starting together on an empty PostgreSQL database', () => {
  const name = `fotodrop_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;

  afterAll(() => admin((c) => c.query(`drop database if exists ${name} with (force)`)));

  it('all open it, the migrations applied once', async () => {
    await admin((c) => c.query(`create database ${name}`));
    const opened = await Promise.allSettled([1, 2, 3].map(() => openPostgres(url.toString())));
    for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
    expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    const applied = await admin(async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        return (rows[0] as { n: number }).n;
      } finally {
        await client.end();
      }
    });
    const journal = (await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } })).default;
    expect(applied).toBe(journal.entries.length);
  }, 120_000);
});
