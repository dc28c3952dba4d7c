/**
 * What the demo's last month of selling looks like, decided by a seeded random generator (the same
 * people, albums, orders and clicks at every seeding; only the dates follow "now"). Pure: the
 * writer (`demo-sales.ts`) prices and stores it.
 */

export type DemoEventKey = 'marathon' | 'hotel' | 'party';

export interface DemoSalesEvent {
  key: DemoEventKey;
  /** The event's first day, 00:00 UTC, in ms. */
  start: number;
  photos: number[];
  /** What the event-wide album code shows (the marathon's LAKE2026: the start). */
  eventCodePhotos: number[];
}

export type AlbumCode =
  | { kind: 'bib'; code: string; tag: string }
  | { kind: 'room'; code: string; tag: string; stayFrom: number; stayTo: number }
  | { kind: 'event' }
  | { kind: 'selfie' };

export interface DemoParticipant {
  index: number;
  firstName: string;
  lastName: string;
  email: string;
  event: DemoEventKey;
  code: AlbumCode;
  /** The photos the album shows: tagged with the bib or room, found by the selfie, or the code's galleries. */
  album: number[];
  joinedAt: number;
  checkinAt: number;
  /** When the album first showed photos: the evening of a race or party, a guest's check-in. */
  photosFrom: number;
  /** Campaign tags of the link the participant came by, if any. */
  utm: { utm_source: string; utm_medium?: string; utm_campaign?: string } | null;
}

export type DemoLine =
  | { kind: 'pick'; galleryId: number | null; mediaIds: number[] }
  | { kind: 'package'; orderType: 'ALL_PHOTOS' }
  | { kind: 'print'; product: 'prints' | 'canvas'; photos: { photo_id: number; quantity: number }[] };

export interface DemoOrder {
  participant: DemoParticipant;
  /** When it was paid (a pending transfer: when it was placed). */
  at: number;
  lines: DemoLine[];
  transfer: boolean;
  voucher: string | null;
  country: string | null;
  /** The print line is refunded this long after the payment. */
  refundAfterMs: number | null;
}

const FIRST = [
  'Anna',
  'Luca',
  'Sofia',
  'Jonas',
  'Giulia',
  'Felix',
  'Marta',
  'Tomás',
  'Elena',
  'Noah',
  'Chiara',
  'Lukas',
  'Ines',
  'Matteo',
  'Clara',
  'Pablo',
  'Lena',
  'Marco',
  'Nora',
  'David',
];
const LAST = [
  'Rossi',
  'Keller',
  'Bianchi',
  'Weber',
  'Moretti',
  'Schmid',
  'García',
  'Ricci',
  'Fischer',
  'Conti',
  'Huber',
  'Greco',
  'Bauer',
  'Marino',
  'Novak',
  'Ferrari',
  'Wagner',
  'Costa',
  'Lang',
  'Gallo',
  'Brunner',
  'Rinaldi',
  'Meier',
];
/** How many participants each event has, and how likely one buys. */
const PEOPLE: Record<DemoEventKey, { count: number; buys: number }> = {
  marathon: { count: 40, buys: 0.78 },
  hotel: { count: 16, buys: 0.7 },
  party: { count: 14, buys: 0.6 },
};
const UTM: DemoParticipant['utm'][] = [
  { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'race-results' },
  { utm_source: 'instagram', utm_medium: 'social' },
  { utm_source: 'lakeside-marathon.example', utm_medium: 'referral' },
];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: a small seeded generator, enough for demo data. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.min(n, copy.length));
  };
  return { next, int, pick, sample };
}
export type Random = ReturnType<typeof seededRandom>;

const code = (random: Random, prefix: string) =>
  `${prefix}${Array.from({ length: 5 }, () => random.pick([...'ACDEFGHJKMNPQRTUVWXY34679'])).join('')}`;

/** The participants, their album codes and when they opened their albums. */
function participants(random: Random, events: DemoSalesEvent[], now: number): DemoParticipant[] {
  const people: DemoParticipant[] = [];
  for (const event of events) {
    for (let n = 0; n < PEOPLE[event.key].count; n++) {
      const index = people.length;
      const firstName = FIRST[index % FIRST.length] as string;
      const lastName = LAST[index % LAST.length] as string;
      const email = `${firstName}.${lastName}`
        .normalize('NFD')
        .replace(/[^A-Za-z.]/g, '')
        .toLowerCase();
      const late = event.start + 14 * HOUR;
      let checkinAt: number;
      let albumCode: AlbumCode;
      if (event.key === 'marathon') {
        // a bib code comes with the registration: some runners open their album before the race
        const early = n % 4 === 0;
        checkinAt = early
          ? event.start - random.int(1, 21) * DAY + random.int(7, 21) * HOUR
          : late + (now - late) * random.next() ** 2;
        albumCode =
          n % 5 === 4
            ? { kind: 'event' }
            : { kind: 'bib', code: code(random, 'R'), tag: `bib-${2000 + index * 17}` };
      } else if (event.key === 'hotel') {
        checkinAt = event.start + (now - event.start - 6 * HOUR) * random.next() + 10 * HOUR;
        const stayFrom = Math.floor(checkinAt / DAY) * DAY;
        albumCode = {
          kind: 'room',
          code: code(random, 'H'),
          tag: `room-${100 + random.int(1, 40) + 100 * random.int(0, 3)}`,
          stayFrom,
          stayTo: stayFrom + random.int(3, 7) * DAY,
        };
      } else {
        checkinAt = late + (now - late) * random.next() ** 1.5;
        albumCode = { kind: 'selfie' };
      }
      checkinAt = Math.min(checkinAt, now - 20 * 60_000);
      const album =
        albumCode.kind === 'event'
          ? event.eventCodePhotos
          : random.sample(event.photos, random.int(3, event.key === 'hotel' ? 14 : 8)).sort((a, b) => a - b);
      people.push({
        index,
        firstName,
        lastName,
        email: `${email}@participants.fotodrop.test`,
        event: event.key,
        code: albumCode,
        album,
        joinedAt: checkinAt - random.int(1, 5) * 60_000,
        checkinAt,
        photosFrom: event.key === 'hotel' ? checkinAt : Math.max(checkinAt, late),
        utm: random.next() < 0.3 ? random.pick(UTM) : null,
      });
    }
  }
  return people;
}

/** A participant's purchase: a pick of a few photos most of the time, else a package. */
function purchase(random: Random, person: DemoParticipant, repeat: boolean): DemoLine[] {
  const packageChance = repeat ? 0.55 : person.event === 'hotel' ? 0.3 : 0.22;
  if (person.album.length < 2 || random.next() < packageChance)
    return [{ kind: 'package', orderType: 'ALL_PHOTOS' }];
  const count = random.next() < 0.4 ? 1 : random.int(2, Math.min(person.album.length - 1, 6));
  return [
    { kind: 'pick', galleryId: null, mediaIds: random.sample(person.album, count).sort((a, b) => a - b) },
  ];
}

/** The month's orders: most buyers once, some twice; then the special cases the console shows. */
export function planDemoSales(events: DemoSalesEvent[], now: number, seed = 19) {
  const random = seededRandom(seed);
  const people = participants(random, events, now);
  const byKey = new Map(events.map((e) => [e.key, e]));
  const orders: DemoOrder[] = [];
  /** Albums that reached a cart without an order. */
  const abandoned: DemoParticipant[] = [];
  for (const person of people) {
    const event = byKey.get(person.event);
    if (!event) continue;
    if (random.next() >= PEOPLE[person.event].buys) {
      if (random.next() < 0.3) abandoned.push(person);
      continue;
    }
    // single-day events sell once the day is over; a stay during it
    const opens =
      person.event === 'hotel' ? person.photosFrom : Math.max(person.photosFrom, event.start + DAY);
    const first = within(random, opens, 20 * 60_000 + random.next() ** 3 * 3 * DAY, now);
    if (first === null) continue;
    orders.push(order(person, first, purchase(random, person, false)));
    if (random.next() < 0.35) {
      const later = within(random, first, (0.3 + random.next() * 4) * DAY, now);
      if (later !== null) orders.push(order(person, later, purchase(random, person, true)));
    }
  }
  orders.sort((a, b) => a.at - b.at);
  special(random, orders, now);
  return { participants: people, orders, abandoned };
}

/**
 * `delay` after `from`, or a random moment between `from` and now when that is later than now
 * (so the last days are not crowded with purchases moved to "just now"); null when none is left.
 */
function within(random: Random, from: number, delay: number, now: number): number | null {
  const room = now - 10 * 60_000 - from;
  if (room <= 0) return null;
  return from + (delay < room ? delay : room * random.next());
}

const order = (participant: DemoParticipant, at: number, lines: DemoLine[]): DemoOrder => ({
  participant,
  at,
  lines,
  transfer: false,
  voucher: null,
  country: null,
  refundAfterMs: null,
});

/**
 * Three print orders (one of them refunded its prints: they arrived damaged), one with a voucher,
 * and a bank transfer still waiting: each on an order of the plan, so its person and day stay.
 */
function special(random: Random, orders: DemoOrder[], now: number) {
  const picks = orders.filter(
    (o) => o.participant.event === 'marathon' && o.lines[0]?.kind === 'pick' && o.at < now - 2 * DAY,
  );
  const [printed, canvas, voucher, refunded] = picks;
  const photosOf = (o: DemoOrder) => (o.lines[0]?.kind === 'pick' ? o.lines[0].mediaIds : []);
  for (const [o, country] of [
    [printed, 'IT'],
    [refunded, 'AT'],
  ] as const) {
    if (!o) continue;
    const photos = photosOf(o).slice(0, 3);
    o.lines.push({
      kind: 'print',
      product: 'prints',
      photos: photos.map((photo_id) => ({ photo_id, quantity: 2 })),
    });
    o.country = country;
  }
  const [first] = canvas ? photosOf(canvas) : [];
  if (canvas && first !== undefined) {
    canvas.lines.push({ kind: 'print', product: 'canvas', photos: [{ photo_id: first, quantity: 1 }] });
    canvas.country = 'DE';
  }
  if (voucher) voucher.voucher = 'PROMO20';
  if (refunded) refunded.refundAfterMs = random.int(50, 80) * HOUR;
  const transfer = [...orders]
    .reverse()
    .find((o) => o.participant.event === 'hotel' && o.at < now - 6 * HOUR);
  if (transfer) transfer.transfer = true;
}
