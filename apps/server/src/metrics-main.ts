import { ConfigError, loadConfig } from './config';
import { openPostgres } from './db/client';
import { startMetricsListener } from './metrics-listener';

/**
 * `npm run metrics`: the metrics listener as a process of its own (production, with PostgreSQL:
 * DATABASE_URL), run with METRICS_LISTENER=off on the API processes. It opens no job queue and no
 * services: a busy or stopped API does not touch it, and it does not touch the API.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    // The embedded database has one owner: the API process, which then runs the listener itself.
    throw new ConfigError(
      'npm run metrics needs DATABASE_URL (with PGlite the API process runs the listener).',
    );
  }
  const database = await openPostgres(config.DATABASE_URL);
  const app = await startMetricsListener(database.db, config);
  console.log(
    `  Fotodrop metrics listener on port ${config.METRICS_PORT} (browsers use ${config.metricsUrl})`,
  );
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
