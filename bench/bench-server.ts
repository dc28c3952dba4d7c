import { startJobQueue } from '../apps/server/src/adapters/jobs/job-queue';
import { localStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { createServices } from '../apps/server/src/services/services';

/**
 * The real app on `database`, listening on a free local port, as the benchmarks measure it: real
 * services and job queue, e-mail dropped, media in a temporary folder, no web build.
 */
export async function startBenchServer(database: Database) {
  const jobs = await startJobQueue(database);
  const storage = localStorage('/tmp/fotodrop-bench-media');
  const mediaSecret = 'bench-secret-0123456789abcdef0123';
  const services = createServices({
    db: database.db,
    jobs,
    storage,
    mediaSecret,
    config: { TOKEN_TTL_DAYS: 30, REQUIRED_POLICIES_VERSION: 1, OIDC_PROVIDERS: [] },
  });
  const app = await buildApp({
    database,
    services,
    mailer: { outboxDir: null, send: async () => {} },
    storage,
    mediaSecret,
    publicUrl: 'http://localhost',
    webDist: null,
    logLevel: 'silent',
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    services,
    async close() {
      await app.close();
      await jobs.stop();
    },
  };
}
