import type { PriceListItemRow } from '../db/album-schema';
import type { Db } from '../db/client';
import { type PhotoServiceRow, photoServicesRepository } from '../repositories/photo-services.repository';
import { priceListsRepository } from '../repositories/price-lists.repository';

const bundle = (qty: number, price: string, original: string | null = null): PriceListItemRow => ({
  media_type: 'photo',
  qty,
  from_qty: null,
  to_qty: null,
  unit_price: null,
  price,
  price_original: original,
});
const range = (from: number, to: number | null, unit: string): PriceListItemRow => ({
  media_type: 'photo',
  qty: null,
  from_qty: from,
  to_qty: to,
  unit_price: unit,
  price: null,
  price_original: null,
});

/** Album codes of the demo, printed at start-up so a visitor can try them. */
export const DEMO_CODES = {
  marathonRunner: 'K7M2Q9P',
  marathonEvent: 'LAKE2026',
  hotelRoom: 'ROOM204B',
  trailRunner: 'TRAIL4821',
  nightRunner: 'NIGHTRUN',
} as const;

/**
 * The trail run's photo package: below its runner's 6 photos at the list (CHF 48.00), nothing
 * struck through by hand (issue 17: the cart computes the original from the single prices).
 */
const TRAIL_PACKAGES: PhotoServiceRow['packagePrices'] = [
  { order_type: 'ALL_PHOTOS', price: '39.00', price_original: null },
];
const TRAIL_SLUG = 'a1b7e5d0';
const MARATHON_SLUG = '5e1a0c3d';

/**
 * A demo seeded before issue 17 sells the trail run's package at CHF 60.00 "instead of" 96.00,
 * dearer than its photos: set to today's demo prices once, and only while they are the old demo
 * values (an organiser's own prices are left alone). Safe at every start.
 */
export async function upgradeDemoPackagePrices(db: Db): Promise<void> {
  const repo = photoServicesRepository(db);
  const trail = await repo.findBySlug(TRAIL_SLUG);
  if (trail?.packagePrices.some((p) => p.price === '60.00' && p.price_original === '96.00'))
    await repo.setPackagePrices(trail.id, TRAIL_PACKAGES);
  const marathon = await repo.findBySlug(MARATHON_SLUG);
  if (marathon?.packagePrices.some((p) => p.price_original !== null))
    await repo.setPackagePrices(
      marathon.id,
      marathon.packagePrices.map((p) => ({ ...p, price_original: null })),
    );
}

const addDays = (date: Date, days: number) =>
  new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo events relative to today, so the demo always has a past marathon with photos, a stay in
 * progress and races coming up in the calendar. The album deadlines are relative to the seeding
 * (once, into an empty installation), so the states they show move on as days pass: the hotel room
 * is in its last call for about two days, then deleting; the trail run warns of the last chance
 * from day 0 and is in its last call from day 7; the night run has not started for 20 days.
 */
export async function seedDemoEvents(db: Db, ids: { ownSite: number; branded: number }, now = new Date()) {
  const repo = photoServicesRepository(db);
  if (await repo.findPicacode(DEMO_CODES.marathonRunner)) return;

  const marathon = await repo.insert({
    organisationId: ids.ownSite,
    slug: MARATHON_SLUG,
    name: 'Lakeside City Marathon',
    description: 'Forty-two kilometres around the lake, from the old harbour to the finish in the park.',
    location: 'Lakeside',
    experienceType: 'event',
    startDate: addDays(now, -6),
    endDate: addDays(now, -6),
    currency: 'EUR',
    packagePrices: [
      { order_type: 'ALL_PHOTOS', price: '39.90', price_original: null },
      { order_type: 'PHOTOS_AND_VIDEOS', price: '49.90', price_original: null },
      { order_type: 'VIDEOS', price: '24.90', price_original: null },
    ],
    hdAvailableFrom: new Date(now.getTime() - 3 * 86_400_000),
    mediaAvailableTo: new Date(now.getTime() + 90 * 86_400_000),
    welcomePopup: {
      active: true,
      title: 'Well run!',
      text: 'Your photos from the course are here. Tap one to see it large.',
    },
  });
  const start = await repo.insertGallery({ photoServiceId: marathon.id, name: 'Start', position: 0 });
  const course = await repo.insertGallery({ photoServiceId: marathon.id, name: 'Course', position: 1 });
  await repo.insertGallery({ photoServiceId: marathon.id, parentId: course.id, name: 'Km 10', position: 0 });
  await repo.insertGallery({ photoServiceId: marathon.id, parentId: course.id, name: 'Km 30', position: 1 });
  const finish = await repo.insertGallery({
    photoServiceId: marathon.id,
    name: 'Finish',
    position: 2,
    layout: 'v',
  });
  const prices = priceListsRepository(db);
  await prices.insert(marathon.id, null, [
    bundle(1, '9.90'),
    bundle(5, '29.90', '49.50'),
    bundle(10, '44.90', '99.00'),
    { ...bundle(1, '14.90'), media_type: 'video' },
  ]);
  // The finish-line photos are the ones runners want most: their own list, refreshed as they arrive.
  await prices.insert(marathon.id, finish.id, [bundle(1, '12.90'), bundle(3, '29.90', '38.70')], 600);
  await repo.insertPicacode({
    photoServiceId: marathon.id,
    code: DEMO_CODES.marathonRunner,
    kind: 'participant',
    tags: ['bib-1042'],
  });
  await repo.insertPicacode({
    photoServiceId: marathon.id,
    code: DEMO_CODES.marathonEvent,
    kind: 'event',
    galleryIds: [start.id],
  });

  const hotel = await repo.insert({
    organisationId: ids.ownSite,
    slug: '9b4f7e21',
    name: 'Hotel Bellavista — autumn stay',
    description: 'Photos of your stay: the pool, the dinners and the excursions.',
    location: 'Riva del Garda',
    experienceType: 'stay',
    startDate: addDays(now, -10),
    endDate: addDays(now, 20),
    currency: 'EUR',
    showInCalendar: false,
    canPurchaseDuringStay: true,
    packagePrices: [{ order_type: 'ALL_PHOTOS', price: '49.00', price_original: null }],
    // Unpurchased stay photos go at the end of this day (UTC): the room album opens in its last call.
    lastStayDeletionDate: addDays(now, 2),
    dataCollectorFields: [
      { name: 'guest_name', label: 'Name on the booking', type: 'text', required: true },
      { name: 'phone', label: 'Mobile phone', type: 'tel', required: false },
    ],
    stepPrivacy: 'The hotel uses your name only to match your booking. It is deleted when your stay ends.',
  });
  await repo.insertGallery({ photoServiceId: hotel.id, name: 'Pool', position: 0 });
  await prices.insert(hotel.id, null, [range(1, 4, '6.50'), range(5, 19, '4.90'), range(20, null, '3.50')]);
  await repo.insertGallery({ photoServiceId: hotel.id, name: 'Dinner', position: 1 });
  await repo.insertPicacode({
    photoServiceId: hotel.id,
    code: DEMO_CODES.hotelRoom,
    kind: 'room',
    tags: ['room-204'],
    // The guest left yesterday; the hotel stay goes on for others.
    startOfStay: addDays(now, -6),
    endOfStay: addDays(now, -1),
  });

  const nightRun = await repo.insert({
    organisationId: ids.ownSite,
    slug: 'c0ffee42',
    name: 'Winter Night Run',
    description: 'Ten kilometres by torchlight through the old town.',
    location: 'Lakeside',
    experienceType: 'event',
    startDate: addDays(now, 20),
    endDate: addDays(now, 20),
    currency: 'EUR',
  });
  // A registered runner's code before the race: the album says the event has not started.
  await repo.insertPicacode({
    photoServiceId: nightRun.id,
    code: DEMO_CODES.nightRunner,
    kind: 'participant',
    tags: ['bib-310'],
  });

  const trail = await repo.insert({
    organisationId: ids.branded,
    slug: TRAIL_SLUG,
    name: 'Alpine Trail Run',
    description: 'Twenty-five kilometres and 1,400 metres of climbing above the valley.',
    location: 'Val Gardena',
    experienceType: 'event',
    startDate: addDays(now, -2),
    endDate: addDays(now, -2),
    currency: 'CHF',
    packagePrices: TRAIL_PACKAGES,
    // HD a week after the race; unpurchased photos deleted 10 days after seeding (last chance).
    hdServingType: 'delayed',
    hdAvailableFrom: new Date(`${addDays(now, 5)}T08:00:00Z`),
    mediaAvailableTo: new Date(`${addDays(now, 10)}T22:00:00Z`),
    options: [
      { id: 'short', label: 'Short trail (12 km)' },
      { id: 'long', label: 'Long trail (25 km)' },
    ],
  });
  await repo.insertGallery({ photoServiceId: trail.id, name: 'Summit', position: 0 });
  await prices.insert(trail.id, null, [bundle(1, '12.00'), bundle(6, '48.00', '72.00')]);
  await repo.insertPicacode({
    photoServiceId: trail.id,
    code: DEMO_CODES.trailRunner,
    kind: 'participant',
    tags: ['bib-4821'],
  });
}
