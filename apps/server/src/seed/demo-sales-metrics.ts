import type { Queryable } from '../db/client';
import { metricEvents } from '../db/metrics-schema';
import type { AlbumOf, StoredDemoOrder } from './demo-sales-orders';
import { type DemoEventKey, type DemoParticipant, type Random, seededRandom } from './demo-sales-plan';

type MetricRow = typeof metricEvents.$inferInsert;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Rows per insert (8 parameters each): well below the drivers' 65,535 parameters a statement. */
const CHUNK = 2000;

/**
 * The usage messages the demo's participants left, as the browsers and the server would have
 * stored them: albums viewed (on the day they were opened, and now and then later), photos
 * opened, selfies given, carts filled, purchases, downloads after paying, shares and the friends
 * who opened them — some visitors came by a newsletter or a social post (campaign tags). The
 * `metrics-daily` job counts them like any other.
 */
export async function insertDemoMetrics(
  tx: Queryable,
  input: {
    participants: DemoParticipant[];
    abandoned: DemoParticipant[];
    orders: StoredDemoOrder[];
    albums: Map<number, AlbumOf>;
    eventIds: Map<DemoEventKey, number>;
    now: number;
  },
): Promise<number> {
  const random = seededRandom(1919);
  const rows: MetricRow[] = [];
  const latest = input.now - 2 * MINUTE;
  const browser = (
    type: string,
    userId: number | null,
    eventId: number,
    at: number,
    payload: Record<string, unknown>,
    sender: string | null = null,
  ) => {
    if (at > latest) return;
    rows.push({
      type,
      userId,
      eventId,
      messageId: uuid(random),
      occurredAt: new Date(at),
      // the queue is sent within a minute, or at the next visit
      createdAt: new Date(Math.min(at + random.int(5, 50) * 1000, latest)),
      payload: { platform: 's', ...payload },
      sender,
    });
  };
  const server = (type: string, userId: number, at: number, payload: Record<string, unknown>) => {
    if (at <= latest) rows.push({ type, userId, payload, createdAt: new Date(at) });
  };

  for (const person of input.participants) {
    const album = input.albums.get(person.index);
    const eventId = input.eventIds.get(person.event);
    if (!album || eventId === undefined) continue;
    const { userId, checkinId } = album;
    if (person.code.kind === 'selfie')
      server('selfie_added', userId, person.checkinAt + MINUTE, { album_id: checkinId });
    // the first visit: the whole album, a few photos opened large
    // a runner who opened the album before the race comes back when the photos are up
    const at = Math.max(person.checkinAt + 2 * MINUTE, person.photosFrom + random.int(10, 300) * MINUTE);
    for (const [n, mediaId] of person.album.entries()) {
      const tags = n === 0 && person.utm ? { tags: person.utm } : {};
      browser('media_viewed', userId, eventId, at + n * 4000, { media_id: mediaId, ...tags });
    }
    for (const [n, mediaId] of random.sample(person.album, random.int(1, 3)).entries())
      browser('media_opened', userId, eventId, at + (n + 1) * random.int(20, 90) * 1000, {
        media_id: mediaId,
      });
    // later visits, fewer as the days pass
    for (let day = 1; at + day * DAY < input.now; day++) {
      if (random.next() > 0.45 * 0.8 ** day) continue;
      const visit = at + day * DAY + random.int(-3, 3) * 3_600_000;
      for (const mediaId of random.sample(person.album, random.int(2, 6)))
        browser('media_viewed', userId, eventId, visit + random.int(0, 300) * 1000, { media_id: mediaId });
    }
    if (person.album.length > 0 && random.next() < 0.28) share(random, browser, person, userId, eventId);
  }

  for (const order of input.orders) {
    const person = order.plan.participant;
    const eventId = input.eventIds.get(person.event);
    if (eventId === undefined) continue;
    for (const line of order.plan.lines) {
      if (line.kind === 'print') continue;
      server('add_to_cart', order.userId, order.plan.at - random.int(4, 15) * MINUTE, {
        // the cart line left the cart when the order was paid: the order stands for it
        item_id: order.id,
        checkin_id: order.checkinId,
        event_name: order.eventName,
        order_type: line.kind === 'pick' ? 'PHOTOLIST' : line.orderType,
        media_count: line.kind === 'pick' ? line.mediaIds.length : person.album.length,
        currency: order.currency,
        value: order.grandTotal,
      });
    }
    if (order.plan.transfer) continue;
    server('purchase', order.userId, order.plan.at + MINUTE, {
      order_id: order.id,
      currency: order.currency,
      value: order.grandTotal,
      item_count: order.plan.lines.length,
    });
    const first = order.plan.lines[0];
    if (first?.kind === 'pick') {
      for (const mediaId of first.mediaIds)
        browser('media_downloaded', order.userId, eventId, order.plan.at + random.int(3, 40) * MINUTE, {
          media_id: mediaId,
        });
    } else if (first?.kind === 'package') {
      server('zip_downloaded', order.userId, order.plan.at + random.int(5, 90) * MINUTE, {
        album_id: order.checkinId,
      });
    }
  }

  // carts filled and left: the funnel's middle step
  const names = new Map(input.orders.map((o) => [o.plan.participant.event, o.eventName]));
  for (const person of input.abandoned) {
    const album = input.albums.get(person.index);
    if (!album || person.album.length === 0) continue;
    server('add_to_cart', album.userId, person.checkinAt + random.int(5, 60) * MINUTE, {
      item_id: album.checkinId,
      checkin_id: album.checkinId,
      event_name: names.get(person.event) ?? '',
      order_type: 'PHOTOLIST',
      media_count: 1,
      currency: 'EUR',
      value: null,
    });
  }

  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(metricEvents).values(rows.slice(i, i + CHUNK));
  return rows.length;
}

/** A photo shared to a network, and the friends who opened the link from it (anonymous visitors). */
function share(
  random: Random,
  browser: (
    type: string,
    userId: number | null,
    eventId: number,
    at: number,
    payload: Record<string, unknown>,
    sender?: string | null,
  ) => void,
  person: DemoParticipant,
  userId: number,
  eventId: number,
) {
  const network = random.pick(['whatsapp', 'facebook', 'instagram', 'telegram'] as const);
  const mediaId = random.pick(person.album);
  const at = Math.max(person.checkinAt, person.photosFrom) + random.int(10, 240) * MINUTE;
  browser('shared_link_created', userId, eventId, at, { media_id: mediaId, share_type: network });
  for (let friend = random.int(0, 4); friend > 0; friend--) {
    browser(
      'shared_link_opened',
      null,
      eventId,
      at + random.int(5, 600) * MINUTE,
      { media_id: mediaId, tags: { utm_source: network, utm_medium: 'social' } },
      `demo-friend-${person.index}-${friend}`,
    );
  }
}

/** A version-4 UUID from the seeded generator: the same messages at every seeding. */
function uuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + random.int(0, 3)).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
