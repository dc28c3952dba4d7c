import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import { buildMetricsApp } from './metrics-app';
import { metricIntake } from './services/metrics/metric-intake';

/**
 * Starts the metrics listener on METRICS_PORT over `db`: the API process' own database when
 * started by `main.ts` (the embedded PGlite has one owner), or a process of its own
 * (`npm run metrics`, PostgreSQL). Closing it writes the messages still waiting.
 */
export async function startMetricsListener(db: Db, config: ServerConfig): Promise<FastifyInstance> {
  const app = await buildMetricsApp({
    intake: metricIntake({ db }),
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    otherOrigins: config.PUBLIC_ORIGINS,
    ratePerMinute: config.METRICS_RATE_PER_MINUTE,
    messagesPerMinute: config.METRICS_MESSAGES_PER_MINUTE,
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
  });
  await app.listen({ port: config.METRICS_PORT, host: config.HOST });
  return app;
}
