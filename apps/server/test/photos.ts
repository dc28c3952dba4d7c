import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { priceListsRepository } from '../src/repositories/price-lists.repository';
import { seedDemo } from '../src/seed/demo';
import { call, type Harness, SIGNUP } from './harness';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample2.jpg', import.meta.url),
);

/**
 * A real photo through the real pipeline (ingest, then its derivatives, now and later), one shade brighter per
 * `shade` so no two are the same file; `width` pixels wide (320 unless given).
 */
export async function addPhoto(
  h: Harness,
  place: { serviceId: number; galleryId: number; tags: string[] },
  shade: number,
  width = 320,
): Promise<number> {
  const bytes = await sharp(await readFile(SAMPLE))
    .resize(width)
    .modulate({ brightness: 1 + shade / 10 })
    .jpeg()
    .toBuffer();
  const { id } = await h.services.mediaFiles.ingest({
    photoServiceId: place.serviceId,
    galleryId: place.galleryId,
    tags: place.tags,
    filename: null,
    bytes,
  });
  await h.services.mediaFiles.processDerivatives(id);
  // The later job too (AVIF thumbnails, the original): tests read every file from storage.
  await h.services.mediaFiles.processLater(id);
  return id;
}

/**
 * The demo seeded, and its marathon (album code K7M2Q9P, runner tag bib-1042) with the place in its
 * first gallery where the shop and order tests put their photos.
 */
export async function seededMarathon(h: Harness) {
  await seedDemo(h.database.db, argon2Hasher, 1);
  const marathon = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
  const [gallery] = (
    await h.database.executeSql('select id from galleries where photo_service_id = $1 order by id', [
      marathon.id,
    ])
  ).rows as { id: number }[];
  const place = (tags: string[] = ['bib-1042']) => ({ serviceId: marathon.id, galleryId: gallery!.id, tags });
  return { id: marathon.id, place };
}

/** A new account (SIGNUP with `email`) whose album K7M2Q9P is checked in: the marathon's buyer. */
export async function runnerWithAlbum(h: Harness, email: string = SIGNUP.email) {
  const token = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body
    .token as string;
  const albumId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
    .id as number;
  return { token, albumId };
}

/** The bank account bank transfers are paid to, as the demo's checkout seeds it. */
export async function addDemoBankAccount(h: Harness) {
  await h.database.executeSql(
    "insert into bank_accounts (beneficiary, iban, bic) values ('Fotodrop Demo', 'IT60X0542811101000000123456', 'BPMOIT22XXX')",
    [],
  );
}

/**
 * A one-day race of `organisationId` whose whole-event code is `code`, photos at 8.00 each in
 * `currency`, with one gallery: its id and the gallery's.
 */
export async function addRace(
  h: Harness,
  organisationId: number,
  race: { slug: string; name: string; code: string; currency: string; gallery: string },
): Promise<{ serviceId: number; galleryId: number }> {
  const repo = photoServicesRepository(h.database.db);
  const event = await repo.insert({
    organisationId,
    slug: race.slug,
    name: race.name,
    experienceType: 'event',
    startDate: '2026-09-01',
    endDate: '2026-09-01',
    currency: race.currency,
  });
  const gallery = await repo.insertGallery({ photoServiceId: event.id, name: race.gallery, position: 0 });
  await repo.insertPicacode({ photoServiceId: event.id, code: race.code, kind: 'event' });
  await priceListsRepository(h.database.db).insert(event.id, null, [
    {
      media_type: 'photo',
      qty: 1,
      from_qty: null,
      to_qty: null,
      unit_price: null,
      price: '8.00',
      price_original: null,
    },
  ]);
  return { serviceId: event.id, galleryId: gallery.id };
}

/**
 * A race sold in Swiss francs (code RELAY77, photos at 8.00 each) with one photo, for the cart's
 * one-currency rule. Answers the photo's id.
 */
export async function addSwissRelay(h: Harness, organisationId: number, shade: number): Promise<number> {
  const place = await addRace(h, organisationId, {
    slug: 'c4f3d00d',
    name: 'Zürich Relay',
    code: 'RELAY77',
    currency: 'CHF',
    gallery: 'Relay',
  });
  return addPhoto(h, { ...place, tags: [] }, shade);
}

/**
 * Sets an event's packages to an all-photos package at `price` (issue 17: a package is offered only
 * at or below what the album's photos cost by the list; the test albums hold a few photos).
 */
export async function setPhotoPackage(
  h: Harness,
  serviceId: number,
  price: string,
  others: { order_type: 'PHOTOS_AND_VIDEOS' | 'VIDEOS'; price: string }[] = [],
): Promise<void> {
  const packages = [{ order_type: 'ALL_PHOTOS', price }, ...others];
  await h.database.executeSql('update photo_services set package_prices = $1 where id = $2', [
    JSON.stringify(packages.map((p) => ({ ...p, price_original: null }))),
    serviceId,
  ]);
}
