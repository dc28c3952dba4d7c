import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../src/db/client';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const sharedBuffers = async (db: Database) =>
  ((await db.executeSql('SHOW shared_buffers')).rows[0] as { shared_buffers: string }).shared_buffers;

// PGlite's page cache lives in a WebAssembly memory that never shrinks: its size is the embedded
// server's floor of memory at rest (issue 17).
describe("PGlite's page cache", () => {
  it('is 32 MB, not the 128 MB Postgres starts with', async () => {
    database = await openPglite(null);
    expect(await sharedBuffers(database)).toBe('32MB');
  });

  it('takes the size it is given', async () => {
    database = await openPglite(null, { sharedBuffersMB: 64 });
    expect(await sharedBuffers(database)).toBe('64MB');
  });
});
