import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client';

/** Both backends every integration suite runs on: in-process PGlite and the local PostgreSQL server. */
export const BACKENDS = ['pglite', 'postgres'] as const;
export type Backend = (typeof BACKENDS)[number];

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends Database {
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = await openPglite(null);
    return { ...database, destroy: () => database.close() };
  }
  const name = `fotodrop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      try {
        // Connections still closing would be killed by a forced drop and surface as errors in
        // the test run: wait for them to go, force only as a last resort.
        for (let attempt = 0; ; attempt++) {
          try {
            await cleanup.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
            break;
          } catch (error) {
            if (attempt >= 50) throw error;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}
