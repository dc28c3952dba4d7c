import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, startHarness } from './harness';
import { payCart } from './orders-fixture';
import { addPhoto, runnerWithAlbum, seededMarathon, setPhotoPackage } from './photos';

const ORDERS = '/api/organiser/v1/orders/';

interface Medium {
  id: number;
  is_purchased: boolean;
  download_url: string | null;
}

/**
 * Issue 19: "a refunded line's download rights end" — for links handed out before the refund too.
 * A download link names its buyer and is checked against what they still hold; an album zip made
 * before a refund of what it holds is gone.
 */
describe.each(BACKENDS)('downloads after a refund on %s', (backend) => {
  let h: Harness;
  let owner: string;
  let marathon: Awaited<ReturnType<typeof seededMarathon>>;
  const photos: number[] = [];

  beforeAll(async () => {
    h = await startHarness(backend);
    marathon = await seededMarathon(h);
    for (const shade of [0, 1, 2]) photos.push(await addPhoto(h, marathon.place(), shade));
    await h.database.executeSql("update photo_services set hd_serving_type = 'immediate' where id = $1", [
      marathon.id,
    ]);
    owner = await logInAsDemoOrganiser(h.app);
  });
  afterAll(() => h?.close());

  /** The buyer pays their cart by card. */
  const pay = (token: string) => payCart(h.app, token);
  const addToCart = async (token: string, item: Record<string, unknown>) =>
    expect((await call(h.app, 'POST', '/api/cart/digital-items/', item, { token })).status).toBe(201);
  const album = async (token: string, albumId: number) =>
    (await call(h.app, 'GET', `/api/v3/checkins/${albumId}/all-medias/`, undefined, { token })).body
      .results as Medium[];
  const linkOf = async (token: string, albumId: number, mediaId: number) =>
    (await album(token, albumId)).find((m) => m.id === mediaId)?.download_url ?? null;
  const lines = async (orderId: number) =>
    ((await call(h.app, 'GET', `${ORDERS}${orderId}/`, undefined, { token: owner })).body.lines as {
      id: number;
      media_ids: number[];
    }[]) ?? [];
  const refund = async (orderId: number, lineIds?: number[]) => {
    const done = await call(
      h.app,
      'POST',
      `${ORDERS}${orderId}/refund/`,
      { ...(lineIds ? { lines: lineIds } : {}), reason: 'Not my photo' },
      { token: owner },
    );
    expect(done.status).toBe(200);
  };
  const download = (url: string) => h.app.inject({ url });
  const userOf = async (albumId: number) =>
    (
      (await h.database.executeSql('select user_id from checkins where id = $1', [albumId])).rows[0] as {
        user_id: number;
      }
    ).user_id;

  it("ends a refunded line's download link handed out before the refund; the other line's keeps working", async () => {
    const { token, albumId } = await runnerWithAlbum(h, 'ada.links@example.com');
    // two lines of one order: a pick from the album's own list, one from its gallery
    await addToCart(token, {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: [photos[0]],
    });
    await addToCart(token, {
      checkin_id: albumId,
      gallery_id: marathon.place().galleryId,
      order_type: 'PHOTOLIST',
      media_ids: [photos[1]],
    });
    const orderId = await pay(token);
    const first = (await linkOf(token, albumId, photos[0]!))!;
    const second = (await linkOf(token, albumId, photos[1]!))!;
    expect(first).toContain(`/original-download/${await userOf(albumId)}-${albumId}/`);
    expect((await download(first)).statusCode).toBe(200);
    expect((await download(second)).statusCode).toBe(200);

    const line = (await lines(orderId)).find((l) => l.media_ids.includes(photos[0]!))!;
    await refund(orderId, [line.id]);

    const refused = await download(first);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'download_not_allowed',
      message: 'This photo is no longer part of your purchases.',
    });
    expect((await download(second)).statusCode).toBe(200);
    // the album no longer offers it either
    expect(await linkOf(token, albumId, photos[0]!)).toBeNull();
    expect(await linkOf(token, albumId, photos[1]!)).toBe(second);
  });

  it("gives nobody else a buyer's download: another user cannot put themselves in the link, nor sign one", async () => {
    const ada = await runnerWithAlbum(h, 'ada.owner@example.com');
    const bob = await runnerWithAlbum(h, 'bob.other@example.com');
    await addToCart(ada.token, {
      checkin_id: ada.albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: [photos[2]],
    });
    await pay(ada.token);
    const link = (await linkOf(ada.token, ada.albumId, photos[2]!))!;
    expect((await download(link)).statusCode).toBe(200);
    // Bob's id and album in Ada's link: the signature no longer holds
    const adaOwner = `${await userOf(ada.albumId)}-${ada.albumId}`;
    const bobOwner = `${await userOf(bob.albumId)}-${bob.albumId}`;
    const edited = await download(link.replace(`/${adaOwner}/`, `/${bobOwner}/`));
    expect(edited.statusCode).toBe(403);
    expect(edited.json().code).toBe('invalid_link');
    // a link signed for Bob, who bought nothing, downloads nothing
    const forBob = h.services.mediaFiles.downloadUrl(photos[2]!, 'photo.jpg', {
      userId: await userOf(bob.albumId),
      checkinId: bob.albumId,
    });
    const refused = await download(forBob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('download_not_allowed');
    // a link in the form before owners were named, even correctly signed, no longer downloads
    const [path, query] = link.split('?') as [string, string];
    const ownerless = await download(`${path.replace(`/${adaOwner}/`, '/')}?${query}`);
    expect(ownerless.statusCode).toBe(403);
    expect(ownerless.json().code).toBe('link_expired');
  });

  it("takes a refunded package's zip away, and a zip made after a line's refund leaves that photo out", async () => {
    await setPhotoPackage(h, marathon.id, '9.90');
    const { token, albumId } = await runnerWithAlbum(h, 'cleo.package@example.com');
    await addToCart(token, { checkin_id: albumId, order_type: 'ALL_PHOTOS' });
    const packageOrder = await pay(token);
    expect((await album(token, albumId)).filter((m) => m.is_purchased)).toHaveLength(photos.length);

    const zipUrl = async () => {
      const asked = await call(h.app, 'POST', `/api/v2/checkins/${albumId}/download-medias/`, undefined, {
        token,
      });
      expect(asked.status).toBe(200);
      const { rows } = await h.database.executeSql(
        'select id from album_zips where checkin_id = $1 order by id desc limit 1',
        [albumId],
      );
      await h.services.albumZips.build({
        zipId: (rows[0] as { id: number }).id,
        linkBase: 'http://localhost:8080',
      });
      const status = await call(h.app, 'GET', `/api/v2/checkins/${albumId}/download-medias/`, undefined, {
        token,
      });
      return status.body as { url: string | null; total: number };
    };
    const zip = await zipUrl();
    expect(zip.total).toBe(photos.length);
    expect((await download(zip.url!)).statusCode).toBe(200);
    const photoLink = (await linkOf(token, albumId, photos[0]!))!;

    await refund(packageOrder);
    const gone = await download(zip.url!);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This zip is no longer available. Ask for a new one in your album.');
    // the album no longer shows the zip's link, and a package's photo link ends with it
    const status = await call(h.app, 'GET', `/api/v2/checkins/${albumId}/download-medias/`, undefined, {
      token,
    });
    expect(status.body.url).toBeNull();
    expect((await download(photoLink)).statusCode).toBe(403);

    // bought again photo by photo, one line refunded: a new zip holds only what is still bought
    await addToCart(token, {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: [photos[0]],
    });
    await addToCart(token, {
      checkin_id: albumId,
      gallery_id: marathon.place().galleryId,
      order_type: 'PHOTOLIST',
      media_ids: [photos[1]],
    });
    const picks = await pay(token);
    const line = (await lines(picks)).find((l) => l.media_ids.includes(photos[0]!))!;
    await refund(picks, [line.id]);
    // the test's clock stands still: the new zip is asked for a minute after the refund
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const after = await zipUrl();
    expect(after.total).toBe(1);
    expect((await download(after.url!)).statusCode).toBe(200);
  });
});
