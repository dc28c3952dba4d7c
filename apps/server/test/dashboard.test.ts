import { randomUUID } from 'node:crypto';
import type { EventDashboard, MetricMessage, OrganisationDashboard } from '@fotodrop/contract';
import { addDays, dayIn, readCsv } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { metricDailyService } from '../src/services/metrics/metric-daily.service';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, SIGNUP, startHarness } from './harness';
import { addPhoto, addRace, runnerWithAlbum, seededMarathon } from './photos';

const ZONE = 'Europe/Rome';

interface ParticipantOrder {
  id: number;
  status: string;
  grand_total: string;
  paid_at: string | null;
}

/** Major-unit money text ("26.67") in minor units. */
const cents = (text: string) => Math.round(Number(text) * 100);

/**
 * The insight dashboards (issue 19), from real check-ins, real checkouts on two days and real
 * metric messages through the listener and the roll-up job.
 */
describe.each(BACKENDS)('insight dashboards on %s', (backend) => {
  let h: Harness;
  let organiser: string;
  let orgId: number;
  let marathon: Awaited<ReturnType<typeof seededMarathon>>;
  const marathonPhotos: number[] = [];
  const kidsPhotos: number[] = [];
  let a: { token: string; albumId: number; kidsAlbum: number };
  let b: { token: string; albumId: number };
  let today: string;
  let yesterday: string;

  const api = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    call(h.app, method, `/api${url}`, body, { token });
  const eventDashboard = async (slug: string, query = '') => {
    const res = await api('GET', `/organiser/v1/events/${slug}/dashboard/${query}`, organiser);
    expect(res.status).toBe(200);
    return res.body as unknown as EventDashboard;
  };
  const orgDashboard = async (query = '') => {
    const res = await api('GET', `/organiser/v1/organisations/${orgId}/dashboard/${query}`, organiser);
    expect(res.status).toBe(200);
    return res.body as unknown as OrganisationDashboard;
  };

  /** A checkout through the real cart, order and test-provider card payment, paid at `at`. */
  async function buy(
    token: string,
    lines: { checkin_id: number; media_ids: number[] }[],
    at: Date,
    voucher?: string,
  ) {
    h.clock.now = at;
    for (const line of lines) {
      const added = await api('POST', '/cart/digital-items/', token, {
        ...line,
        gallery_id: null,
        order_type: 'PHOTOLIST',
      });
      expect(added.status).toBe(201);
    }
    const created = await api('POST', '/v3/orders/', token, {
      payment_method: 'stripe',
      ...(voucher ? { voucher_code: voucher } : {}),
    });
    expect(created.status).toBe(201);
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    const card = await api('POST', `/test-payments/v1/intents/${intent}/confirm/`, token, {
      card_number: TEST_CARDS.succeeds,
    });
    expect(card.body.status).toBe('succeeded');
    const paid = await api('POST', '/v3/orders/confirm-payment/', token, {
      transaction_id: intent,
      payment_method: 'stripe',
    });
    expect(paid.body.status).toBe('paid');
    h.clock.now = new Date();
  }

  beforeAll(async () => {
    h = await startHarness(backend);
    marathon = await seededMarathon(h);
    const repo = photoServicesRepository(h.database.db);
    const marathonRow = (await repo.findBySlug('5e1a0c3d'))!;
    orgId = marathonRow.organisationId;
    // a second race of the same organisation, sold in euros too
    const kids = await addRace(h, orgId, {
      slug: 'c1d5a11e',
      name: 'Lakeside Kids Run',
      code: 'KIDS77',
      currency: 'EUR',
      gallery: 'Finish',
    });
    // the organisation's events are all in Rome: so are its dashboard's days
    await h.database.executeSql('update photo_services set time_zone = $1 where organisation_id = $2', [
      ZONE,
      orgId,
    ]);
    for (const shade of [0, 1, 2]) marathonPhotos.push(await addPhoto(h, marathon.place(), shade));
    for (const shade of [3, 4]) kidsPhotos.push(await addPhoto(h, { ...kids, tags: [] }, shade));
    organiser = await logInAsDemoOrganiser(h.app);

    const runnerA = await runnerWithAlbum(h, 'runner-a@example.com');
    const kidsAlbum = (await api('POST', '/v2/checkins/', runnerA.token, { picacode: 'KIDS77' })).body
      .id as number;
    a = { ...runnerA, kidsAlbum };
    b = await runnerWithAlbum(h, 'runner-b@example.com');
    // a third participant opens the whole-event code and buys nothing
    const cToken = (
      await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'runner-c@example.com' })
    ).body.token as string;
    const cAlbum = (await api('POST', '/v2/checkins/', cToken, { picacode: 'LAKE2026' })).body.id as number;

    const now = new Date();
    today = dayIn(now, ZONE);
    yesterday = addDays(today, -1);
    // noon in Rome yesterday (10:00 or 11:00 UTC): the same day in every zone the test could run in
    const yesterdayNoon = new Date(Date.parse(`${yesterday}T10:00:00Z`));
    // yesterday: A buys two marathon photos and one kids' photo in one order, 20 % off
    await buy(
      a.token,
      [
        { checkin_id: a.albumId, media_ids: marathonPhotos.slice(0, 2) },
        { checkin_id: a.kidsAlbum, media_ids: [kidsPhotos[0]!] },
      ],
      yesterdayNoon,
      'PROMO20',
    );
    // today: B buys one marathon photo; A the other kids' photo
    await buy(b.token, [{ checkin_id: b.albumId, media_ids: [marathonPhotos[2]!] }], now);
    await buy(a.token, [{ checkin_id: a.kidsAlbum, media_ids: [kidsPhotos[1]!] }], now);
    // and an order left unpaid counts nowhere
    await api('POST', '/cart/digital-items/', cToken, {
      checkin_id: cAlbum,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: [marathonPhotos[0]!],
    });
    expect((await api('POST', '/v3/orders/', cToken, { payment_method: 'stripe' })).status).toBe(201);
  });
  afterAll(() => h?.close());

  /** Every paid order of the participants, as their own orders lists show them. */
  async function paidOrders(): Promise<ParticipantOrder[]> {
    const lists = await Promise.all(
      [a.token, b.token].map(
        async (t) => (await api('GET', '/v3/orders/', t)).body.results as ParticipantOrder[],
      ),
    );
    return lists.flat().filter((o) => o.status === 'paid');
  }

  it("agrees with the orders to the cent: each day's orders and revenue, an order over two events split", async () => {
    const orders = await paidOrders();
    expect(orders).toHaveLength(3);
    const period = `?from=${yesterday}&to=${today}`;
    const org = await orgDashboard(period);
    expect(org.time_zone).toBe(ZONE);
    expect(org.days.map((d) => d.date)).toEqual([yesterday, today]);
    for (const day of org.days) {
      const ofDay = orders.filter((o) => dayIn(new Date(o.paid_at!), ZONE) === day.date);
      expect(day.orders).toBe(ofDay.length);
      expect(day.revenue).toBe(ofDay.reduce((n, o) => n + cents(o.grand_total), 0));
    }
    const total = orders.reduce((n, o) => n + cents(o.grand_total), 0);
    expect(org.orders).toBe(3);
    expect(org.revenue).toBe(total);
    expect(org.currency).toBe('EUR');
    expect(org.currencies).toEqual([{ currency: 'EUR', orders: 3, revenue: total }]);
    expect(org.average_order_value).toBe(Math.round(total / 3));

    // the events' shares add up to the organisation's revenue; the order over both counts in both
    const marathonBoard = await eventDashboard('5e1a0c3d', period);
    const kidsBoard = await eventDashboard('c1d5a11e', period);
    expect(marathonBoard.revenue + kidsBoard.revenue).toBe(total);
    expect(marathonBoard.orders).toBe(2);
    expect(kidsBoard.orders).toBe(2);
    expect(marathonBoard.days.map((d) => d.orders)).toEqual([1, 1]);
    expect(kidsBoard.days.map((d) => d.orders)).toEqual([1, 1]);
    // yesterday's order: 2 × 9.90 (marathon) + 8.00 (kids), 20 % off → split 19.80 : 8.00
    const split = orders.find((o) => dayIn(new Date(o.paid_at!), ZONE) === yesterday)!;
    const marathonShare = Math.round((cents(split.grand_total) * 1980) / 2780);
    expect(marathonBoard.days[0]!.revenue).toBe(marathonShare);
    expect(kidsBoard.days[0]!.revenue).toBe(cents(split.grand_total) - marathonShare);
    expect(org.events.map((e) => [e.slug, e.orders, e.revenue])).toEqual(
      expect.arrayContaining([
        ['5e1a0c3d', 2, marathonBoard.revenue],
        ['c1d5a11e', 2, kidsBoard.revenue],
      ]),
    );
  });

  it('shows the funnel, how participants found their photos, and every day of the period', async () => {
    const board = await eventDashboard('5e1a0c3d', `?from=${addDays(today, -6)}&to=${today}`);
    expect(board.days).toHaveLength(7);
    expect(board.days.slice(0, 5).every((d) => d.checkins === 0 && d.orders === 0 && d.revenue === 0)).toBe(
      true,
    );
    expect(board.checkins).toBe(3);
    // A and B by their bib's code, C by the event's album code
    expect(board.sources).toMatchObject({ bib: 2, album_code: 1, selfie: 0 });
    // A, B and C checked in; A, B and C reached a cart (C's unpaid line); A and B paid
    expect(board.funnel).toEqual({ checked_in: 3, cart: 3, paid: 2 });
    const org = await orgDashboard(`?from=${today}&to=${today}`);
    expect(org.funnel).toEqual({ checked_in: 3, cart: 3, paid: 2 });
    expect(org.checkins).toBe(4);
  });

  it("counts the metrics on the event's own days, with the campaign tags visitors came by", async () => {
    const job = metricDailyService({ db: h.database.db, settleSeconds: 0 });
    await job.aggregate();
    const before = await eventDashboard('5e1a0c3d', `?from=${yesterday}&to=${today}`);
    const message = (type: MetricMessage['type'], extra: Partial<MetricMessage> = {}): MetricMessage => ({
      id: randomUUID(),
      type,
      event_id: marathon.id,
      timestamp: new Date().toISOString(),
      platform: 's',
      ...extra,
    });
    // late yesterday evening in UTC is already today in Rome
    const lateUtc = new Date(Date.parse(`${yesterday}T23:30:00Z`));
    const lateDay = dayIn(lateUtc, ZONE);
    const tags = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'finish-line' };
    const messages = [
      message('media_viewed', { media_id: marathonPhotos[0], tags }),
      message('media_viewed', { media_id: marathonPhotos[1], tags }),
      message('media_viewed', { media_id: marathonPhotos[2], timestamp: lateUtc.toISOString() }),
      message('media_downloaded', { media_id: marathonPhotos[0] }),
      message('shared_link_created', { media_id: marathonPhotos[0], share_type: 'whatsapp' }),
      message('shared_link_opened', { media_id: marathonPhotos[0], tags: { utm_source: 'whatsapp' } }),
    ];
    const posted = await h.metrics.inject({
      method: 'POST',
      url: '/metric',
      payload: { messages },
      remoteAddress: '203.0.113.9',
    });
    expect(posted.json()).toEqual({ accepted: messages.length });
    expect((await eventDashboard('5e1a0c3d', `?from=${yesterday}&to=${today}`)).pending).toBe(
      messages.length,
    );
    await job.aggregate();

    const after = await eventDashboard('5e1a0c3d', `?from=${yesterday}&to=${today}`);
    expect(after.pending).toBe(0);
    expect(after.views - before.views).toBe(3);
    expect(after.downloads - before.downloads).toBe(1);
    expect(after.shares - before.shares).toBe(1);
    expect(after.sources.shared_link - before.sources.shared_link).toBe(1);
    const late = after.days.find((d) => d.date === lateDay)!;
    const lateBefore = before.days.find((d) => d.date === lateDay)!;
    expect(late.views - lateBefore.views).toBe(lateDay === today ? 3 : 1);
    // one visitor, counted once a day per set of tags, however many messages carried them
    expect(after.utm).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'finish-line', count: 1 },
      { source: 'whatsapp', medium: '', campaign: '', count: 1 },
    ]);
  });

  it('answers from the first activity to today without a period, and refuses a bad one', async () => {
    const board = await eventDashboard('5e1a0c3d');
    expect(board.to).toBe(today);
    expect(board.from <= yesterday).toBe(true);
    expect(board.days.at(-1)!.date).toBe(today);
    for (const query of [
      '?from=2026-02-01&to=2026-01-01',
      '?from=2024-01-01&to=2026-01-01',
      '?from=yesterday',
    ]) {
      const res = await api('GET', `/organiser/v1/events/5e1a0c3d/dashboard/${query}`, organiser);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });

  it("counts what a refund gave back on its line's event, as the orders list and the CSV say", async () => {
    const period = `?from=${yesterday}&to=${today}`;
    const kidsBefore = await eventDashboard('c1d5a11e', period);
    const marathonBefore = await eventDashboard('5e1a0c3d', period);
    // today's kids' photo bought by A: the organiser gives it back
    type Detail = { lines: { id: number; event: { slug: string } | null }[] };
    const ofToday = (await paidOrders()).filter((o) => dayIn(new Date(o.paid_at!), ZONE) === today);
    const details = await Promise.all(
      ofToday.map(async (o) => ({
        id: o.id,
        detail: (await api('GET', `/organiser/v1/orders/${o.id}/`, organiser)).body as unknown as Detail,
      })),
    );
    const kidsOrder = details.find((d) => d.detail.lines.some((l) => l.event?.slug === 'c1d5a11e'))!;
    const kidsLine = kidsOrder.detail.lines.find((l) => l.event?.slug === 'c1d5a11e')!;
    const refund = await api('POST', `/organiser/v1/orders/${kidsOrder.id}/refund/`, organiser, {
      lines: [kidsLine.id],
      reason: 'Wrong child',
    });
    expect(refund.status).toBe(200);
    const given = cents((refund.body as { refunded_total: string }).refunded_total);
    expect(given).toBeGreaterThan(0);

    const kids = await eventDashboard('c1d5a11e', period);
    const marathon = await eventDashboard('5e1a0c3d', period);
    expect(kids.days.at(-1)!.revenue).toBe(kidsBefore.days.at(-1)!.revenue - given);
    expect(kids.orders).toBe(kidsBefore.orders);
    expect(marathon.revenue).toBe(marathonBefore.revenue);

    // the organisation's figures: what the console's orders list says was paid less refunded
    const listed = (
      await api(
        'GET',
        `/organiser/v1/orders/?organisation_id=${orgId}&from=${yesterday}&to=${today}`,
        organiser,
      )
    ).body.results as {
      status: string;
      paid_at: string | null;
      grand_total: string;
      refunded_total: string;
    }[];
    const paid = listed.filter((o) => o.paid_at !== null);
    const kept = (o: (typeof paid)[number]) => cents(o.grand_total) - cents(o.refunded_total);
    const org = await orgDashboard(period);
    for (const day of org.days) {
      const ofDay = paid.filter((o) => dayIn(new Date(o.paid_at!), ZONE) === day.date);
      expect(day.orders).toBe(ofDay.length);
      expect(day.revenue).toBe(ofDay.reduce((n, o) => n + kept(o), 0));
    }
    expect(org.revenue).toBe(paid.reduce((n, o) => n + kept(o), 0));

    // and the accounting CSV: its amounts less its refunds add up to the same
    const csv = await call(
      h.app,
      'GET',
      `/api/organiser/v1/orders/?organisation_id=${orgId}&from=${yesterday}&to=${today}&format=csv`,
      undefined,
      { token: organiser },
    );
    const parsed = readCsv(csv.raw.body);
    if (!parsed.ok) throw new Error('the orders CSV does not parse');
    const [header, ...rows] = parsed.records.map((r) => r.cells);
    const column = (name: string) => header!.indexOf(name);
    const paidRows = rows.filter((r) =>
      ['paid', 'partially_refunded', 'refunded'].includes(r[column('status')]!),
    );
    const fromCsv = paidRows.reduce(
      (n, r) => n + cents(r[column('amount')]!) - cents(r[column('refunded')]!),
      0,
    );
    expect(fromCsv).toBe(org.revenue);
  });

  it('follows the orders: one removed leaves the figures of its events and days', async () => {
    const period = `?from=${yesterday}&to=${today}`;
    const before = await orgDashboard(period);
    const [first] = (await paidOrders()).sort((x, y) => x.id - y.id);
    await h.database.executeSql('delete from orders where id = $1', [first!.id]);
    const after = await orgDashboard(period);
    expect(after.orders).toBe(before.orders - 1);
    expect(after.revenue).toBe(before.revenue - cents(first!.grand_total));
    expect(after.days[0]).toMatchObject({ orders: 0, revenue: 0 });
    expect((await eventDashboard('c1d5a11e', period)).orders).toBe(1);
  });

  it('is hidden from someone outside the organisation (404)', async () => {
    expect((await api('GET', '/organiser/v1/events/c1d5a11e/dashboard/', b.token)).status).toBe(404);
    expect((await api('GET', `/organiser/v1/organisations/${orgId}/dashboard/`, b.token)).status).toBe(404);
  });
});
