import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { RunningServer } from './server';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function asAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A PostgreSQL database of the test's own for a server that is killed and started again:
 * PostgreSQL keeps the data while the server is down, so the test can look at it meanwhile.
 */
export function scratchDatabase() {
  const name = `fotodrop_e2e_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    create: () => asAdmin(`create database ${name}`),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}

/** JSON calls to the API of whichever server `current` names (it changes at a restart). */
export function apiOf(current: () => RunningServer) {
  return async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${current().url}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
}

/** The e-mails the server has written to its outbox folder, as text. */
export async function outboxTexts(server: RunningServer): Promise<string[]> {
  const files = await readdir(join(server.dataDir, 'outbox')).catch(() => [] as string[]);
  return Promise.all(files.map((f) => readFile(join(server.dataDir, 'outbox', f), 'utf8')));
}
