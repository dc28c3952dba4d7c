import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, '../scripts/create-organisation.ts');
let dataDir: string;

/** The environment of this process, on the embedded database. */
function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return env;
}

/** The command as an operator types it, on its own embedded database. */
async function createOrganisation(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
      env: {
        ...withoutDatabaseUrl(),
        DATA_DIR: dataDir,
        PORT: '18997',
        PUBLIC_URL: 'https://photos.example.com',
      },
      timeout: 120_000,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, out: failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'create-org-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run create-organisation', () => {
  it('creates the organisation with a subdomain from its name and prints the owner invitation link', async () => {
    const first = await createOrganisation(
      '--name',
      'Lakeside Runs',
      '--owner',
      'Anna@Example.com',
      '--country',
      'at',
    );
    expect(first.code).toBe(0);
    expect(first.out).toContain('Organisation Lakeside Runs');
    expect(first.out).toContain('subdomain lakeside-runs');
    const link = /https:\/\/photos\.example\.com\/organiser\/invitation\?token=[\w-]+/.exec(first.out)?.[0];
    expect(link).toBeDefined();

    // the same subdomain again is refused with the reason, and nothing more is stored
    const again = await createOrganisation('--name', 'Lakeside Runs', '--owner', 'ben@example.com');
    expect(again.code).toBe(2);
    expect(again.out).toContain('This subdomain is already taken.');
    const bad = await createOrganisation('--name', 'Other', '--owner', 'not-an-email');
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--owner: email.invalid');

    const db = await openPglite(join(dataDir, 'db'));
    try {
      const orgs = await db.executeSql(
        "select app_name, country from organisations where app_name like 'lakeside%'",
      );
      const invitations = await db.executeSql('select email, role from organisation_invitations');
      expect(orgs.rows).toEqual([{ app_name: 'lakeside-runs', country: 'AT' }]);
      expect(invitations.rows).toEqual([{ email: 'anna@example.com', role: 'owner' }]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
