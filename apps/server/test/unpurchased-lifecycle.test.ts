import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/adapters/mail/mailer';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { albumEntitlements, mediaEntitlements, orderLines, orders } from '../src/db/order-schema';
import { mediaKey } from '../src/media/variants';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { priceListsRepository } from '../src/repositories/price-lists.repository';
import { usersRepository } from '../src/repositories/users.repository';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';

const DAY = 86_400_000;

describe.each(BACKENDS)('unpurchased media lifecycle on %s', (backend) => {
  let h: Harness;
  let dir: string;
  let storage: Storage;
  let base: Date;
  let deadline: Date;
  let serviceId: number;
  let tokenA: string;
  let albumA: number;
  let userA: number;
  /** A bought p1 one by one; B bought its whole album (p3); p2 (A's) and p4 (nobody's) are unbought. */
  const p: Record<'p1' | 'p2' | 'p3' | 'p4', number> = { p1: 0, p2: 0, p3: 0, p4: 0 };

  const at = (ms: number) => {
    h.clock.now = new Date(ms);
  };
  const run = () => h.services.unpurchasedLifecycle.run();
  /** The lifecycle's e-mails waiting on the mail queue. */
  const mails = async () =>
    (
      (
        await h.database.executeSql(
          `select data from pgboss.job where name = 'mail-send' order by created_on`,
        )
      ).rows as {
        data: MailMessage;
      }[]
    ).map((r) => r.data);
  const grandTotal = async () =>
    (
      (await call(h.app, 'GET', '/api/v1/cart/', undefined, { token: tokenA })).body.totals as {
        digital_items_total: string;
      }
    ).digital_items_total;
  const exists = (id: number) => storage.exists(mediaKey(id, 'original'));
  const mediaRows = async () =>
    (
      (
        await h.database.executeSql('select id from media where photo_service_id = $1 order by id', [
          serviceId,
        ])
      ).rows as {
        id: number;
      }[]
    ).map((r) => r.id);

  async function paidOrder(userId: number, status: 'paid' | 'awaiting_payment' = 'paid', checkinId?: number) {
    const [order] = await h.database.db
      .insert(orders)
      .values({
        userId,
        status,
        paymentMethod: 'stripe',
        provider: 'test',
        currency: 'EUR',
        digitalTotal: 500,
        printTotal: 0,
        shippingCosts: 0,
        handlingFee: 0,
        discountTotal: 0,
        grandTotal: 500,
        fingerprint: `fp-${Math.random()}`,
        linkBase: 'http://localhost:8080',
        createdAt: h.clock.now,
      })
      .returning();
    if (checkinId) {
      await h.database.db.insert(orderLines).values({
        orderId: order!.id,
        kind: 'digital',
        orderType: 'PHOTOLIST',
        checkinId,
        mediaIds: [p.p2],
        description: 'Photos',
        quantity: 1,
        total: 500,
      });
    }
    return order!.id;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fotodrop-lifecycle-'));
    storage = localStorage(dir);
    h = await startHarness(backend, { storage });
    base = new Date(Math.floor(Date.now() / DAY) * DAY);
    // Unbought photos go at 22:00 UTC, 25 days from now.
    deadline = new Date(base.getTime() + 25 * DAY + 22 * 3_600_000);
    at(base.getTime());
    const repo = photoServicesRepository(h.database.db);
    const event = await repo.insert({
      organisationId: 34,
      slug: 'l1fecyc1',
      name: 'Harbour Swim',
      experienceType: 'event',
      startDate: new Date(base.getTime() - 3 * DAY).toISOString().slice(0, 10),
      endDate: new Date(base.getTime() - 3 * DAY).toISOString().slice(0, 10),
      currency: 'EUR',
      mediaAvailableTo: deadline,
      packagePrices: [{ order_type: 'ALL_PHOTOS', price: '30.00', price_original: null }],
    });
    serviceId = event.id;
    const gallery = await repo.insertGallery({ photoServiceId: serviceId, name: 'Pier', position: 0 });
    await priceListsRepository(h.database.db).insert(serviceId, null, [
      {
        media_type: 'photo',
        qty: 1,
        from_qty: null,
        to_qty: null,
        unit_price: null,
        price: '10.00',
        price_original: null,
      },
    ]);
    await repo.insertPicacode({
      photoServiceId: serviceId,
      code: 'SWIMA1',
      kind: 'participant',
      tags: ['bib-1'],
    });
    await repo.insertPicacode({
      photoServiceId: serviceId,
      code: 'SWIMB2',
      kind: 'participant',
      tags: ['bib-2'],
    });
    const place = (tag: string) => ({ serviceId, galleryId: gallery.id, tags: [tag] });
    p.p1 = await addPhoto(h, place('bib-1'), 1);
    p.p2 = await addPhoto(h, place('bib-1'), 2);
    p.p3 = await addPhoto(h, place('bib-2'), 3);
    p.p4 = await addPhoto(h, place('bib-3'), 4);

    const signUp = async (email: string, code: string) => {
      const token = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body
        .token as string;
      const album = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: code }, { token })).body
        .id as number;
      const user = (await usersRepository(h.database.db).findByEmail(email))!.id;
      return { token, album, user };
    };
    const a = await signUp('anna@example.com', 'SWIMA1');
    const b = await signUp('ben@example.com', 'SWIMB2');
    tokenA = a.token;
    albumA = a.album;
    userA = a.user;
    await h.database.db
      .insert(mediaEntitlements)
      .values({ userId: a.user, mediaId: p.p1, orderId: await paidOrder(a.user) });
    await h.database.db
      .insert(albumEntitlements)
      .values({ userId: b.user, checkinId: b.album, mediaType: 'photo', orderId: await paidOrder(b.user) });
    // A has p2 in the cart: its price shows whether the cart and the lifecycle agree on the last call.
    const picked = await call(
      h.app,
      'POST',
      '/api/cart/digital-items/',
      { checkin_id: albumA, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [p.p2] },
      { token: tokenA },
    );
    expect(picked.status).toBe(201);
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('says nothing while the deadline is far', async () => {
    at(base.getTime() + 5 * DAY);
    expect(await run()).toEqual({ notices: 0, deleted: 0 });
    expect(await mails()).toEqual([]);
    expect(await grandTotal()).toBe('10.00');
  });

  it('warns the owner of unbought photos once at the last chance, and not an owner who bought them all', async () => {
    at(deadline.getTime() - 13 * DAY);
    expect((await run()).notices).toBe(1);
    at(deadline.getTime() - 10 * DAY);
    expect((await run()).notices).toBe(0);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'anna@example.com',
      subject: 'Last chance: your photos of Harbour Swim will be deleted soon',
    });
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(deadline);
    expect(sent[0]!.text).toContain(`will be deleted on ${day}`);
    expect(sent[0]!.text).toContain('http://localhost:8080/checkins/SWIMA1');
    expect(await grandTotal()).toBe('10.00');
  });

  it('sends the last call once, with the half price the cart charges then', async () => {
    at(deadline.getTime() - 2 * DAY);
    expect((await run()).notices).toBe(1);
    expect((await run()).notices).toBe(0);
    const sent = (await mails()).filter((m) => m.subject.startsWith('Last call'));
    expect(sent).toHaveLength(1);
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(deadline);
    expect(sent[0]).toMatchObject({ to: 'anna@example.com' });
    expect(sent[0]!.text).toContain(
      `Last call until ${day}: SD photos are 50 % off; HD photos are no longer available.`,
    );
    // The cart's last call: the same photo now costs half.
    expect(await grandTotal()).toBe('5.00');
    expect(await mails()).toHaveLength(2);
  });

  it('after the deadline deletes the media nobody bought, files and rows, and keeps the bought ones', async () => {
    // An order still awaiting its payment holds the deletion off…
    at(deadline.getTime() + 3_600_000);
    const open = await paidOrder(userA, 'awaiting_payment', albumA);
    expect(await run()).toEqual({ notices: 0, deleted: 0 });
    expect(await exists(p.p2)).toBe(true);
    // …until it fails.
    await h.database.executeSql(`update orders set status = 'failed' where id = $1`, [open]);

    for (const id of Object.values(p)) expect(await exists(id)).toBe(true);
    expect(await run()).toEqual({ notices: 0, deleted: 2 });
    expect(await exists(p.p1)).toBe(true);
    expect(await exists(p.p3)).toBe(true);
    expect(await storage.exists(mediaKey(p.p1, 'thumb-clean-webp'))).toBe(true);
    for (const id of [p.p2, p.p4]) {
      expect(await exists(id)).toBe(false);
      expect(await storage.exists(mediaKey(id, 'preview'))).toBe(false);
      expect(await storage.exists(mediaKey(id, 'thumb-webp'))).toBe(false);
      expect(await storage.exists(mediaKey(id, 'thumb-clean-jpeg'))).toBe(false);
    }
    expect(await mediaRows()).toEqual([p.p1, p.p3].sort((x, y) => x - y));
    // The owner's album still shows the photo bought, and only it.
    const album = await call(h.app, 'GET', `/api/v3/checkins/${albumA}/all-medias/?page=1`, undefined, {
      token: tokenA,
    });
    expect(album.status).toBe(200);
    expect((album.body.results as { id: number }[]).map((m) => m.id)).toEqual([p.p1]);
    const { rows } = await h.database.executeSql('select media_deleted from photo_services where id = $1', [
      serviceId,
    ]);
    expect(rows[0]).toEqual({ media_deleted: true });

    // Done once: a later run finds nothing (the event is marked deleted), the bought photos stay.
    at(deadline.getTime() + 5 * DAY);
    expect(await run()).toEqual({ notices: 0, deleted: 0 });
    expect(await mediaRows()).toEqual([p.p1, p.p3].sort((x, y) => x - y));
    expect(await mails()).toHaveLength(2);
  });
});
