// The insight dashboards (issue 19) with 100,000 metric events and 10,000 paid orders in one event,
// timed against the readiness route (`GET /api/health/ready`: one database round trip) in the same
// run. Part of `npm run bench:orders`.
import { argon2Hasher } from '../apps/server/src/adapters/password-hasher';
import type { Database } from '../apps/server/src/db/client';
import { seedBase, seedDemo } from '../apps/server/src/seed/demo';
import { metricDailyService } from '../apps/server/src/services/metrics/metric-daily.service';
import { startBenchServer } from './bench-server';
import { median } from './report';

export const METRIC_EVENTS = 100_000;
export const ORDERS = 10_000;
const PARTICIPANTS = 2_000;
/** The days the activity is spread over, ending today. */
const DAYS = 60;
/** Row g's moment: one of the last DAYS days, at a time of day of its own, a minute ago at the latest. */
const SPREAD = `now() - interval '1 minute' - ((g % ${DAYS}) || ' days')::interval - ((g * 7919 % 86400) || ' seconds')::interval`;
const ORGANISER = { username: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' };

const one = async <T>(database: Database, text: string, params: unknown[] = []) =>
  (await database.executeSql(text, params)).rows[0] as T;

/**
 * The demo, and in its marathon: 2,000 participants with an album each, 10,000 paid orders of
 * their albums over the last 60 days (one line each, a tenth with a second line of the hotel stay,
 * so some orders are split between two events), and 100,000 usage messages (views, downloads,
 * shares, a tenth with campaign tags) counted into the daily roll-ups by the real job.
 */
export async function seedDashboardEvent(
  database: Database,
): Promise<{ eventId: number; organisationId: number }> {
  await seedBase(database.db);
  await seedDemo(database.db, argon2Hasher, 1);
  const event = await one<{ id: number; organisation_id: number }>(
    database,
    "select id, organisation_id from photo_services where slug = '5e1a0c3d'",
  );
  const hotel = await one<{ id: number }>(database, "select id from photo_services where slug = '9b4f7e21'");
  const code = await one<{ id: number }>(database, "select id from picacodes where code = 'K7M2Q9P'");
  const room = await one<{ id: number }>(database, "select id from picacodes where code = 'ROOM204B'");
  await database.executeSql(
    `insert into media (photo_service_id, type, status, tags, width, height)
     select $1, 'photo', 'ready', array['bib-1042'], 1600, 1067 from generate_series(1, 500)`,
    [event.id],
  );
  await database.executeSql(
    `insert into users (email) select 'bench-' || g || '@example.test' from generate_series(1, $1::int) g`,
    [PARTICIPANTS],
  );
  const since = `now() - interval '${DAYS} days'`;
  for (const [serviceId, codeId] of [
    [event.id, code.id],
    [hotel.id, room.id],
  ]) {
    await database.executeSql(
      `insert into checkins (user_id, picacode_id, photo_service_id, status, created_at)
       select u.id, $1, $2, 'complete', ${since} + (random() * interval '${DAYS} days')
         from users u where u.email like 'bench-%'`,
      [codeId, serviceId],
    );
  }
  await database.executeSql(
    `insert into orders (user_id, organisation_id, status, payment_method, provider, currency, digital_total,
        print_total, shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base,
        created_at, paid_at)
     select u.id, $2, 'paid', 'stripe', 'test', 'EUR', 990 + (g % 7) * 500, 0, 0, 0, (g % 5) * 100,
            990 + (g % 7) * 500 - (g % 5) * 100, 'bench-' || g, 'http://localhost', ${SPREAD}, ${SPREAD}
       from generate_series(1, $1::int) g
       join lateral (select id from users where email = 'bench-' || (1 + g % ${PARTICIPANTS}) || '@example.test') u on true`,
    [ORDERS, event.organisation_id],
  );
  await database.executeSql(
    `insert into order_lines (order_id, kind, order_type, checkin_id, description, quantity, total)
     select o.id, 'digital', 'PHOTOLIST', c.id, 'Photos', 1, o.digital_total - case when o.id % 10 = 0 then 300 else 0 end
       from orders o join checkins c on c.user_id = o.user_id and c.photo_service_id = $1`,
    [event.id],
  );
  await database.executeSql(
    `insert into order_lines (order_id, kind, order_type, checkin_id, description, quantity, total)
     select o.id, 'digital', 'PHOTOLIST', c.id, 'Stay photos', 1, 300
       from orders o join checkins c on c.user_id = o.user_id and c.photo_service_id = $1 where o.id % 10 = 0`,
    [hotel.id],
  );
  await database.executeSql(
    `insert into metric_events (type, user_id, event_id, payload, created_at, occurred_at)
     select (array['media_viewed', 'media_viewed', 'media_viewed', 'media_opened', 'media_downloaded',
                   'shared_link_created', 'shared_link_opened'])[1 + g % 7],
            (select id from users where email = 'bench-' || (1 + g % ${PARTICIPANTS}) || '@example.test'),
            $2,
            jsonb_build_object('media_id', (select min(id) from media where photo_service_id = $2) + g % 500)
              || case when g % 10 = 0 then jsonb_build_object('tags', jsonb_build_object(
                   'utm_source', (array['newsletter', 'instagram', 'facebook'])[1 + g % 3],
                   'utm_medium', 'social', 'utm_campaign', 'race-' || (g % 4))) else '{}'::jsonb end,
            ${SPREAD}, ${SPREAD}
       from generate_series(1, $1::int) g`,
    [METRIC_EVENTS, event.id],
  );
  await metricDailyService({ db: database.db, settleSeconds: 0 }).aggregate();
  await database.executeSql('vacuum analyze', []);
  return { eventId: event.id, organisationId: event.organisation_id };
}

/** p50 of the readiness route and of each dashboard, interleaved, `iterations` times. */
export async function measureDashboards(database: Database, iterations: number) {
  const { organisationId } = await seedDashboardEvent(database);
  const server = await startBenchServer(database);
  try {
    const login = await fetch(`${server.address}/api/api/v1/get-token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ORGANISER),
    });
    const { token } = (await login.json()) as { token: string };
    const time = async (path: string) => {
      const started = performance.now();
      const res = await fetch(`${server.address}/api${path}`, {
        headers: { authorization: `Token ${token}` },
      });
      const body = (await res.json()) as { orders?: number; days?: unknown[] };
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
      return { ms, body };
    };
    const check = (await time('/organiser/v1/events/5e1a0c3d/dashboard/')).body;
    if (check.orders !== ORDERS) throw new Error(`the event's dashboard counted ${check.orders} orders`);
    const ready: number[] = [];
    const eventBoard: number[] = [];
    const orgBoard: number[] = [];
    const ordersList: number[] = [];
    for (let i = 0; i < iterations; i++) {
      ready.push((await time('/health/ready')).ms);
      eventBoard.push((await time('/organiser/v1/events/5e1a0c3d/dashboard/')).ms);
      ready.push((await time('/health/ready')).ms);
      orgBoard.push((await time(`/organiser/v1/organisations/${organisationId}/dashboard/`)).ms);
      ready.push((await time('/health/ready')).ms);
      ordersList.push((await time(`/organiser/v1/orders/?organisation_id=${organisationId}`)).ms);
    }
    return { ready, eventBoard, orgBoard, ordersList, days: check.days?.length ?? 0 };
  } finally {
    await server.close();
  }
}

export const dashboardRows = (m: Awaited<ReturnType<typeof measureDashboards>>) => {
  const r50 = median(m.ready);
  const row = (label: string, v: number[]) =>
    `| ${label} | ${median(v).toFixed(1)} ms | ${(median(v) / r50).toFixed(1)}× |`;
  return [
    '| request | p50 | p50 × ready |',
    '| --- | --- | --- |',
    row('`GET /api/health/ready` (reference, interleaved)', m.ready),
    row(`\`GET …/events/{slug}/dashboard/\` (${m.days} days)`, m.eventBoard),
    row('`GET …/organisations/{id}/dashboard/`', m.orgBoard),
    row(`\`GET /organiser/v1/orders/\` (first page of ${ORDERS.toLocaleString('en')} orders)`, m.ordersList),
  ].join('\n');
};
