import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import drizzleConfig from '../drizzle.config';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const MIGRATIONS_DIR = resolve(SERVER_DIR, drizzleConfig.out ?? 'drizzle');
const schemaFiles = [drizzleConfig.schema ?? []].flat().map((file) => resolve(SERVER_DIR, file));

/**
 * What `npm run db:generate -w apps/server` would write for the schema as it is: run against a
 * copy of the committed migrations (SQL, snapshots, journal), so the working tree is never touched.
 * Returns the files it added to the copy.
 */
async function generateIntoCopy(): Promise<{ added: string[]; dir: string; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'fotodrop-migrations-'));
  const out = join(dir, 'drizzle');
  await cp(MIGRATIONS_DIR, out, { recursive: true });
  const before = new Set(await readdir(out, { recursive: true }));
  // a config of our own that only moves `out`; drizzle-kit reads `out` relative to its working
  // directory, and the config file needs no import so that it loads from outside the project
  const configFile = join(dir, 'drizzle.check.config.ts');
  const config = { dialect: drizzleConfig.dialect, schema: schemaFiles, out: relative(SERVER_DIR, out) };
  await writeFile(configFile, `export default ${JSON.stringify(config)};\n`);
  // the package exports no bin path; its command line sits beside its main entry
  const bin = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
  const run = promisify(execFile)(process.execPath, [bin, 'generate', '--config', configFile], {
    cwd: SERVER_DIR,
    timeout: 120_000,
  });
  // no input: a question (e.g. "is this column renamed?") ends the run instead of waiting
  run.child.stdin?.end();
  const { stdout, stderr } = await run;
  const added = (await readdir(out, { recursive: true })).filter((f) => !before.has(f));
  return { added, dir, output: stdout + stderr };
}

describe('migrations and schema', () => {
  const temporary: string[] = [];
  afterAll(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('agree: drizzle-kit generate finds nothing to migrate (else run db:generate and commit the migration)', async () => {
    const { added, dir, output } = await generateIntoCopy();
    temporary.push(dir);
    const sql = await Promise.all(
      added.filter((f) => f.endsWith('.sql')).map((f) => readFile(join(dir, 'drizzle', f), 'utf8')),
    );
    expect({ added, sql }).toEqual({ added: [], sql: [] });
    expect(output).toContain('No schema changes');
  }, 150_000);

  it('apply every migration file: the journal lists each SQL file once, in order', async () => {
    const journal = JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((_, i) => i));
  });
});
