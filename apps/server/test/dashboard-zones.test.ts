import type { EventDashboard, OrganisationDashboard } from '@fotodrop/contract';
import { addDays, readCsv } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, startHarness } from './harness';
import { addPhoto, addRace, runnerWithAlbum, seededMarathon } from './photos';

/** Major-unit money text ("26.67") in minor units. */
const cents = (text: string) => Math.round(Number(text) * 100);

interface ListedOrder {
  id: number;
  paid_at: string | null;
  grand_total: string;
  refunded_total: string;
}

/** The events in one zone, the organisation in the other: each case puts orders between their midnights. */
const CASES = [
  { events: 'UTC', organisation: 'Europe/Rome' },
  { events: 'Europe/Rome', organisation: 'UTC' },
] as const;

/**
 * Issue 20: what an organiser sees agrees on what a day holds. The organisation's dashboard counts
 * on its own zone's days like its orders list and CSV; an event's dashboard on the event's days
 * like the orders list and CSV filtered by that event — at a clock in the hour before UTC midnight,
 * with orders paid in the hour where the two zones are on different days.
 */
describe.each(BACKENDS.flatMap((backend) => CASES.map((zones) => ({ backend, ...zones }))))(
  'dashboard days against the orders list on $backend (events $events, organisation $organisation)',
  ({ backend, events: eventZone, organisation: orgZone }) => {
    let h: Harness;
    let organiser: string;
    let orgId: number;
    /** Yesterday's UTC date: the clock stands at its 23:30 UTC, whenever the test runs. */
    let day: string;
    let clock: Date;

    const api = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
      call(h.app, method, `/api${url}`, body, { token });
    const get = async <T>(url: string): Promise<T> => {
      const res = await api('GET', url, organiser);
      expect(res.status).toBe(200);
      return res.body as unknown as T;
    };
    const at = (time: string) => new Date(`${day}T${time}Z`);

    /** A checkout through the real cart, order and test card, paid at `paidAt`. */
    async function buy(token: string, lines: { checkin_id: number; media_ids: number[] }[], paidAt: Date) {
      h.clock.now = paidAt;
      for (const line of lines) {
        const added = await api('POST', '/cart/digital-items/', token, {
          ...line,
          gallery_id: null,
          order_type: 'PHOTOLIST',
        });
        expect(added.status).toBe(201);
      }
      const created = await api('POST', '/v3/orders/', token, { payment_method: 'stripe' });
      expect(created.status).toBe(201);
      const intent = (created.body.payment as { client_secret: string }).client_secret;
      await api('POST', `/test-payments/v1/intents/${intent}/confirm/`, token, {
        card_number: TEST_CARDS.succeeds,
      });
      const paid = await api('POST', '/v3/orders/confirm-payment/', token, {
        transaction_id: intent,
        payment_method: 'stripe',
      });
      expect(paid.body.status).toBe('paid');
    }

    beforeAll(async () => {
      h = await startHarness(backend);
      const marathon = await seededMarathon(h);
      const row = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
      orgId = row.organisationId;
      const kids = await addRace(h, orgId, {
        slug: 'c1d5a11e',
        name: 'Lakeside Kids Run',
        code: 'KIDS77',
        currency: 'EUR',
        gallery: 'Finish',
      });
      // the zones before any order: an order's share keeps the day it was paid on in its event's zone
      await h.database.executeSql('update photo_services set time_zone = $1 where organisation_id = $2', [
        eventZone,
        orgId,
      ]);
      await h.database.executeSql('update organisations set time_zone = $1, currency = $2 where id = $3', [
        orgZone,
        'EUR',
        orgId,
      ]);
      const m: number[] = [];
      for (const shade of [0, 1, 2]) m.push(await addPhoto(h, marathon.place(), shade));
      const k0 = await addPhoto(h, { ...kids, tags: [] }, 3);
      const k1 = await addPhoto(h, { ...kids, tags: [] }, 4);
      organiser = await logInAsDemoOrganiser(h.app);
      const a = await runnerWithAlbum(h, 'zone-a@example.com');
      const aKids = (await api('POST', '/v2/checkins/', a.token, { picacode: 'KIDS77' })).body.id as number;
      const b = await runnerWithAlbum(h, 'zone-b@example.com');

      day = addDays(new Date().toISOString().slice(0, 10), -1);
      clock = at('23:30:00');
      // no voucher, no prints: an event's share of an order is its lines' totals to the cent
      await buy(b.token, [{ checkin_id: b.albumId, media_ids: [m[0]!] }], at('12:00:00'));
      // 23:50 in Rome, 22:50 UTC: the same day in both zones
      await buy(a.token, [{ checkin_id: aKids, media_ids: [k0] }], at('22:50:00'));
      // after midnight in Rome, before it in UTC: one event, then an order split over both
      await buy(b.token, [{ checkin_id: b.albumId, media_ids: [m[1]!] }], at('23:10:00'));
      await buy(
        a.token,
        [
          { checkin_id: a.albumId, media_ids: [m[2]!] },
          { checkin_id: aKids, media_ids: [k1] },
        ],
        at('23:20:00'),
      );
      // the list reads the day an order was placed, the dashboard the day it was paid: a card
      // checkout is both within seconds, but here the clock moved the payment only
      await h.database.executeSql('update orders set created_at = paid_at where paid_at is not null', []);
      h.clock.now = clock;
    }, 300_000);
    afterAll(() => h?.close());

    /** The console's orders list (every page) and CSV for one day, optionally filtered by an event. */
    async function listedOn(date: string, event?: string) {
      const filter = `organisation_id=${orgId}&from=${date}&to=${date}${event ? `&event=${event}` : ''}`;
      const list = await get<{ results: ListedOrder[] }>(`/organiser/v1/orders/?${filter}&page_size=100`);
      const csv = await call(h.app, 'GET', `/api/organiser/v1/orders/?${filter}&format=csv`, undefined, {
        token: organiser,
      });
      expect(csv.status).toBe(200);
      const parsed = readCsv(csv.raw.body);
      if (!parsed.ok) throw new Error('the orders CSV does not parse');
      const [header, ...rows] = parsed.records.map((r) => r.cells);
      const column = (name: string) => header!.indexOf(name);
      const paidRows = rows.filter((r) =>
        ['paid', 'partially_refunded', 'refunded'].includes(r[column('status')]!),
      );
      const paid = list.results.filter((o) => o.paid_at !== null);
      return {
        orders: paid.length,
        revenue: paid.reduce((n, o) => n + cents(o.grand_total) - cents(o.refunded_total), 0),
        csv: {
          orders: new Set(paidRows.map((r) => r[column('order_number')])).size,
          dates: new Set(paidRows.map((r) => r[column('order_date')]!.slice(0, 10))),
          rows: paidRows.map((r) => ({
            event: r[column('event')],
            amount: cents(r[column('amount')]!) - cents(r[column('refunded')]!),
          })),
        },
      };
    }

    it("counts the organisation's days in its own zone, as its orders list and CSV do", async () => {
      const board = await get<OrganisationDashboard>(`/organiser/v1/organisations/${orgId}/dashboard/`);
      // "today" and the default period are the organisation's
      const today = orgZone === 'UTC' ? day : addDays(day, 1);
      expect(board.time_zone).toBe(orgZone);
      expect(board.to).toBe(today);
      expect(board.from).toBe(day);
      const period = await get<OrganisationDashboard>(
        `/organiser/v1/organisations/${orgId}/dashboard/?from=${addDays(day, -1)}&to=${addDays(day, 1)}`,
      );
      let orders = 0;
      for (const d of period.days) {
        const listed = await listedOn(d.date);
        expect({ date: d.date, orders: d.orders, revenue: d.revenue }).toEqual({
          date: d.date,
          orders: listed.orders,
          revenue: listed.revenue,
        });
        expect(listed.csv.orders).toBe(d.orders);
        expect(listed.csv.rows.reduce((n, r) => n + r.amount, 0)).toBe(d.revenue);
        if (d.orders > 0) expect([...listed.csv.dates]).toEqual([d.date]);
        orders += d.orders;
      }
      expect(orders).toBe(4);
      expect(period.orders).toBe(4);
      // the two orders paid after midnight in Rome, before it in UTC, are on the zone's own day
      const late = orgZone === 'UTC' ? day : addDays(day, 1);
      expect(period.days.find((d) => d.date === late)!.orders).toBe(orgZone === 'UTC' ? 4 : 2);
      // each event's row adds up to the organisation's revenue
      expect(period.events.reduce((n, e) => n + e.revenue, 0)).toBe(period.revenue);
    });

    it("counts an event's days in its zone, as the orders list and CSV filtered by that event do", async () => {
      for (const [slug, name] of [
        ['5e1a0c3d', null],
        ['c1d5a11e', 'Lakeside Kids Run'],
      ] as const) {
        const board = await get<EventDashboard>(`/organiser/v1/events/${slug}/dashboard/`);
        expect(board.time_zone).toBe(eventZone);
        expect(board.to).toBe(eventZone === 'UTC' ? day : addDays(day, 1));
        const period = await get<EventDashboard>(
          `/organiser/v1/events/${slug}/dashboard/?from=${addDays(day, -1)}&to=${addDays(day, 1)}`,
        );
        const eventName = name ?? board.event.name;
        let orders = 0;
        for (const d of period.days) {
          const listed = await listedOn(d.date, slug);
          expect({ date: d.date, orders: d.orders }).toEqual({ date: d.date, orders: listed.orders });
          expect(listed.csv.orders).toBe(d.orders);
          const own = listed.csv.rows.filter((r) => r.event === eventName);
          expect(own.reduce((n, r) => n + r.amount, 0)).toBe(d.revenue);
          if (d.orders > 0) expect([...listed.csv.dates]).toEqual([d.date]);
          orders += d.orders;
        }
        expect(orders).toBe(slug === '5e1a0c3d' ? 3 : 2);
      }
    });
  },
);
