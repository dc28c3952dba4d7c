import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, startHarness } from './harness';
import { addPhoto, runnerWithAlbum, seededMarathon } from './photos';

const MARATHON = '5e1a0c3d';
const NIGHT_RUN = 'c0ffee42';

type Voucher = {
  id: number;
  code: string;
  kind: string;
  value: number | string;
  currency: string | null;
  max_uses: number | null;
  max_uses_per_account: number | null;
  valid_from: string | null;
  valid_to: string | null;
  events: { slug: string; name: string }[];
  state: string;
  uses: number;
  held: number;
};
type Campaign = { id: number; code: string; url: string; orders: number; open_orders: number; state: string };

/**
 * Issue 19: the owner's vouchers and campaigns in the console, and the checkout honouring every
 * field they set (dates, events, deactivation, limits in all and per account), through the real
 * cart and order calls of the demo marathon.
 */
describe.each(BACKENDS)('vouchers and campaigns in the console on %s', (backend) => {
  let h: Harness;
  let owner: string;
  let orgId: number;
  let otherOrgEvent: string;
  const photos: number[] = [];
  let buyer: { token: string; albumId: number };
  let n = 0;

  const vouchersUrl = (rest = '') => `/api/organiser/v1/organisations/${orgId}/vouchers/${rest}`;
  const campaignsUrl = (rest = '') => `/api/organiser/v1/organisations/${orgId}/campaigns/${rest}`;
  const create = (body: Record<string, unknown>) =>
    call(h.app, 'POST', vouchersUrl(), body, { token: owner });
  const newCode = (prefix: string) => `${prefix}${++n}`;
  const voucherCount = async () =>
    Number(
      ((await h.database.executeSql('select count(*)::int as n from vouchers', [])).rows[0] as { n: number })
        .n,
    );

  /** The buyer's cart holds just `photo`; answers what the checkout says of `code`. */
  const cartWith = async (photo: number, query: string) => {
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token: buyer.token });
    const added = await call(
      h.app,
      'POST',
      '/api/cart/digital-items/',
      { checkin_id: buyer.albumId, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [photo] },
      { token: buyer.token },
    );
    expect(added.status).toBe(201);
    return (await call(h.app, 'GET', `/api/v1/cart/?${query}`, undefined, { token: buyer.token })).body;
  };
  const voucherStatus = async (photo: number, code: string) =>
    ((await cartWith(photo, `voucher_code=${code}`)).voucher as { status: string }).status;
  /** Orders `photo` with the voucher and pays by card; answers the order's discount. */
  const buy = async (photo: number, body: Record<string, unknown>) => {
    await cartWith(photo, '');
    const created = await call(
      h.app,
      'POST',
      '/api/v3/orders/',
      { payment_method: 'stripe', ...body },
      { token: buyer.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    await call(
      h.app,
      'POST',
      `/api/test-payments/v1/intents/${intent}/confirm/`,
      { card_number: TEST_CARDS.succeeds },
      { token: buyer.token },
    );
    const confirmed = await call(
      h.app,
      'POST',
      '/api/v3/orders/confirm-payment/',
      { transaction_id: intent, payment_method: 'stripe' },
      { token: buyer.token },
    );
    expect(confirmed.body.status).toBe('paid');
    return (created.body.order as { discount_total: string }).discount_total;
  };
  const listed = async (query = '') =>
    (await call(h.app, 'GET', vouchersUrl(query), undefined, { token: owner })).body as {
      results: Voucher[];
      pagination: { total: number };
    };

  beforeAll(async () => {
    h = await startHarness(backend);
    const marathon = await seededMarathon(h);
    for (let i = 0; i < 8; i++) photos.push(await addPhoto(h, marathon.place(), i));
    owner = await logInAsDemoOrganiser(h.app);
    const { rows } = await h.database.executeSql(
      'select organisation_id as id from photo_services where slug = $1',
      [MARATHON],
    );
    orgId = (rows[0] as { id: number }).id;
    const { rows: others } = await h.database.executeSql(
      'select slug from photo_services where organisation_id <> $1 order by id limit 1',
      [orgId],
    );
    otherOrgEvent = (others[0] as { slug: string }).slug;
    buyer = await runnerWithAlbum(h, 'voucher-buyer@example.com');
  });
  afterAll(() => h?.close());

  it('creates each kind, lists them with their limits and events, and refuses bad input storing nothing', async () => {
    const percentage = await create({
      code: 'lake-ten',
      kind: 'percentage',
      value: 10,
      max_uses: 100,
      max_uses_per_account: 2,
      events: [MARATHON],
    });
    expect(percentage.status, JSON.stringify(percentage.body)).toBe(201);
    expect(percentage.body).toMatchObject({
      code: 'LAKE-TEN',
      kind: 'percentage',
      value: 10,
      currency: null,
      max_uses: 100,
      max_uses_per_account: 2,
      events: [{ slug: MARATHON, name: 'Lakeside City Marathon' }],
      state: 'active',
      uses: 0,
      held: 0,
    });
    const fixed = await create({ code: 'LAKEFIVE', kind: 'fixed', value: '5.5', currency: 'EUR' });
    expect(fixed.body).toMatchObject({
      kind: 'fixed',
      value: '5.50',
      currency: 'EUR',
      max_uses_per_account: 1,
    });
    const free = await create({
      code: 'LAKEFREE',
      kind: 'free_photos',
      value: 2,
      max_uses_per_account: null,
    });
    expect(free.body).toMatchObject({
      kind: 'free_photos',
      value: 2,
      max_uses_per_account: null,
      events: [],
    });

    const before = await voucherCount();
    const refused = {
      percentOver100: await create({ code: 'BAD1', kind: 'percentage', value: 150 }),
      fractionalPhotos: await create({ code: 'BAD2', kind: 'free_photos', value: 1.5 }),
      negativeAmount: await create({ code: 'BAD3', kind: 'fixed', value: '-2' }),
      shortCode: await create({ code: 'ab', kind: 'percentage', value: 5 }),
      spaces: await create({ code: 'TWO WORDS', kind: 'percentage', value: 5 }),
      endBeforeStart: await create({
        code: 'BAD4',
        kind: 'percentage',
        value: 5,
        valid_from: '2027-01-02T00:00:00Z',
        valid_to: '2027-01-01T00:00:00Z',
      }),
      unknownKind: await create({ code: 'BAD5', kind: 'bogus', value: 5 }),
      unknownEvent: await create({ code: 'BAD6', kind: 'percentage', value: 5, events: ['deadbeef'] }),
      otherOrganisationsEvent: await create({
        code: 'BAD7',
        kind: 'percentage',
        value: 5,
        events: [otherOrgEvent],
      }),
      // the demo organisation was made before organisations had a currency: a fixed amount needs one
      noCurrency: await create({ code: 'BAD8', kind: 'fixed', value: '2.00' }),
    };
    const fields = Object.fromEntries(
      Object.entries(refused).map(([k, r]) => [k, [r.status, (r.body.data as { fields: object }).fields]]),
    );
    expect(fields).toEqual({
      percentOver100: [400, { value: ['number.too_big'] }],
      fractionalPhotos: [400, { value: ['voucher_value.invalid'] }],
      negativeAmount: [400, { value: ['voucher_value.invalid'] }],
      shortCode: [400, { code: ['promo_code.too_short'] }],
      spaces: [400, { code: ['promo_code.invalid'] }],
      endBeforeStart: [400, { valid_to: ['valid_to.before_valid_from'] }],
      unknownKind: [400, { kind: ['choice.invalid'] }],
      // another organisation's event is refused exactly like one that does not exist
      unknownEvent: [400, { events: ['events.unknown'] }],
      otherOrganisationsEvent: [400, { events: ['events.unknown'] }],
      noCurrency: [400, { currency: ['field.required'] }],
    });
    // a code taken anywhere on the platform (the demo's WELCOME5 has no organisation), in any case
    const taken = await create({ code: 'welcome5', kind: 'percentage', value: 5 });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'code_taken', data: { fields: { code: ['code.taken'] } } });
    expect(await voucherCount()).toBe(before);

    const all = await listed();
    expect(all.results.map((v) => v.code)).toEqual(['LAKEFREE', 'LAKEFIVE', 'LAKE-TEN']);
    expect((await listed('?search=five')).results.map((v) => v.code)).toEqual(['LAKEFIVE']);
    const paged = await listed('?page=2&page_size=2');
    expect(paged.results.map((v) => v.code)).toEqual(['LAKE-TEN']);
    expect(paged.pagination.total).toBe(3);
    expect((await call(h.app, 'GET', vouchersUrl('?status=soon'), undefined, { token: owner })).status).toBe(
      400,
    );
  });

  it('the checkout honours dates, events, deactivation and the limits per account and in all', async () => {
    const future = await create({
      code: newCode('LATER'),
      kind: 'percentage',
      value: 10,
      valid_from: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await voucherStatus(photos[0]!, future.body.code as string)).toBe('invalid');
    expect(future.body.state).toBe('scheduled');
    const past = await create({
      code: newCode('PAST'),
      kind: 'percentage',
      value: 10,
      valid_to: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(await voucherStatus(photos[0]!, past.body.code as string)).toBe('invalid');
    expect((await listed('?status=expired')).results.map((v) => v.code)).toContain(past.body.code);

    const night = await create({
      code: newCode('NIGHT'),
      kind: 'percentage',
      value: 10,
      events: [NIGHT_RUN],
    });
    expect(await voucherStatus(photos[0]!, night.body.code as string)).toBe('invalid');
    // the owner widens it to the marathon too: the marathon's cart takes it
    const widened = await call(
      h.app,
      'PATCH',
      vouchersUrl(`${night.body.id}/`),
      { events: [NIGHT_RUN, MARATHON] },
      { token: owner },
    );
    expect((widened.body.events as { slug: string }[]).map((e) => e.slug).sort()).toEqual(
      [MARATHON, NIGHT_RUN].sort(),
    );
    expect(await voucherStatus(photos[0]!, night.body.code as string)).toBe('valid');
    const off = await call(
      h.app,
      'PATCH',
      vouchersUrl(`${night.body.id}/`),
      { active: false },
      { token: owner },
    );
    expect(off.body.state).toBe('deactivated');
    expect(await voucherStatus(photos[0]!, night.body.code as string)).toBe('invalid');
    expect((await listed('?status=deactivated')).results.map((v) => v.code)).toEqual([night.body.code]);
    const on = await call(
      h.app,
      'PATCH',
      vouchersUrl(`${night.body.id}/`),
      { active: true },
      { token: owner },
    );
    expect(on.body).toMatchObject({ state: 'active', deactivated_at: null });
    expect(await voucherStatus(photos[0]!, night.body.code as string)).toBe('valid');
    await call(h.app, 'PATCH', vouchersUrl(`${night.body.id}/`), { active: false }, { token: owner });

    // twice per account: two paid orders take it, the third is told it was used
    const twice = await create({
      code: newCode('TWICE'),
      kind: 'fixed',
      value: '1.00',
      currency: 'EUR',
      max_uses_per_account: 2,
    });
    const code = twice.body.code as string;
    expect(await buy(photos[0]!, { voucher_code: code })).toBe('1.00');
    expect(await buy(photos[1]!, { voucher_code: code })).toBe('1.00');
    expect(await voucherStatus(photos[2]!, code)).toBe('used');
    const third = await call(
      h.app,
      'POST',
      '/api/v3/orders/',
      { payment_method: 'stripe', voucher_code: code },
      { token: buyer.token },
    );
    expect(third.status).toBe(400);
    expect(third.body.message).toBe('Promotion already used');
    const counted = (await listed(`?search=${code}`)).results[0]!;
    expect(counted).toMatchObject({ uses: 2, held: 0, state: 'active' });
    // raising the limit lets the same account use it again
    await call(
      h.app,
      'PATCH',
      vouchersUrl(`${twice.body.id}/`),
      { max_uses_per_account: 3 },
      { token: owner },
    );
    expect(await voucherStatus(photos[2]!, code)).toBe('valid');

    // in all: two uses at most, both taken above → used up for everyone
    await call(h.app, 'PATCH', vouchersUrl(`${twice.body.id}/`), { max_uses: 2 }, { token: owner });
    expect(await voucherStatus(photos[2]!, code)).toBe('used');
    expect((await listed(`?search=${code}`)).results[0]!.state).toBe('used_up');
  });

  it('edits a voucher as a whole, and deletes an unused one but only deactivates a used one', async () => {
    const made = await create({ code: newCode('EDIT'), kind: 'percentage', value: 20 });
    const url = vouchersUrl(`${made.body.id}/`);
    const patch = (body: unknown) => call(h.app, 'PATCH', url, body, { token: owner });
    // a new kind needs its own value, checked against that kind
    expect((await patch({ kind: 'fixed' })).body.data).toEqual({ fields: { value: ['field.required'] } });
    expect((await patch({ kind: 'free_photos', value: 5000 })).status).toBe(400);
    expect(
      (await patch({ valid_to: '2000-01-01T00:00:00Z', valid_from: '2001-01-01T00:00:00Z' })).status,
    ).toBe(400);
    const changed = await patch({ kind: 'fixed', value: 3, currency: 'CHF', code: 'edited-code' });
    expect(changed.body).toMatchObject({
      kind: 'fixed',
      value: '3.00',
      currency: 'CHF',
      code: 'EDITED-CODE',
    });
    expect((await patch({ code: 'LAKEFIVE' })).status).toBe(409);
    expect((await call(h.app, 'PATCH', vouchersUrl('999999/'), { value: 1 }, { token: owner })).status).toBe(
      404,
    );

    const removed = await call(h.app, 'DELETE', url, undefined, { token: owner });
    expect(removed.body).toEqual({ outcome: 'deleted', voucher: null });
    expect((await call(h.app, 'DELETE', url, undefined, { token: owner })).status).toBe(404);

    const used = await create({ code: newCode('KEEP'), kind: 'fixed', value: '0.50', currency: 'EUR' });
    expect(await buy(photos[3]!, { voucher_code: used.body.code })).toBe('0.50');
    const kept = await call(h.app, 'DELETE', vouchersUrl(`${used.body.id}/`), undefined, { token: owner });
    expect(kept.body).toMatchObject({ outcome: 'deactivated', voucher: { state: 'deactivated', uses: 1 } });
    const { rows } = await h.database.executeSql(
      'select count(*)::int as n from voucher_redemptions where voucher_id = $1',
      [used.body.id],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
  });

  it('campaigns: a shareable link from the configured site, an expiry and events the checkout honours, orders counted', async () => {
    const made = await call(
      h.app,
      'POST',
      campaignsUrl(),
      { code: 'spring25', percent_off: 25, expires_at: '2099-04-30T22:00:00Z', events: [MARATHON] },
      { token: owner, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const campaign = made.body as Campaign;
    // built from PUBLIC_URL (the demo organisation is the platform's own site), never from the request
    expect(campaign.url).toBe(
      'http://localhost:8080/preview?campaign_code=SPRING25&campaign_expires_at=2099-04-30T22%3A00%3A00.000Z',
    );
    expect(campaign).toMatchObject({ code: 'SPRING25', state: 'active', orders: 0 });
    const cart = await cartWith(photos[4]!, 'campaign_code=SPRING25');
    expect(cart.campaign).toMatchObject({ code: 'SPRING25', percent_off: 25 });
    await buy(photos[4]!, { campaign_code: 'SPRING25' });
    const [row] = (
      (await call(h.app, 'GET', campaignsUrl('?search=spring'), undefined, { token: owner })).body as {
        results: Campaign[];
      }
    ).results;
    expect(row).toMatchObject({ code: 'SPRING25', orders: 1, open_orders: 0 });

    // limited to the night run, the marathon's cart takes nothing off
    await call(h.app, 'PATCH', campaignsUrl(`${campaign.id}/`), { events: [NIGHT_RUN] }, { token: owner });
    expect((await cartWith(photos[5]!, 'campaign_code=SPRING25')).campaign).toBeNull();
    // expired, the same
    await call(
      h.app,
      'PATCH',
      campaignsUrl(`${campaign.id}/`),
      { events: [], expires_at: '2020-01-01T00:00:00Z' },
      { token: owner },
    );
    expect((await cartWith(photos[5]!, 'campaign_code=SPRING25')).campaign).toBeNull();
    expect(
      (
        (await call(h.app, 'GET', campaignsUrl('?status=expired'), undefined, { token: owner })).body as {
          results: Campaign[];
        }
      ).results.map((c) => c.code),
    ).toEqual(['SPRING25']);
    // a code taken (the demo's SUMMER10), another organisation's event, a bad percentage
    const bad = async (body: unknown) =>
      (await call(h.app, 'POST', campaignsUrl(), body, { token: owner })).status;
    expect(await bad({ code: 'summer10', percent_off: 10 })).toBe(409);
    expect(await bad({ code: 'OTHER1', percent_off: 10, events: [otherOrgEvent] })).toBe(400);
    expect(await bad({ code: 'OTHER2', percent_off: 0 })).toBe(400);

    // an order carries it: deleting only deactivates, and the order keeps the code it used
    const removed = await call(h.app, 'DELETE', campaignsUrl(`${campaign.id}/`), undefined, { token: owner });
    expect(removed.body).toMatchObject({
      outcome: 'deactivated',
      campaign: { code: 'SPRING25', state: 'deactivated', orders: 1 },
    });
    const { rows } = await h.database.executeSql(
      "select count(*)::int as n from orders where campaign_code = 'SPRING25'",
      [],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
    expect((await cartWith(photos[5]!, 'campaign_code=SPRING25')).campaign).toBeNull();
  });

  it('campaigns: deactivated, the link takes nothing off as if expired; reactivated, it applies again; an unused one is deleted', async () => {
    const made = await call(
      h.app,
      'POST',
      campaignsUrl(),
      { code: 'PAUSE20', percent_off: 20 },
      { token: owner },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body as Campaign).id;
    expect((await cartWith(photos[6]!, 'campaign_code=PAUSE20')).campaign).toMatchObject({ percent_off: 20 });

    const off = await call(h.app, 'PATCH', campaignsUrl(`${id}/`), { active: false }, { token: owner });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ state: 'deactivated', deactivated_at: expect.any(String) });
    // the participant's cart: no campaign line, the total without its discount, as for an expired one
    const cart = await cartWith(photos[6]!, 'campaign_code=PAUSE20');
    expect(cart.campaign).toBeNull();
    // neither does an order take it
    expect(await buy(photos[6]!, { campaign_code: 'PAUSE20' })).toBe('0.00');
    const listed = async (status: string) =>
      (
        (await call(h.app, 'GET', campaignsUrl(`?status=${status}`), undefined, { token: owner })).body as {
          results: Campaign[];
        }
      ).results.map((c) => c.code);
    expect(await listed('deactivated')).toContain('PAUSE20');
    expect(await listed('active')).not.toContain('PAUSE20');

    const on = await call(h.app, 'PATCH', campaignsUrl(`${id}/`), { active: true }, { token: owner });
    expect(on.body).toMatchObject({ state: 'active', deactivated_at: null });
    expect((await cartWith(photos[7]!, 'campaign_code=PAUSE20')).campaign).toMatchObject({ percent_off: 20 });
    expect(
      await call(h.app, 'PATCH', campaignsUrl(`${id}/`), { active: 'no' }, { token: owner }),
    ).toMatchObject({
      status: 400,
    });

    // no order carries it: deleting removes it, and its code is free again
    const gone = await call(h.app, 'DELETE', campaignsUrl(`${id}/`), undefined, { token: owner });
    expect(gone.body).toEqual({ outcome: 'deleted', campaign: null });
    expect(await listed('active')).not.toContain('PAUSE20');
    expect(
      (await call(h.app, 'POST', campaignsUrl(), { code: 'PAUSE20', percent_off: 5 }, { token: owner }))
        .status,
    ).toBe(201);
  });
});
