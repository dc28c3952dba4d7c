import { EVENT_2511_ID } from '@fotodrop/contract';
import { and, eq, gte, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { albumGalleryCounts, checkins, media, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import {
  albumEntitlements,
  albumLifecycleNotices,
  mediaEntitlements,
  orderLines,
  orders,
} from '../db/order-schema';
import { users } from '../db/schema';
import { visibleMediaCondition } from './checkins.repository';

export type NoticeKind = 'last_chance' | 'last_call';

/** Orders whose payment may still arrive: their media must still exist when it does. */
const OPEN_ORDER_STATUSES = ['awaiting_payment', 'processing', 'pending'] as const;

/**
 * A medium nobody bought: no user has it one by one (`media_entitlements`), and no whole-album
 * package of its type covers it through an album of its event (`album_entitlements` of an album
 * whose code shows it, by the one rule of what an album shows). Refers to the outer `media` row.
 */
export const unpurchased: SQL = sql`not exists (select 1 from ${mediaEntitlements}
    where ${mediaEntitlements.mediaId} = ${media.id})
  and not exists (select 1 from ${albumEntitlements}
    join ${checkins} on ${checkins.id} = ${albumEntitlements.checkinId}
    join ${picacodes} on ${picacodes.id} = ${checkins.picacodeId}
    join ${photoServices} on ${photoServices.id} = ${checkins.photoServiceId}
    where ${albumEntitlements.mediaType} = ${media.type} and ${visibleMediaCondition()})`;

/** The unpurchased-media lifecycle (albums spec §4): events with a deadline, notices, deletion. */
export function unpurchasedMediaRepository(db: Queryable) {
  return {
    /** Events whose media are not deleted yet and that have a deletion deadline. */
    eventsWithDeadline() {
      return db
        .select({
          id: photoServices.id,
          organisationId: photoServices.organisationId,
          name: photoServices.name,
          endDate: photoServices.endDate,
          mediaAvailableTo: photoServices.mediaAvailableTo,
          lastStayDeletionDate: photoServices.lastStayDeletionDate,
        })
        .from(photoServices)
        .where(
          and(
            eq(photoServices.mediaDeleted, false),
            or(
              isNotNull(photoServices.mediaAvailableTo),
              isNotNull(photoServices.lastStayDeletionDate),
              eq(photoServices.id, EVENT_2511_ID),
            ),
          ),
        );
    },

    /**
     * The event's albums still owed this notice: complete, with photos to see, whose owner has not
     * bought all its photos as a package (nothing of theirs would be deleted).
     */
    albumsOwed(photoServiceId: number, kind: NoticeKind) {
      return db
        .select({
          checkinId: checkins.id,
          picacode: picacodes.code,
          email: users.email,
          firstName: users.firstName,
          language: users.language,
        })
        .from(checkins)
        .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
        .innerJoin(users, eq(users.id, checkins.userId))
        .where(
          and(
            eq(checkins.photoServiceId, photoServiceId),
            eq(checkins.status, 'complete'),
            sql`not exists (select 1 from ${albumLifecycleNotices} where ${albumLifecycleNotices.checkinId} = ${checkins.id}
              and ${albumLifecycleNotices.kind} = ${kind})`,
            sql`not exists (select 1 from ${albumEntitlements} where ${albumEntitlements.checkinId} = ${checkins.id}
              and ${albumEntitlements.mediaType} = 'photo')`,
            sql`exists (select 1 from ${albumGalleryCounts} where ${albumGalleryCounts.checkinId} = ${checkins.id}
              and ${albumGalleryCounts.photos} > 0)`,
          ),
        );
    },

    /** Records a notice; true only for the call that recorded it (each notice goes once). */
    async recordNotice(checkinId: number, kind: NoticeKind): Promise<boolean> {
      const rows = await db
        .insert(albumLifecycleNotices)
        .values({ checkinId, kind })
        .onConflictDoNothing()
        .returning({ checkinId: albumLifecycleNotices.checkinId });
      return rows.length > 0;
    },

    async forgetNotice(checkinId: number, kind: NoticeKind): Promise<void> {
      await db
        .delete(albumLifecycleNotices)
        .where(and(eq(albumLifecycleNotices.checkinId, checkinId), eq(albumLifecycleNotices.kind, kind)));
    },

    /** Whether an order still open since `since` buys from one of the event's albums. */
    async hasOpenOrders(photoServiceId: number, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .innerJoin(checkins, eq(checkins.id, orderLines.checkinId))
        .where(
          and(
            eq(checkins.photoServiceId, photoServiceId),
            inArray(orders.status, [...OPEN_ORDER_STATUSES]),
            gte(orders.createdAt, since),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /**
     * Deletes up to `limit` unpurchased media of the event (not those still being processed),
     * checking the rule in the same statement; answers the deleted ids. Their rows stay locked
     * until the caller's transaction ends, so nothing can be granted on them meanwhile (a grant's
     * foreign key waits, then fails).
     */
    async deleteUnpurchased(photoServiceId: number, limit: number): Promise<number[]> {
      const rows = await db
        .delete(media)
        .where(
          sql`${media.id} in (select ${media.id} from ${media}
            where ${media.photoServiceId} = ${photoServiceId} and ${media.status} <> 'processing' and ${unpurchased}
            order by ${media.id} limit ${limit})`,
        )
        .returning({ id: media.id });
      return rows.map((r) => r.id);
    },

    /** Unpurchased media of the event left (also those still being processed). */
    async countUnpurchased(photoServiceId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(media)
        .where(and(eq(media.photoServiceId, photoServiceId), unpurchased));
      return row?.n ?? 0;
    },

    async markMediaDeleted(photoServiceId: number): Promise<void> {
      await db.update(photoServices).set({ mediaDeleted: true }).where(eq(photoServices.id, photoServiceId));
    },
  };
}
