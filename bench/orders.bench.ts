// Order creation and payment confirmation with 500 photos in the cart, on both databases. Each
// iteration fills the cart with 500 photos not bought yet (not timed), then times POST /v3/orders/
// (pricing 500 photos, recording the order and its 500-photo line, starting the test provider's
// payment), pays at the test provider (not timed: the provider's side) and times
// POST /v3/orders/confirm-payment/ (reading the payment, marking the order paid, granting 500
// entitlements, releasing the cart). Reference in the same run, interleaved: GET /api/health, one
// request at a time like the order calls. p50 / p99 over the iterations; ratios to health's p50.
// Issue 19: then 10,000 more orders of the organisation (one line each, inserted directly) and the
// console's orders list (first page; an e-mail search; the CSV of a month) timed as its owner.
// Then the insight dashboards over 100,000 metric events and 10,000 orders (dashboard-bench.ts).
// PARTS=orders or PARTS=dashboard runs one of the two.
import { type Backend, createTestDatabase } from '../apps/server/test/databases';
import { startBenchServer } from './bench-server';
import { dashboardRows, METRIC_EVENTS, measureDashboards, ORDERS } from './dashboard-bench';
import { openAlbum, seedLargeAlbum } from './large-album';
import { machine, median, writeSection } from './report';

const ITEMS = 500;
const LISTED_ORDERS = 10_000;
const ITERATIONS = Number(process.env.ITERATIONS ?? 30);
const BACKENDS = (process.env.BACKENDS ?? 'postgres,pglite').split(',') as Backend[];
const PARTS = (process.env.PARTS ?? 'orders,dashboard').split(',');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function measure(backend: Backend) {
  const database = await createTestDatabase(backend);
  try {
    await seedLargeAlbum(database, ITEMS * (ITERATIONS + 1));
    const server = await startBenchServer(database);
    const { address } = server;
    const { token, checkinId } = await openAlbum(address);
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => {
      const started = performance.now();
      const res = await fetch(`${address}/api${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as Record<string, unknown>;
      const ms = performance.now() - started;
      if (res.status >= 300)
        throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return { ms, json };
    };
    // Every photo of the album, oldest last: each iteration takes the next 500 not bought yet.
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const { json } = await call('GET', `/v3/checkins/${checkinId}/all-medias/?page=${page}&page_size=100`);
      const results = json.results as { id: number }[];
      ids.push(...results.map((r) => r.id));
      if (results.length < 100) break;
    }
    const create: number[] = [];
    const confirm: number[] = [];
    const health: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const pick = ids.slice(i * ITEMS, (i + 1) * ITEMS);
      await call('POST', '/cart/digital-items/', {
        checkin_id: checkinId,
        order_type: 'PHOTOLIST',
        media_ids: pick,
      });
      health.push((await call('GET', '/health')).ms);
      const created = await call('POST', '/v3/orders/', { payment_method: 'stripe' });
      create.push(created.ms);
      const intent = (created.json.payment as { client_secret: string }).client_secret;
      // The provider's side: paid, without its notification, so confirm-payment does the work.
      await database.executeSql("update test_payment_intents set status = 'succeeded' where id = $1", [
        intent,
      ]);
      health.push((await call('GET', '/health')).ms);
      const confirmed = await call('POST', '/v3/orders/confirm-payment/', {
        transaction_id: intent,
        payment_method: 'stripe',
      });
      if (confirmed.json.status !== 'paid')
        throw new Error(`order not paid: ${JSON.stringify(confirmed.json)}`);
      confirm.push(confirmed.ms);
    }
    const list = await measureList(database, address, call, health);
    await server.close();
    return { create, confirm, health, ...list };
  } finally {
    await database.destroy();
  }
}

type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ ms: number; json: Record<string, unknown> }>;

/** The console's orders list over 10,000 orders, as the organisation's owner reads it. */
async function measureList(
  database: Awaited<ReturnType<typeof createTestDatabase>>,
  address: string,
  call: Call,
  health: number[],
) {
  const [org] = (
    await database.executeSql("select organisation_id as id from photo_services where slug = '5e1a0c3d'", [])
  ).rows as { id: number }[];
  const organisationId = org!.id;
  // 10,000 paid orders of the buyer over the last 100 days, one line each
  await database.executeSql(
    `with made as (
       insert into orders (user_id, organisation_id, status, payment_method, provider, currency, digital_total,
         print_total, shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base, paid_at, created_at)
       select o.user_id, $1, 'paid', 'stripe', 'test', 'EUR', 990, 0, 0, 0, 0, 990, 'bench', 'http://localhost',
         now() - make_interval(mins => n * 14), now() - make_interval(mins => n * 14)
       from generate_series(1, ${LISTED_ORDERS}) n, (select user_id from orders limit 1) o
       returning id)
     insert into order_lines (order_id, kind, description, quantity, total) select id, 'digital', 'Photo', 1, 990 from made`,
    [organisationId],
  );
  const login = await fetch(`${address}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' }),
  });
  const owner = ((await login.json()) as { token: string }).token;
  const timed = async (path: string) => {
    const started = performance.now();
    const res = await fetch(`${address}/api${path}`, { headers: { authorization: `Token ${owner}` } });
    await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - started;
  };
  const listPage: number[] = [];
  const listSearch: number[] = [];
  const listCsv: number[] = [];
  const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < ITERATIONS; i++) {
    health.push((await call('GET', '/health')).ms);
    listPage.push(await timed(`/organiser/v1/orders/?organisation_id=${organisationId}`));
    listSearch.push(await timed(`/organiser/v1/orders/?organisation_id=${organisationId}&q=bench`));
    listCsv.push(
      await timed(`/organiser/v1/orders/?organisation_id=${organisationId}&from=${month}&format=csv`),
    );
  }
  return { listPage, listSearch, listCsv };
}

const fmt = (n: number) => `${n.toFixed(1)} ms`;
const backendTitle = (backend: Backend) =>
  `#### ${backend === 'postgres' ? 'PostgreSQL 15 (a server on the same machine)' : 'PGlite (in the server process)'}`;

if (PARTS.includes('orders')) {
  const sections: string[] = [];
  for (const backend of BACKENDS) {
    const { create, confirm, health, listPage, listSearch, listCsv } = await measure(backend);
    const h50 = median(health);
    const row = (label: string, v: number[]) =>
      `| ${label} | ${fmt(median(v))} | ${fmt(percentile(v, 99))} | ${(median(v) / h50).toFixed(1)}× |`;
    sections.push(
      [
        backendTitle(backend),
        '',
        '| request | p50 | p99 | p50 × health |',
        '| --- | --- | --- | --- |',
        row('`GET /api/health` (reference, interleaved)', health),
        row(`\`POST /v3/orders/\` (${ITEMS} photos in the cart)`, create),
        row(`\`POST /v3/orders/confirm-payment/\` (${ITEMS} entitlements)`, confirm),
        row(`\`GET /organiser/v1/orders/\` (first page of ${LISTED_ORDERS} orders)`, listPage),
        row('`GET /organiser/v1/orders/?q=…` (an e-mail search)', listSearch),
        row('`GET /organiser/v1/orders/?format=csv` (the last 30 days, ~3,000 lines)', listCsv),
      ].join('\n'),
    );
    console.error(`${backend} done`);
  }
  writeSection(
    'orders',
    `### Order creation and payment confirmation with ${ITEMS} photos (\`npm run bench:orders\`)

Machine: ${machine()}. ${ITERATIONS} orders per database, one request at a time: each fills the cart
with ${ITEMS} photos not bought yet, creates the order (priced on the server, test provider's payment
started), pays at the test provider (not timed) and confirms (order paid, ${ITEMS} entitlements, cart
released). Then ${LISTED_ORDERS} more orders of the organisation and the console's orders list as
its owner reads it (issue 19). The health route is timed between the calls in the same run; "p50 × health" is the
request's median over the health route's.

${sections.join('\n\n')}`,
  );
}

if (PARTS.includes('dashboard')) {
  const sections: string[] = [];
  for (const backend of BACKENDS) {
    const database = await createTestDatabase(backend);
    try {
      sections.push(
        `${backendTitle(backend)}\n\n${dashboardRows(await measureDashboards(database, ITERATIONS))}`,
      );
    } finally {
      await database.destroy();
    }
    console.error(`${backend} dashboards done`);
  }
  writeSection(
    'orders-dashboard',
    `### Insight dashboards with ${METRIC_EVENTS.toLocaleString('en')} metric events and ${ORDERS.toLocaleString('en')} orders (\`npm run bench:orders\`)

Machine: ${machine()}. The demo's marathon with 2,000 participants' albums, ${ORDERS.toLocaleString('en')} paid
orders over the last 60 days (a tenth also buying from the hotel stay, so split between two events)
and ${METRIC_EVENTS.toLocaleString('en')} usage messages counted into the daily roll-ups by the real job; the
organiser's dashboards asked ${ITERATIONS} times each with their default period (first activity to
today), one request at a time, the readiness route (one database round trip) timed between them.
Goal: within 20× the readiness route. The organiser's orders list is timed in the section above.

${sections.join('\n\n')}`,
  );
}
