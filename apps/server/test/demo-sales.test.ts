import type { EventDashboard, OrganisationDashboard } from '@fotodrop/contract';
import { addDays, dayIn } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { OWN_SITE_ID, seedDemo } from '../src/seed/demo';
import { seedDemoMedia } from '../src/seed/demo-media';
import { seedDemoSales } from '../src/seed/demo-sales';
import { metricDailyService } from '../src/services/metrics/metric-daily.service';
import { call, type Harness, logInAsDemoOrganiser, startHarness } from './harness';

interface ListedOrder {
  id: number;
  status: string;
  paid_at: string | null;
  grand_total: string;
  refunded_total: string;
  has_prints: boolean;
  voucher_code?: string | null;
}

/** Major-unit money text ("26.67") in minor units. */
const cents = (text: string) => Math.round(Number(text) * 100);

/**
 * The demo's month of sales (`npm start`): the organiser's console shows orders, revenue and
 * usage from the first start, and its figures agree with its own orders list. PGlite only: it is
 * what `npm start` runs on.
 */
describe('the demo month of sales on pglite', () => {
  let h: Harness;
  let organiser: string;
  let firstRun: number;
  let beforePhotos: number;
  let today: string;
  let from: string;
  let zone: string;

  const api = async (url: string) => {
    const res = await call(h.app, 'GET', `/api${url}`, undefined, { token: organiser });
    expect(res.status).toBe(200);
    return res.body;
  };

  /** Every order of the organisation in the period, as the console's list pages them. */
  async function listed(): Promise<ListedOrder[]> {
    const all: ListedOrder[] = [];
    for (let page = 1; ; page++) {
      const body = await api(
        `/organiser/v1/orders/?organisation_id=${OWN_SITE_ID}&from=${from}&to=${today}&page_size=100&page=${page}`,
      );
      all.push(...(body.results as ListedOrder[]));
      if (page >= (body.pagination as { num_pages: number }).num_pages) return all;
    }
  }

  beforeAll(async () => {
    h = await startHarness('pglite');
    await seedDemo(h.database.db, argon2Hasher, 1);
    // the organisation stays on its default zone (Europe/Rome) and its events on UTC: its dashboard
    // and its orders list both count its own days (issue 20), whatever the hour the test runs at
    // before the demo photos there is nothing to sell: it waits for a start with photos
    beforePhotos = await seedDemoSales(h.database.db, {
      linkBase: 'http://localhost:3000',
      requiredPoliciesVersion: 1,
    });
    // a few photos: the sales name them (each goes through the real pipeline, the slow part)
    await seedDemoMedia(h.database.db, h.services.mediaFiles, 10);
    firstRun = await seedDemoSales(h.database.db, {
      linkBase: 'http://localhost:3000',
      requiredPoliciesVersion: 1,
    });
    await metricDailyService({ db: h.database.db, settleSeconds: 0 }).aggregate();
    organiser = await logInAsDemoOrganiser(h.app);
    const board = (await api(
      `/organiser/v1/organisations/${OWN_SITE_ID}/dashboard/`,
    )) as unknown as OrganisationDashboard;
    zone = board.time_zone;
    today = dayIn(new Date(), zone);
    from = addDays(today, -29);
  }, 300_000);
  afterAll(() => h?.close());

  it("fills the marathon's dashboard: orders, revenue, check-ins, views and campaign sources", async () => {
    expect(beforePhotos).toBe(0);
    expect(firstRun).toBeGreaterThanOrEqual(60);
    const board = (await api(
      `/organiser/v1/events/5e1a0c3d/dashboard/?from=${from}&to=${today}`,
    )) as unknown as EventDashboard;
    expect(board.orders).toBeGreaterThan(0);
    expect(board.revenue).toBeGreaterThan(0);
    expect(board.checkins).toBeGreaterThan(10);
    expect(board.sources.bib).toBeGreaterThan(0);
    expect(board.views).toBeGreaterThan(0);
    expect(board.downloads).toBeGreaterThan(0);
    expect(board.funnel.paid).toBeGreaterThan(0);
    expect(board.funnel.cart).toBeGreaterThan(board.funnel.paid);
    expect(board.utm.length).toBeGreaterThan(0);
    // activity on several days, not all on one
    expect(board.days.filter((d) => d.orders > 0).length).toBeGreaterThan(2);
    expect(board.pending).toBe(0);
  });

  it("agrees with the console's orders list: each day's paid orders and what they kept", async () => {
    const orders = await listed();
    expect(orders.length).toBe(firstRun);
    const paid = orders.filter((o) => o.paid_at !== null);
    const kept = (o: ListedOrder) => cents(o.grand_total) - cents(o.refunded_total);
    const board = (await api(
      `/organiser/v1/organisations/${OWN_SITE_ID}/dashboard/?from=${from}&to=${today}`,
    )) as unknown as OrganisationDashboard;
    expect(board.orders).toBe(paid.length);
    expect(board.revenue).toBe(paid.reduce((n, o) => n + kept(o), 0));
    for (const day of board.days) {
      const ofDay = paid.filter((o) => dayIn(new Date(o.paid_at!), zone) === day.date);
      expect(day.orders).toBe(ofDay.length);
      expect(day.revenue).toBe(ofDay.reduce((n, o) => n + kept(o), 0));
    }
    // the cases the console has to show: prints, a voucher, a pending transfer, a partial refund
    expect(orders.filter((o) => o.has_prints).length).toBeGreaterThanOrEqual(2);
    expect(orders.filter((o) => o.status === 'pending')).toHaveLength(1);
    expect(orders.filter((o) => o.status === 'partially_refunded')).toHaveLength(1);
    const refunded = orders.find((o) => o.status === 'partially_refunded')!;
    expect(cents(refunded.refunded_total)).toBeGreaterThan(0);
    expect(cents(refunded.refunded_total)).toBeLessThan(cents(refunded.grand_total));
  });

  it('adds nothing when seeded again, and its participants cannot sign in', async () => {
    const before = await listed();
    expect(
      await seedDemoSales(h.database.db, { linkBase: 'http://localhost:3000', requiredPoliciesVersion: 1 }),
    ).toBe(0);
    expect((await listed()).length).toBe(before.length);
    const { rows } = await h.database.executeSql(
      "select email from users where email like '%@participants.fotodrop.test' order by id limit 1",
      [],
    );
    const email = (rows[0] as { email: string }).email;
    const login = await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
      username: email,
      password: 'Fotodrop-demo1',
    });
    expect(login.status).toBe(400);
  });
});
