import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { argon2Hasher } from './adapters/password-hasher';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { withStartupLock } from './db/startup-lock';
import { findFfmpeg } from './media/ffmpeg';
import { startMetricsListener } from './metrics-listener';
import { openRuntime, registerWorkers } from './runtime';
import { applySsoIntegrations, DEMO_USERS, seedBase, seedDemo } from './seed/demo';
import { seedDemoAfterStart } from './seed/demo-after-start';
import { DEMO_CODES } from './seed/demo-events';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const runtime = await openRuntime(config);
  // API processes started together (behind one load balancer) seed one after the other.
  await withStartupLock(runtime.database.connectionString, 'seed', async () => {
    await seedBase(runtime.database.db);
    if (config.SEED_DEMO) await seedDemo(runtime.database.db, argon2Hasher, config.REQUIRED_POLICIES_VERSION);
    await applySsoIntegrations(runtime.database.db, config.SSO_INTEGRATIONS);
  });

  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const defaultDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const webDist = config.WEB_DIST ?? (existsSync(defaultDist) ? defaultDist : null);
  const { services } = runtime;
  const app = await buildApp({
    database: runtime.database,
    services,
    mailer: runtime.mailer,
    storage: runtime.storage,
    uploadStore: runtime.uploadStore,
    ...(runtime.uploadLocker ? { uploadLocker: runtime.uploadLocker } : {}),
    mediaSecret: runtime.mediaSecret,
    publicUrl,
    webDist,
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    metricsUrl: config.metricsUrl,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Its own instance and port: the API does not wait on it, and a failure to start it is only logged.
  const metrics =
    config.METRICS_LISTENER === 'inline'
      ? await startMetricsListener(runtime.database.db, config).catch((error: unknown) => {
          app.log.error({ err: error }, 'the metrics listener did not start');
          return null;
        })
      : null;
  if (config.WORKERS === 'inline') await registerWorkers(runtime);
  if (config.SEED_DEMO) {
    seedDemoAfterStart(runtime.database.db, services, {
      photos: config.DEMO_PHOTOS,
      sales: config.DEMO_SALES,
      linkBase: publicUrl,
      requiredPoliciesVersion: config.REQUIRED_POLICIES_VERSION,
      onSales: (orders, ms) => app.log.info({ orders, ms }, 'a month of demo sales added'),
    }).then(
      (added) => added > 0 && app.log.info({ added }, 'demo photos queued for processing'),
      (error: unknown) => app.log.error({ err: error }, 'demo photos or sales could not be added'),
    );
  }

  const lines = [
    '',
    `  Fotodrop is running at ${publicUrl}`,
    `  Branded demo organisation: http://alpinerun.localhost:${config.PORT}`,
    `  API reference: ${publicUrl}/api/docs`,
    `  Metrics: ${config.metricsUrl}${metrics ? '' : config.METRICS_LISTENER === 'off' ? ' (npm run metrics)' : ' (not started, see the log)'}`,
    `  Database: ${runtime.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Media: ${config.storage.kind === 'local' ? `folder ${config.storage.dir}` : `S3 bucket ${config.storage.bucket}${config.storage.prefix ? `/${config.storage.prefix}` : ''}`}`,
    `  Videos: ${(await findFfmpeg()) ? 'processed with ffmpeg' : 'refused (ffmpeg not found; apt-get install ffmpeg)'}`,
    `  E-mail: ${runtime.mailer.outboxDir ? `written to ${runtime.mailer.outboxDir} (platform staff: ${publicUrl}/api/dev/mailbox)` : 'SMTP'}`,
    ...(config.SEED_DEMO
      ? [
          '  Demo logins:',
          ...DEMO_USERS.map((u) => `    ${u.email} / ${u.password}`),
          '  Demo album codes:',
          `    ${DEMO_CODES.marathonRunner}  marathon runner`,
          `    ${DEMO_CODES.hotelRoom}  hotel room (asks for the name on the booking)`,
          `    ${DEMO_CODES.trailRunner}  trail run of the branded club (asks for the distance)`,
          `    ${DEMO_CODES.nightRunner}  upcoming night run (not started yet)`,
        ]
      : []),
    `  Ready in ${Math.round(performance.now() - startedAt)} ms`,
    '',
  ];
  console.log(lines.join('\n'));
  if (!webDist) console.warn('  The web app is not built: run `npm run build` (npm start does it for you).');

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await metrics?.close();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
