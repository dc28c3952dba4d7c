import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_DEMO_PHOTOS, processedDemoCopy } from './demo-data';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Milliseconds from spawning the process to the first 200 of /api/health. */
  startupMs: number;
  output: () => string;
  /** Stops the process; `keepData` leaves the data folder for a restart; `kill` ends it at once (a crash). */
  stop(options?: { keepData?: boolean; kill?: boolean }): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the real server exactly as `npm start` runs it (built web app, embedded PGlite in a fresh
 * data folder, demo data), on a free port. `reuse` starts it on a given port and/or data folder.
 * Asked for `E2E_DEMO_PHOTOS` demo photos on PGlite, it starts on a copy of the run's processed
 * demo (`demo-data.ts`); any other number is seeded and processed after the start, as `npm start` does.
 */
export async function startServer(
  env: Record<string, string> = {},
  reuse: { port?: number; dataDir?: string } | null = null,
): Promise<RunningServer> {
  const port = reuse?.port ?? (await freePort());
  const processedDemo = !reuse?.dataDir && !env.DATABASE_URL && env.DEMO_PHOTOS === String(E2E_DEMO_PHOTOS);
  const dataDir =
    reuse?.dataDir ??
    (processedDemo
      ? await processedDemoCopy((making) => startServer(env, { dataDir: making }))
      : await mkdtemp(join(tmpdir(), 'fotodrop-e2e-')));
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      // the metrics listener's own port: free too, so servers never share one
      METRICS_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Demo photos are generated in the background; a test that needs them asks for some.
      DEMO_PHOTOS: '0',
      // the demo's month of orders would change the figures the console's journeys check
      DEMO_SALES: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const url = `http://localhost:${port}`;
  // generous (under the hook timeout of 180 s): on a machine shared with other test runs a start took
  // over 90 s; E2E_SERVER_START_MS waits longer (with vitest's --hookTimeout raised to match)
  const waitMs = Number(process.env.E2E_SERVER_START_MS ?? 170_000);
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      // a server that never answered is stopped, not left running after the failed file
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${waitMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    port,
    dataDir,
    startupMs,
    output: () => log,
    async stop({ keepData = false, kill = false } = {}) {
      if (child.exitCode === null) {
        child.kill(kill ? 'SIGKILL' : 'SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
