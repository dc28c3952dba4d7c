import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { readDrizzleTypesAsText } from './pglite-parsers';
import { withPreparedStatements } from './pglite-statements';
import { withStartupLock } from './startup-lock';
import * as schema from './tables';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

/** Runs raw SQL with positional parameters; what the job queue needs from the database. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /** For a PostgreSQL server: its connection string, so other engines (the job queue) can pool their own. */
  connectionString: string | null;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * decision: PGlite's Postgres caches 32 MB of pages, not Postgres' 128 MB (issue 17). It lives in
 * a WebAssembly memory that never shrinks, and the cache is the bulk of it: 157 → ~50 MB resident
 * after the demo. Page queries on a 61 MB table ran as fast with 32 MB as with 128 MB (16 MB took
 * twice as long); PGLITE_SHARED_BUFFERS_MB raises it for a large embedded installation.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;

/** Opens PGlite in `dataDir` (or in memory when null) and applies the migrations. */
export async function openPglite(
  dataDir: string | null,
  options: { sharedBuffersMB?: number } = {},
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const sharedBuffers = options.sharedBuffersMB ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB;
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    // pgvector ships with PGlite: the face index uses it there (`adapters/faces/pgvector-face-index.ts`).
    extensions: { vector },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}MB`],
  });
  await client.waitReady;
  const parsing = readDrizzleTypesAsText(client);
  const db = drizzlePglite(withPreparedStatements(client, parsing.drizzleOptions), { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    connectionString: null,
    // pg-boss sends multi-statement SQL without parameters, which only `exec` accepts.
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        const last = results.at(-1);
        const rows = last ? parsing.asBefore(last).rows : [];
        return { rows, rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
      }
      const result = parsing.asBefore(await client.query(text, values));
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    close: () => client.close(),
  };
}

/** Connects to a PostgreSQL server and applies the migrations (one process at a time). */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  const db = drizzlePg(pool, { schema });
  try {
    await withStartupLock(connectionString, 'migrate', () => migratePg(db, { migrationsFolder }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    connectionString,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}
