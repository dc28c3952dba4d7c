import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkins, media, picacodes, settings } from '../db/album-schema';
import type { Db, Queryable } from '../db/client';
import { faceMatches } from '../db/face-schema';
import { users } from '../db/schema';
import { photoServicesRepository } from '../repositories/photo-services.repository';
import { DEMO_CODES } from './demo-events';
import { DEMO_FACE_EVENT } from './demo-face-event';
import { insertDemoMetrics } from './demo-sales-metrics';
import { type AlbumOf, insertDemoOrders } from './demo-sales-orders';
import {
  type DemoEventKey,
  type DemoParticipant,
  type DemoSalesEvent,
  planDemoSales,
} from './demo-sales-plan';

/** Set once the demo's month of sales is in: a later start (or one of an older demo) adds nothing. */
export const DEMO_SALES_MARKER = 'demo_sales_seeded';

const SLUGS: Record<DemoEventKey, string> = {
  marathon: '5e1a0c3d',
  hotel: '9b4f7e21',
  party: DEMO_FACE_EVENT.slug,
};
const EVENT_CODES: Partial<Record<DemoEventKey, string>> = {
  marathon: DEMO_CODES.marathonEvent,
  party: DEMO_FACE_EVENT.code,
};

export interface DemoSalesOptions {
  /** The origin of the orders' links (PUBLIC_URL), as an order placed now would keep it. */
  linkBase: string;
  requiredPoliciesVersion: number;
  now?: Date;
}

/**
 * A believable last month of the demo organisation's selling, so its console is not empty: a few
 * dozen participants with their albums, their orders (priced by the checkout's own rules, paid
 * through the built-in test provider's records) and the usage messages of their visits. The
 * dashboards' roll-ups follow from these rows through their triggers and the metrics job.
 * Runs once per installation (the marker), after the demo photos are in: picks and prints name
 * real photos. One transaction: a crash leaves nothing half-seeded. Answers the orders added.
 */
export async function seedDemoSales(db: Db, options: DemoSalesOptions): Promise<number> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const events = await loadEvents(tx);
    // without demo photos (DEMO_PHOTOS=0) nothing is sold yet: a later start with photos seeds it
    if (!events || events.some((e) => e.sales.photos.length === 0)) return 0;
    const [marked] = await tx
      .insert(settings)
      .values({ key: DEMO_SALES_MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (!marked) return 0;
    const plan = planDemoSales(
      events.map((e) => e.sales),
      now.getTime(),
    );
    const albums = await insertPeople(tx, events, plan.participants, options.requiredPoliciesVersion);
    const orders = await insertDemoOrders(tx, {
      orders: plan.orders,
      albums,
      events: new Map(events.map((e) => [e.sales.key, e.row])),
      linkBase: options.linkBase,
      now,
    });
    await insertDemoMetrics(tx, {
      participants: plan.participants,
      abandoned: plan.abandoned,
      orders,
      albums,
      eventIds: new Map(events.map((e) => [e.sales.key, e.row.id])),
      now: now.getTime(),
    });
    return orders.length;
  });
}

/** The demo organisation's events that sold, with their photos; null when the demo is not there. */
async function loadEvents(tx: Queryable) {
  const repo = photoServicesRepository(tx);
  const found = [];
  for (const key of Object.keys(SLUGS) as DemoEventKey[]) {
    const row = await repo.findBySlug(SLUGS[key]);
    if (!row) return null;
    const photos = await tx
      .select({ id: media.id, galleryId: media.galleryId })
      .from(media)
      .where(and(eq(media.photoServiceId, row.id), eq(media.type, 'photo')))
      .orderBy(media.id);
    const eventCode = EVENT_CODES[key];
    const code = eventCode ? await repo.findPicacode(eventCode) : undefined;
    const shown = code?.galleryIds.length ? new Set(code.galleryIds) : null;
    const sales: DemoSalesEvent = {
      key,
      start: Date.parse(`${row.startDate}T00:00:00Z`),
      photos: photos.map((p) => p.id),
      eventCodePhotos: photos
        .filter((p) => !shown || (p.galleryId !== null && shown.has(p.galleryId)))
        .map((p) => p.id),
    };
    found.push({ sales, row, eventCodeId: code?.id ?? null });
  }
  return found;
}

/**
 * The participants, their album codes (a bib or a room of their own, else the event's code), their
 * albums, and what each album shows: photos tagged with the bib or room, or found by the selfie.
 */
async function insertPeople(
  tx: Queryable,
  events: NonNullable<Awaited<ReturnType<typeof loadEvents>>>,
  people: DemoParticipant[],
  policiesVersion: number,
): Promise<Map<number, AlbumOf>> {
  const byKey = new Map(events.map((e) => [e.sales.key, e]));
  await tx
    .insert(users)
    .values(
      people.map((p) => ({
        email: p.email,
        // no password: nobody can sign in as a demo participant (an organiser may still look at their orders)
        passwordHash: null,
        firstName: p.firstName,
        lastName: p.lastName,
        policiesAcceptedVersion: policiesVersion,
        policiesAcceptedAt: new Date(p.joinedAt),
        declaredAdultAt: new Date(p.joinedAt),
        dateJoined: new Date(p.joinedAt),
        lastLoginAt: new Date(p.checkinAt),
      })),
    )
    .onConflictDoNothing();
  const userRows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        people.map((p) => p.email),
      ),
    );
  const userIds = new Map(userRows.map((u) => [u.email, u.id]));

  const own = people.filter((p) => p.code.kind === 'bib' || p.code.kind === 'room');
  const codeRows = await tx
    .insert(picacodes)
    .values(
      own.map((p) => {
        const c = p.code as Extract<DemoParticipant['code'], { kind: 'bib' | 'room' }>;
        const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        return {
          photoServiceId: byKey.get(p.event)!.row.id,
          code: c.code,
          kind: c.kind === 'bib' ? ('participant' as const) : ('room' as const),
          tags: [c.tag],
          startOfStay: c.kind === 'room' ? day(c.stayFrom) : null,
          endOfStay: c.kind === 'room' ? day(c.stayTo) : null,
          label: `${p.firstName} ${p.lastName}`,
          createdAt: new Date(Math.min(p.joinedAt, p.checkinAt) - 86_400_000),
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: picacodes.id, code: picacodes.code });
  const codeIds = new Map(codeRows.map((c) => [c.code, c.id]));
  const codeOf = (p: DemoParticipant) =>
    p.code.kind === 'bib' || p.code.kind === 'room'
      ? codeIds.get(p.code.code)
      : (byKey.get(p.event)?.eventCodeId ?? undefined);

  const seated = people.filter((p) => userIds.has(p.email) && codeOf(p) !== undefined);
  const albumRows = await tx
    .insert(checkins)
    .values(
      seated.map((p) => ({
        userId: userIds.get(p.email)!,
        picacodeId: codeOf(p)!,
        photoServiceId: byKey.get(p.event)!.row.id,
        status: 'complete' as const,
        startOfStay: p.code.kind === 'room' ? new Date(p.code.stayFrom).toISOString().slice(0, 10) : null,
        endOfStay: p.code.kind === 'room' ? new Date(p.code.stayTo).toISOString().slice(0, 10) : null,
        formAnswers: p.event === 'hotel' ? { guest_name: `${p.firstName} ${p.lastName}` } : null,
        faceInferenceStatus: p.code.kind === 'selfie' ? ('completed' as const) : ('not_started' as const),
        createdAt: new Date(p.checkinAt),
        completedAt: new Date(p.checkinAt + 40_000),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: checkins.id, userId: checkins.userId });
  const albumOfUser = new Map(albumRows.map((a) => [a.userId, a.id]));
  const albums = new Map<number, AlbumOf>();
  for (const p of seated) {
    const userId = userIds.get(p.email)!;
    const checkinId = albumOfUser.get(userId);
    const code = p.code.kind === 'bib' || p.code.kind === 'room' ? p.code.code : EVENT_CODES[p.event];
    if (checkinId !== undefined && code) albums.set(p.index, { userId, checkinId, code });
  }

  // What the photographers tagged: the bib's and room's photos carry their tag.
  const tags = new Map<number, string[]>();
  for (const p of seated) {
    if (p.code.kind !== 'bib' && p.code.kind !== 'room') continue;
    for (const id of p.album) tags.set(id, [...(tags.get(id) ?? []), p.code.tag]);
  }
  if (tags.size > 0) {
    const changes = JSON.stringify([...tags].map(([id, t]) => ({ id, tags: t })));
    await tx.execute(sql`update media m set tags = m.tags || v.tags
      from (select (e->>'id')::int as id, array(select jsonb_array_elements_text(e->'tags')) as tags
              from jsonb_array_elements(${changes}::jsonb) e) v
     where m.id = v.id`);
  }
  // The selfie found its owner's party photos.
  const matches = seated.flatMap((p) => {
    const album = albums.get(p.index);
    return p.code.kind === 'selfie' && album
      ? p.album.map((mediaId) => ({
          checkinId: album.checkinId,
          mediaId,
          distance: 0.38,
          decision: 'auto' as const,
          createdAt: new Date(p.checkinAt + 90_000),
        }))
      : [];
  });
  if (matches.length > 0) await tx.insert(faceMatches).values(matches).onConflictDoNothing();
  return albums;
}
