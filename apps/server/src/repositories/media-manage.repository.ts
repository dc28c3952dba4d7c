import { and, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import { media } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { type OrganiserMediaRow, organiserMediaColumns } from './organiser-media.repository';
import { unpurchased } from './unpurchased-media.repository';

/** A medium as the console's changes need it, locked for the transaction. */
export interface ManagedMediumRow {
  id: number;
  type: 'photo' | 'video';
  status: 'processing' | 'ready' | 'failed';
  hiddenAt: Date | null;
  deletedAt: Date | null;
  /** Somebody bought it (one by one, or by a package of an album showing it). */
  bought: boolean;
}

/**
 * The organiser's changes to an event's media (issue 18). Every statement names the event, so an
 * id of another event is simply not found. The album counts follow through migration 0022's triggers.
 */
export function mediaManageRepository(db: Queryable) {
  const ofEvent = (photoServiceId: number, ids: number[]) =>
    and(eq(media.photoServiceId, photoServiceId), inArray(media.id, ids));

  return {
    /** These media of the event, locked until the transaction ends (a concurrent grant waits). */
    async lock(photoServiceId: number, ids: number[]): Promise<ManagedMediumRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: media.id,
          type: media.type,
          status: media.status,
          hiddenAt: media.hiddenAt,
          deletedAt: media.deletedAt,
          bought: sql<boolean>`not (${unpurchased})`,
        })
        .from(media)
        .where(ofEvent(photoServiceId, ids))
        .orderBy(media.id)
        .for('update', { of: media });
    },

    async read(photoServiceId: number, id: number): Promise<OrganiserMediaRow | undefined> {
      const [row] = await db
        .select(organiserMediaColumns)
        .from(media)
        .where(ofEvent(photoServiceId, [id]));
      return row;
    },

    async move(photoServiceId: number, ids: number[], galleryId: number | null): Promise<void> {
      await db.update(media).set({ galleryId }).where(ofEvent(photoServiceId, ids));
    },

    async setTags(photoServiceId: number, id: number, tags: string[]): Promise<void> {
      await db
        .update(media)
        .set({ tags })
        .where(ofEvent(photoServiceId, [id]));
    },

    /** Adds the tags each medium lacks, after its own, in the order given. */
    async addTags(photoServiceId: number, ids: number[], tags: string[]): Promise<void> {
      const extra = sql`${`{${tags.map(quoteArrayItem).join(',')}}`}::text[]`;
      await db
        .update(media)
        .set({
          tags: sql`array(select t from unnest(${media.tags} || ${extra}) with ordinality u(t, o)
            group by t order by min(o))`,
        })
        .where(and(ofEvent(photoServiceId, ids), not(sql`${media.tags} @> ${extra}`)));
    },

    /** The media among `ids` that would carry more than `max` different tags with `tags` added. */
    async overTagLimit(
      photoServiceId: number,
      ids: number[],
      tags: string[],
      max: number,
    ): Promise<number[]> {
      if (ids.length === 0) return [];
      const extra = sql`${`{${tags.map(quoteArrayItem).join(',')}}`}::text[]`;
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .where(
          and(
            ofEvent(photoServiceId, ids),
            sql`(select count(distinct t) from unnest(${media.tags} || ${extra}) t) > ${max}`,
          ),
        )
        .orderBy(media.id);
      return rows.map((r) => r.id);
    },

    async removeTags(photoServiceId: number, ids: number[], tags: string[]): Promise<void> {
      const gone = sql`${`{${tags.map(quoteArrayItem).join(',')}}`}::text[]`;
      await db
        .update(media)
        .set({
          tags: sql`array(select t from unnest(${media.tags}) with ordinality u(t, o)
            where t <> all(${gone}) order by o)`,
        })
        .where(and(ofEvent(photoServiceId, ids), sql`${media.tags} && ${gone}`));
    },

    /** Hides (keeping an earlier hiding's time) or shows again; a deleted medium stays hidden. */
    async setHidden(photoServiceId: number, ids: number[], hidden: boolean, now: Date): Promise<void> {
      await db
        .update(media)
        .set({
          hiddenAt: hidden ? sql`coalesce(${media.hiddenAt}, ${now.toISOString()}::timestamptz)` : null,
        })
        .where(
          and(
            ofEvent(photoServiceId, ids),
            hidden ? isNull(media.hiddenAt) : and(isNotNull(media.hiddenAt), isNull(media.deletedAt)),
          ),
        );
    },

    /** Flags bought media deleted: they stay for their buyers only (hidden from everyone else). */
    async keepForBuyers(photoServiceId: number, ids: number[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(media)
        .set({
          deletedAt: now,
          hiddenAt: sql`coalesce(${media.hiddenAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(ofEvent(photoServiceId, ids));
    },

    async remove(photoServiceId: number, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(media).where(ofEvent(photoServiceId, ids));
    },

    /** Failed media go back to processing (their job runs again); ready ones stay shown meanwhile. */
    async markReprocessing(photoServiceId: number, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(media)
        .set({ status: 'processing', error: null })
        .where(and(ofEvent(photoServiceId, ids), eq(media.status, 'failed')));
    },

    async setPosterSeconds(photoServiceId: number, id: number, seconds: number): Promise<void> {
      await db
        .update(media)
        .set({ posterSeconds: seconds })
        .where(ofEvent(photoServiceId, [id]));
    },
  };
}

/** One element of a PostgreSQL array literal, quoted: tags may hold quotes, braces or backslashes. */
function quoteArrayItem(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
