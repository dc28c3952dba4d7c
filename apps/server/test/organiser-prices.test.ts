import { priceListItem } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesEvent } from './codes-fixture';
import { BACKENDS } from './databases';
import { EVENTS_URL, type EventsHarness, startEventsHarness } from './events-fixture';
import { call } from './harness';

const ORGS = '/api/organiser/v1/organisations/';
const item = priceListItem;
const single = (price: string, type: 'photo' | 'video' = 'photo') =>
  item({ media_type: type, qty: 1, price });
const bundle = (qty: number, price: string) => item({ qty, price });
const range = (from: number, to: number | null, unit: string) =>
  item({ from_qty: from, to_qty: to, unit_price: unit });
const pack = (order_type: string, price: string) => ({ order_type, price, price_original: null });

/**
 * Issue 19 "Prices": the console's price lists per event and gallery, what the participant then
 * reads, the checks on a list, and the organisation's price sheets copied onto events.
 */
describe.each(BACKENDS)('organiser prices on %s', (backend) => {
  let t: EventsHarness;
  let slug: string;
  let start: number;
  let finish: number;
  let albumId: number;
  let sub: number;

  const owner = (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    call(t.h.app, method, url, body, { token: t.org.owner });
  const listUrl = () => `${EVENTS_URL}${slug}/price-list/`;
  const galleryListUrl = (id: number) => `${EVENTS_URL}${slug}/galleries/${id}/price-list/`;
  const participantPrices = async (galleryId: number) =>
    (
      await call(
        t.h.app,
        'GET',
        `/api/v3/checkins/${albumId}/gallery_tree/${galleryId}/price_list/`,
        undefined,
        { token: t.participantToken },
      )
    ).body;

  beforeAll(async () => {
    t = await startEventsHarness(backend);
    const event = await codesEvent(t, t.org.id, 'a1ce0919');
    slug = event.slug;
    ({ start, finish } = event.galleries);
    const made = await call(
      t.h.app,
      'POST',
      `${EVENTS_URL}${slug}/galleries/`,
      { name: 'Start, wave 2', parent_id: start },
      { token: t.org.owner },
    );
    sub = made.body.id as number;
    const codes = await call(
      t.h.app,
      'POST',
      `${EVENTS_URL}${slug}/codes/`,
      { count: 1 },
      { token: t.org.owner },
    );
    const code = (codes.body.results as { code: string }[])[0]!.code;
    albumId = (
      await call(t.h.app, 'POST', '/api/v2/checkins/', { picacode: code }, { token: t.participantToken })
    ).body.id as number;
  });
  afterAll(() => t?.h.close());

  it('sets the event list and packages, which participants then read in every gallery', async () => {
    expect((await owner('GET', listUrl())).body).toMatchObject({ currency: 'EUR', items: [], packages: [] });
    const saved = await owner('PUT', listUrl(), {
      currency: 'EUR',
      items: [single('9.9'), bundle(5, '29.90'), single('15', 'video')],
      packages: [pack('ALL_PHOTOS', '39')],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // amounts are stored with the currency's decimals
    expect(saved.body).toMatchObject({
      currency: 'EUR',
      items: [single('9.90'), bundle(5, '29.90'), single('15.00', 'video')],
      packages: [pack('ALL_PHOTOS', '39.00')],
      inherited: false,
      gallery_lists: [],
    });
    const seen = await participantPrices(finish);
    expect(seen.items).toEqual([single('9.90'), bundle(5, '29.90'), single('15.00', 'video')]);
    expect((await owner('GET', galleryListUrl(finish))).body).toMatchObject({
      inherited: true,
      inherited_from: null,
      items: seen.items,
      packages: [pack('ALL_PHOTOS', '39.00')],
    });
  });

  it("overrides the event's list for one gallery and its sub-galleries, and inherits again when removed", async () => {
    const own = { currency: 'EUR', items: [range(1, 3, '6.00'), range(4, null, '4.50')], packages: [] };
    const saved = await owner('PUT', galleryListUrl(start), own);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ inherited: false, inherited_from: null, items: own.items });
    expect((await participantPrices(start)).items).toEqual(own.items);
    // a sub-gallery without its own reads its parent's; the other gallery still the event's
    expect((await owner('GET', galleryListUrl(sub))).body).toMatchObject({
      inherited: true,
      inherited_from: start,
      items: own.items,
    });
    expect((await participantPrices(sub)).items).toEqual(own.items);
    expect((await participantPrices(finish)).items).toHaveLength(3);
    expect((await owner('GET', listUrl())).body.gallery_lists).toEqual([start]);

    const removed = await owner('DELETE', galleryListUrl(start));
    expect(removed.body).toMatchObject({ inherited: true, inherited_from: null });
    expect((await participantPrices(start)).items).toHaveLength(3);
    expect((await owner('GET', listUrl())).body.gallery_lists).toEqual([]);
  });

  it('refuses lists that make no sense, field by field, and stores nothing', async () => {
    const before = (await owner('GET', listUrl())).body;
    const refused = async (body: Record<string, unknown>, url = listUrl()) => {
      const answer = await owner('PUT', url, { currency: 'EUR', items: [], packages: [], ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return (answer.body.data as { fields: Record<string, string[]> }).fields;
    };
    expect(await refused({ currency: 'CHF' })).toEqual({ currency: ['currency.not_event'] });
    expect(await refused({ items: [range(1, 5, '3.00'), range(4, null, '2.00')] })).toEqual({
      'items.1.from_qty': ['range.overlaps'],
    });
    expect(await refused({ items: [range(1, 5, '3.00'), range(7, null, '2.00')] })).toEqual({
      'items.1.from_qty': ['range.gap'],
    });
    expect(await refused({ items: [range(2, null, '3.00')] })).toEqual({
      'items.0.from_qty': ['from_qty.first_not_one'],
    });
    expect(await refused({ items: [range(1, null, '3.00'), range(5, 9, '2.00')] })).toEqual({
      'items.0.to_qty': ['range.open_not_last'],
      'items.1.from_qty': ['range.overlaps'],
    });
    expect(await refused({ items: [range(1, 4, '3.00'), range(5, 3, '2.00')] })).toMatchObject({
      'items.1.to_qty': ['to_qty.below_from'],
    });
    expect(await refused({ items: [single('0.00'), bundle(5, '-2')] })).toEqual({
      'items.0.price': ['price.not_positive'],
      'items.1.price': ['price.not_positive'],
    });
    expect(await refused({ items: [item({ qty: 1, price: '5.00', price_original: '4.00' })] })).toEqual({
      'items.0.price_original': ['price_original.below_price'],
    });
    expect(await refused({ items: [single('5.00'), range(1, null, '4.00')] })).toEqual({
      'items.1.from_qty': ['items.mixed_kinds'],
    });
    expect(await refused({ items: [single('5.00'), single('6.00')] })).toEqual({
      'items.1.qty': ['qty.duplicate'],
    });
    expect(await refused({ items: [item({ qty: 1 })] })).toEqual({ 'items.0.price': ['price.required'] });
    expect(await refused({ items: [single('5.001')] })).toEqual({ 'items.0.price': ['money.invalid'] });
    expect(await refused({ items: [single('250000')] })).toEqual({ 'items.0.price': ['price.too_large'] });
    expect(await refused({ packages: [pack('ALL_PHOTOS', '9'), pack('ALL_PHOTOS', '8')] })).toEqual({
      'packages.1.order_type': ['package.duplicate'],
    });
    expect(await refused({ packages: [pack('ALL_PHOTOS', '9')] }, galleryListUrl(finish))).toEqual({
      packages: ['package.event_only'],
    });
    expect(await refused({ items: [{ ...single('5.00'), extra: 1 }] })).toHaveProperty(['items.0']);
    expect((await owner('GET', listUrl())).body).toEqual(before);
    // a gallery of another event, or none, is unknown
    expect(
      (await owner('PUT', galleryListUrl(999_999), { currency: 'EUR', items: [], packages: [] })).status,
    ).toBe(404);
  });

  it('keeps price sheets at organisation level and copies one onto the event or a gallery', async () => {
    const sheets = `${ORGS}${t.org.id}/price-sheets/`;
    const created = await owner('POST', sheets, {
      name: 'Races 2027',
      currency: 'EUR',
      items: [single('12'), bundle(3, '30')],
      packages: [pack('ALL_PHOTOS', '49.90')],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sheetId = created.body.id as number;
    expect((await owner('GET', sheets)).body.results).toEqual([
      expect.objectContaining({
        id: sheetId,
        name: 'Races 2027',
        items: [single('12.00'), bundle(3, '30.00')],
      }),
    ]);
    // a sheet with a bad entry is refused like a list
    const bad = await owner('PATCH', `${sheets}${sheetId}/`, { items: [single('12'), single('13')] });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { fields: unknown }).fields).toEqual({ 'items.1.qty': ['qty.duplicate'] });

    const applied = await owner('POST', `${listUrl()}apply-sheet/`, { sheet_id: sheetId });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({
      sheet_id: sheetId,
      items: [single('12.00'), bundle(3, '30.00')],
      packages: [pack('ALL_PHOTOS', '49.90')],
    });
    const onGallery = await owner('POST', `${listUrl()}apply-sheet/`, {
      sheet_id: sheetId,
      gallery_id: finish,
    });
    expect(onGallery.body.gallery_lists).toEqual([finish]);
    expect((await owner('GET', galleryListUrl(finish))).body).toMatchObject({
      inherited: false,
      sheet_id: sheetId,
    });

    // a copy: changing or deleting the sheet changes no live price
    const renamed = await owner('PATCH', `${sheets}${sheetId}/`, {
      name: 'Races 2028',
      items: [single('99')],
    });
    expect(renamed.body).toMatchObject({ name: 'Races 2028', items: [single('99.00')] });
    expect((await participantPrices(finish)).items).toEqual([single('12.00'), bundle(3, '30.00')]);
    expect((await owner('DELETE', `${sheets}${sheetId}/`)).status).toBe(200);
    expect((await owner('GET', listUrl())).body).toMatchObject({
      sheet_id: null,
      items: [single('12.00'), bundle(3, '30.00')],
    });

    // a sheet in another currency, an unknown sheet, another organisation's sheet: refused
    const francs = await owner('POST', sheets, {
      name: 'CH',
      currency: 'CHF',
      items: [single('8')],
      packages: [],
    });
    const fields = async (body: unknown) =>
      ((await owner('POST', `${listUrl()}apply-sheet/`, body)).body.data as { fields: unknown }).fields;
    expect(await fields({ sheet_id: francs.body.id })).toEqual({ sheet_id: ['sheet.currency_not_event'] });
    expect(await fields({ sheet_id: 999_999 })).toEqual({ sheet_id: ['sheet.unknown'] });
    const theirs = await call(
      t.h.app,
      'POST',
      `${ORGS}${t.otherOrgId}/price-sheets/`,
      { name: 'Hill', currency: 'EUR', items: [single('1')], packages: [] },
      { token: t.otherOwner },
    );
    expect(await fields({ sheet_id: theirs.body.id })).toEqual({ sheet_id: ['sheet.unknown'] });
    expect((await call(t.h.app, 'GET', sheets, undefined, { token: t.otherOwner })).status).toBe(404);
  });

  it('keeps one event list when many saves arrive at once; the last one stored wins whole', async () => {
    const saves = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        owner('PUT', listUrl(), { currency: 'EUR', items: [single(`${i + 1}.00`)], packages: [] }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(saves.map(() => 200));
    const { rows } = await t.h.database.executeSql(
      `select l.items from price_lists l join photo_services p on p.id = l.photo_service_id
        where p.slug = $1 and l.gallery_id is null`,
      [slug],
    );
    expect(rows).toHaveLength(1);
    const stored = (rows[0] as { items: { price: string }[] }).items;
    expect(stored).toHaveLength(1);
    expect((await owner('GET', listUrl())).body.items).toEqual(stored);
  });

  it('lets a manager read prices but not change them; support reads; another organisation sees nothing', async () => {
    const as = (token: string, method: 'GET' | 'PUT', url: string) =>
      call(
        t.h.app,
        method,
        url,
        method === 'PUT' ? { currency: 'EUR', items: [], packages: [] } : undefined,
        {
          token,
        },
      );
    expect((await as(t.members.manager.token, 'GET', listUrl())).status).toBe(200);
    expect((await as(t.members.manager.token, 'PUT', listUrl())).status).toBe(403);
    expect((await as(t.members.support.token, 'GET', galleryListUrl(start))).status).toBe(200);
    expect((await as(t.members.support.token, 'PUT', galleryListUrl(start))).status).toBe(403);
    expect((await as(t.otherOwner, 'GET', listUrl())).status).toBe(404);
    expect((await as(t.otherOwner, 'PUT', listUrl())).status).toBe(404);
  });
});
