import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { BACKENDS } from './databases';
import { EVENTS_URL, type EventsHarness, eventUrl, newEvent, startEventsHarness } from './events-fixture';
import { call } from './harness';
import { runnerWithAlbum } from './photos';

const MARATHON = '5e1a0c3d';

/** Every setting the participant side reads, changed from its default. */
const SETTINGS = {
  name: 'Lake Run 2027 — night edition',
  kind: 'stay',
  description: 'Ten laps around the lake.',
  location: 'Lakeside',
  cover_url: 'https://cdn.example.com/cover.jpg',
  start_date: '2027-06-01',
  end_date: '2027-06-07',
  time_zone: 'Europe/Rome',
  currency: 'CHF',
  checkin_mode: 'face-checkin',
  show_in_calendar: false,
  live_from: '2027-06-01T18:00:00.000Z',
  live_to: '2027-06-01T23:00:00.000Z',
  banner: { image_url: '/banner.png', link_url: 'https://lake.example.com', position: 'b' },
  welcome_popup: { active: true, title: 'Welcome', text: 'Find yourself' },
  fixed_popup: { active: true, title: null, text: 'Photos until July' },
  is_promo: true,
  is_tagging_completed: false,
  hd_serving_type: 'delayed',
  share_mode: 'm',
  zoom_mode: 'o',
  photo_display_type: 'm',
  counter_type: 'number',
  share_with_friends: false,
  use_pica_for_your_event: true,
  hd_available_from: '2027-06-08T00:00:00.000Z',
  hd_available_to: '2027-09-01T00:00:00.000Z',
  media_available_to: '2027-10-01T00:00:00.000Z',
  last_stay_deletion_date: '2027-12-31',
  can_purchase_during_stay: false,
  show_prices: false,
  can_see_media: false,
  show_all_event_photos: true,
  data_collector_fields: [{ name: 'team', label: 'Your team', type: 'text', required: true }],
  data_collector_form_url: null,
  options: [{ id: 'a', label: '10 km' }],
  step_privacy: 'We keep your team name for the results.',
};

describe.each(BACKENDS)('organiser events on %s', (backend) => {
  let t: EventsHarness;
  beforeAll(async () => {
    t = await startEventsHarness(backend);
  });
  afterAll(() => t?.h.close());

  const as = (token: string) => ({
    get: (url: string) => call(t.h.app, 'GET', url, undefined, { token }),
    post: (url: string, body: unknown) => call(t.h.app, 'POST', url, body, { token }),
    patch: (url: string, body: unknown) => call(t.h.app, 'PATCH', url, body, { token }),
  });
  const owner = () => as(t.org.owner);

  it('creates a draft event with a random slug and the participant defaults, read back the same', async () => {
    const event = await t.createEvent();
    expect(event.slug).toMatch(/^[0-9a-f]{8}$/);
    expect(event).toMatchObject({
      organisation_id: t.org.id,
      status: 'draft',
      kind: 'event',
      time_zone: 'UTC',
      share_mode: 's',
      show_prices: true,
      locked: [],
      photographer_member_ids: [],
    });
    expect((await owner().get(eventUrl(event.slug))).body).toEqual(event);
  });

  it('stores every setting the participant side reads, and the album shows them', async () => {
    const event = await t.createEvent();
    const changed = await owner().patch(eventUrl(event.slug), { ...SETTINGS, status: 'published' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const { banner, ...rest } = SETTINGS;
    expect(changed.body).toMatchObject({ ...rest, banner: { ...banner, id: event.id }, status: 'published' });
    expect((await owner().get(eventUrl(event.slug))).body).toEqual(changed.body);

    // a participant opening an album of the event reads the same values
    await photoServicesRepository(t.h.database.db).insertPicacode({
      photoServiceId: event.id,
      code: 'LAKE2027',
      kind: 'event',
    });
    const runner = await t.participant('settings@lakeside.test');
    const album = await as(runner).post('/api/v2/checkins/', { picacode: 'LAKE2027' });
    // the event asks a form first (303 with its fields), as set
    expect(album.status).toBe(303);
    expect(album.body).toMatchObject({
      checkin_step: 'data_collector',
      fields: SETTINGS.data_collector_fields,
      privacy: SETTINGS.step_privacy,
    });
  });

  it('refuses bad input with the fields at fault and stores nothing', async () => {
    const before = await t.eventCount();
    const taken = (await t.createEvent()).slug;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start_date: '2027-05-03', end_date: '2027-05-02' }, 'end_date', 'end_date.before_start'],
      [{ slug: taken }, 'slug', 'slug.taken'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', 'time_zone.invalid'],
      [{ time_zone: '+02:00' }, 'time_zone', 'time_zone.invalid'],
      [{ share_mode: 'xl' }, 'share_mode', 'choice.invalid'],
      [{ kind: 'festival' }, 'kind', 'choice.invalid'],
      [{ status: 'deleted' }, 'status', 'choice.invalid'],
      [{ currency: 'euro' }, 'currency', 'currency.invalid'],
      [{ colour: 'blue' }, 'non_field_errors', 'field.unknown'],
      [
        { live_from: '2027-05-02T10:00:00Z', live_to: '2027-05-02T09:00:00Z' },
        'live_to',
        'live_to.before_from',
      ],
      [
        { photographer_member_ids: [t.members.manager.memberId] },
        'photographer_member_ids',
        'member.not_photographer',
      ],
      [{ name: '  ' }, 'name', 'field.required'],
      // years the database cannot hold (no year 0; an offset pushing 9999 into 10000) are refused
      [{ start_date: '0000-01-01' }, 'start_date', 'date.out_of_range'],
      [{ live_to: '9999-12-31T23:59:59-14:00' }, 'live_to', 'date.out_of_range'],
    ];
    for (const [extra, field, key] of cases) {
      const answer = await owner().post(EVENTS_URL, newEvent(t.org.id, extra));
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect((answer.body.data as { fields: Record<string, string[]> }).fields[field], field).toContain(key);
    }
    expect(await t.eventCount()).toBe(before + 1);

    // a PATCH that breaks a rule changes nothing, not even the valid part of it
    const event = await t.createEvent();
    for (const [body, field] of [
      [{ location: 'Moved', end_date: '2027-04-01' }, 'end_date'],
      [{ location: 'Moved', time_zone: 'Europe/Atlantis' }, 'time_zone'],
      [{ location: 'Moved', zoom_mode: 'huge' }, 'zoom_mode'],
      [{ location: 'Moved', slug: taken }, 'slug'],
      [
        {
          location: 'Moved',
          hd_available_from: '2027-06-02T00:00:00Z',
          hd_available_to: '2027-06-01T00:00:00Z',
        },
        'hd_available_to',
      ],
    ] as const) {
      const answer = await owner().patch(eventUrl(event.slug), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((answer.body.data as { fields: object }).fields)).toEqual([field]);
    }
    expect((await owner().get(eventUrl(event.slug))).body).toMatchObject({
      location: null,
      end_date: '2027-05-02',
    });
  });

  it('gives one of two simultaneous creations of a slug the event and the other slug.taken', async () => {
    const slug = 'abcdef01';
    const answers = await Promise.all(
      [1, 2].map(() => owner().post(EVENTS_URL, newEvent(t.org.id, { slug }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
  });

  it('changes the slug of a draft; a published event keeps its address (setting_locked)', async () => {
    const event = await t.createEvent();
    const moved = await owner().patch(eventUrl(event.slug), { slug: 'feedf00d' });
    expect(moved).toMatchObject({ status: 200, body: { slug: 'feedf00d', locked: [] } });
    const published = await owner().patch(eventUrl('feedf00d'), { status: 'published' });
    expect(published.body.locked).toEqual(['slug']);
    const refused = await owner().patch(eventUrl('feedf00d'), { slug: 'feedf00e' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'setting_locked' } });
    expect(String(refused.body.message)).toContain('published');
  });

  it('locks the currency once a photo of the event is sold, and says why', async () => {
    const organiser = await t.logIn('organiser@fotodrop.test', 'Fotodrop-organiser1');
    const demo = as(organiser);
    expect((await demo.get(eventUrl(MARATHON))).body.locked).not.toContain('currency');
    // a paid order of an album of the marathon
    const { albumId } = await runnerWithAlbum(t.h, 'buyer@lakeside.test');
    const buyer = (await t.h.database.executeSql('select user_id from checkins where id = $1', [albumId]))
      .rows[0] as { user_id: number };
    const { rows } = await t.h.database.executeSql(
      `insert into orders (user_id, status, payment_method, provider, currency, digital_total, print_total,
        shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base)
       values ($1, 'paid', 'stripe', 'test', 'EUR', 500, 0, 0, 0, 0, 500, 'f', 'http://localhost') returning id`,
      [buyer.user_id],
    );
    await t.h.database.executeSql(
      `insert into order_lines (order_id, kind, checkin_id, description, quantity, total)
       values ($1, 'digital', $2, 'All photos', 1, 500)`,
      [(rows[0] as { id: number }).id, albumId],
    );
    const read = await demo.get(eventUrl(MARATHON));
    expect(read.body.locked).toContain('currency');
    expect((read.body.locked_reasons as Record<string, string>).currency).toMatch(/sold in EUR/);
    const refused = await demo.patch(eventUrl(MARATHON), { currency: 'USD', location: 'Elsewhere' });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'setting_locked', data: { setting: 'currency' } },
    });
    expect(String(refused.body.message)).toMatch(/sold/);
    // nothing of the refused change was stored; the same currency and other settings still go through
    expect((await demo.get(eventUrl(MARATHON))).body).toMatchObject({ currency: 'EUR' });
    expect(
      (await demo.patch(eventUrl(MARATHON), { currency: 'EUR', location: 'Milano' })).body,
    ).toMatchObject({
      currency: 'EUR',
      location: 'Milano',
    });
  });

  it('assigns photographers of the organisation only', async () => {
    const event = await t.createEvent();
    const { assigned, unassigned } = t.members;
    const both = await owner().patch(eventUrl(event.slug), {
      photographer_member_ids: [assigned.memberId, unassigned.memberId],
    });
    expect(both.body.photographer_member_ids).toEqual(
      [assigned.memberId, unassigned.memberId].sort((a, b) => a - b),
    );
    expect((await as(unassigned.token).get(eventUrl(event.slug))).status).toBe(200);
    await owner().patch(eventUrl(event.slug), { photographer_member_ids: [assigned.memberId] });
    expect((await as(unassigned.token).get(eventUrl(event.slug))).status).toBe(404);
  });

  it('keeps a draft from participants: no page, no calendar, its codes open no album yet', async () => {
    const event = await t.createEvent({ start_date: '2099-01-01', end_date: '2099-01-02' });
    await photoServicesRepository(t.h.database.db).insertPicacode({
      photoServiceId: event.id,
      code: 'DRAFT99',
      kind: 'event',
    });
    const runner = as(await t.participant('early@lakeside.test'));
    const site = { headers: { 'x-event-owner': String(t.org.id) } };
    const calendar = async () =>
      (
        (await call(t.h.app, 'GET', '/api/v1/events/calendar/', undefined, site)).body.results as {
          slug: string;
        }[]
      ).map((e) => e.slug);
    const page = async () =>
      (await call(t.h.app, 'GET', `/api/v1/events/?slug=${event.slug}`)).body.results as unknown[];

    const early = await runner.post('/api/v2/checkins/', { picacode: 'DRAFT99' });
    expect(early).toMatchObject({ status: 400, body: { code: 'event_not_open' } });
    expect(String(early.body.message)).toMatch(/not open yet/);
    expect((await call(t.h.app, 'GET', '/api/v2/photos-preview/?picacode=DRAFT99')).body.code).toBe(
      'event_not_open',
    );
    expect(await calendar()).not.toContain(event.slug);
    expect(await page()).toEqual([]);

    await owner().patch(eventUrl(event.slug), { status: 'published' });
    const album = await runner.post('/api/v2/checkins/', { picacode: 'DRAFT99' });
    expect(album.status).toBe(201);
    expect(await calendar()).toContain(event.slug);
    expect(await page()).toHaveLength(1);

    // archived: out of the calendar; the album opened stays
    await owner().patch(eventUrl(event.slug), { status: 'archived' });
    expect(await calendar()).not.toContain(event.slug);
    expect((await runner.get(`/api/v2/checkins/${album.body.id}/`)).status).toBe(200);
  });
});
