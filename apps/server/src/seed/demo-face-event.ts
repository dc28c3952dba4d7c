import type { Db } from '../db/client';
import { photoServicesRepository } from '../repositories/photo-services.repository';
import { priceListsRepository } from '../repositories/price-lists.repository';

/** The demo's face-search event: its event-wide code, and its slug (the organiser uploads to it). */
export const DEMO_FACE_EVENT = { code: 'SELFIE24', slug: 'f4ce5e1f' } as const;

const addDays = (date: Date, days: number) =>
  new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A company party whose photos are found by selfie (checkin_mode face-checkin): the album code
 * SELFIE24 opens it, and the album shows nothing until a selfie found its owner's photos. Added to
 * installations seeded before it existed too; the demo organiser's organisation owns it.
 */
export async function seedDemoFaceEvent(db: Db, organisationId: number, now = new Date()): Promise<void> {
  const repo = photoServicesRepository(db);
  if (await repo.findPicacode(DEMO_FACE_EVENT.code)) return;
  const party = await repo.insert({
    organisationId,
    slug: DEMO_FACE_EVENT.slug,
    name: 'Northwind Summer Party',
    description: 'The company summer party on the roof terrace: take a selfie to find your photos.',
    location: 'Lakeside',
    experienceType: 'event',
    checkinMode: 'face-checkin',
    startDate: addDays(now, -3),
    endDate: addDays(now, -3),
    currency: 'EUR',
    packagePrices: [{ order_type: 'ALL_PHOTOS', price: '19.90', price_original: null }],
    hdAvailableFrom: new Date(now.getTime() - 2 * 86_400_000),
    mediaAvailableTo: new Date(now.getTime() + 90 * 86_400_000),
    stepPrivacy:
      'Your selfie is turned into a face descriptor (a list of numbers) to find the photos you appear in. ' +
      'The picture itself is not kept. The descriptor is deleted when you remove the album or your account, ' +
      'and after 180 days at the latest.',
  });
  await repo.insertGallery({ photoServiceId: party.id, name: 'Roof terrace', position: 0 });
  await priceListsRepository(db).insert(party.id, null, [
    {
      media_type: 'photo',
      qty: 1,
      from_qty: null,
      to_qty: null,
      unit_price: null,
      price: '4.90',
      price_original: null,
    },
  ]);
  await repo.insertPicacode({ photoServiceId: party.id, code: DEMO_FACE_EVENT.code, kind: 'event' });
}
