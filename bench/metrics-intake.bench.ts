// Intake of the metrics listener (POST /metric on its own Fastify instance and port) beside the
// main API's health route, on both databases. 50 clients post at once for a few seconds: batches
// of BATCH messages, each with its own id (stored once each), as browsers' queues send them.
// Reference in the same run, interleaved round by round: GET /api/health by 50 clients at once.
// Medians over the rounds; the intake's requests per second as a ratio of health's.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DEFAULT_EVENT_OWNER_ID } from '@fotodrop/contract';
import { buildMetricsApp } from '../apps/server/src/metrics-app';
import { photoServicesRepository } from '../apps/server/src/repositories/photo-services.repository';
import { seedBase } from '../apps/server/src/seed/demo';
import { metricIntake } from '../apps/server/src/services/metrics/metric-intake';
import { type Backend, createTestDatabase } from '../apps/server/test/databases';
import { startBenchServer } from './bench-server';
import { machine, median, writeSection } from './report';

const CLIENTS = 50;
const BATCH = Number(process.env.BATCH ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = Number(process.env.SECONDS ?? 3);
const BACKENDS = (process.env.BACKENDS ?? 'postgres,pglite').split(',') as Backend[];

/** An event with media 1 … BATCH: messages about unknown ones are dropped by the listener. */
const fixture = { eventId: 0 };
async function addEvent(database: Awaited<ReturnType<typeof createTestDatabase>>): Promise<void> {
  await seedBase(database.db);
  const event = await photoServicesRepository(database.db).insert({
    organisationId: DEFAULT_EVENT_OWNER_ID,
    slug: 'ab12cd34',
    name: 'Bench Run',
    experienceType: 'event',
    startDate: '2026-09-01',
    endDate: '2026-09-01',
    currency: 'EUR',
  });
  fixture.eventId = event.id;
  await database.executeSql(
    `insert into media (id, photo_service_id, type) select i, $1, 'photo' from generate_series(1, ${BATCH}) i`,
    [event.id],
  );
}

const batch = () =>
  JSON.stringify({
    messages: Array.from({ length: BATCH }, (_, i) => ({
      id: randomUUID(),
      type: 'media_viewed',
      event_id: fixture.eventId,
      media_id: i + 1,
      media_type: 'p',
      timestamp: new Date().toISOString(),
      platform: 's',
    })),
  });

/** CLIENTS loops sending `request` for SECONDS; answers the requests per second. */
async function load(request: () => Promise<void>): Promise<number> {
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        await request();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function measure(backend: Backend) {
  const database = await createTestDatabase(backend);
  try {
    const server = await startBenchServer(database);
    await addEvent(database);
    const metrics = await buildMetricsApp({
      intake: metricIntake({ db: database.db }),
      publicUrl: 'http://localhost',
      ratePerMinute: 10_000_000,
      // the bench measures the intake itself, not the budget that protects it
      messagesPerMinute: 1_000_000_000,
      logLevel: 'silent',
    });
    await metrics.listen({ port: 0, host: '127.0.0.1' });
    const metricUrl = `http://127.0.0.1:${(metrics.server.address() as AddressInfo).port}/metric`;
    const count = async () =>
      Number(
        ((await database.executeSql('select count(*)::int as n from metric_events')).rows[0] as { n: number })
          .n,
      );
    const health: number[] = [];
    const intake: number[] = [];
    const busy: number[] = [];
    let sent = 0;
    const healthCall = async () => {
      const res = await fetch(`${server.address}/api/health`);
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      await res.arrayBuffer();
    };
    const metricCall = async () => {
      const res = await fetch(metricUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: batch(),
      });
      const body = (await res.json()) as { accepted: number };
      if (res.status !== 200 || body.accepted !== BATCH)
        throw new Error(`metric answered ${res.status}: ${JSON.stringify(body)}`);
      sent += BATCH;
    };
    for (let round = 0; round < ROUNDS; round++) {
      health.push(await load(healthCall));
      intake.push(await load(metricCall));
      // the intake while another 50 clients keep the API busy at the same time
      const [, underLoad] = await Promise.all([load(healthCall), load(metricCall)]);
      busy.push(underLoad);
    }
    const stored = await count();
    if (stored !== sent) throw new Error(`${sent} messages accepted, ${stored} stored`);
    await metrics.close();
    await server.close();
    return { health, intake, busy, stored };
  } finally {
    await database.destroy();
  }
}

const sections: string[] = [];
for (const backend of BACKENDS) {
  const { health, intake, busy, stored } = await measure(backend);
  const h = median(health);
  const m = median(intake);
  const b = median(busy);
  sections.push(
    [
      `#### ${backend === 'postgres' ? 'PostgreSQL 15 (a server on the same machine)' : 'PGlite (in the server process)'}`,
      '',
      '| requests by 50 clients at once | requests/s (median) | messages/s | × health |',
      '| --- | --- | --- | --- |',
      `| \`GET /api/health\` (reference, interleaved) | ${h.toFixed(0)} | – | 1.0× |`,
      `| \`POST /metric\` (${BATCH} messages each) | ${m.toFixed(0)} | ${(m * BATCH).toFixed(0)} | ${(m / h).toFixed(2)}× |`,
      `| \`POST /metric\` while 50 more clients call the API | ${b.toFixed(0)} | ${(b * BATCH).toFixed(0)} | ${(b / h).toFixed(2)}× |`,
      '',
      `${stored.toLocaleString('en')} messages accepted and stored, each once (counted after the run).`,
    ].join('\n'),
  );
  console.error(`${backend} done`);
}
writeSection(
  'metrics-intake',
  `### Metrics intake (\`npm run bench:metrics\`)

Machine: ${machine()}. The metrics listener (its own Fastify instance and port, as on METRICS_PORT)
over the same database as the API. ${ROUNDS} rounds of ${SECONDS} s each: first 50 clients call the
API's health route, then 50 clients post batches of ${BATCH} new messages (each with its own id;
inserted by the listener in one statement per few milliseconds), then both at once (the intake while
the API is busy; with PGlite both share one process and one database). Medians over the rounds;
"× health" is the intake's requests per second over the health route's.

${sections.join('\n\n')}`,
);
