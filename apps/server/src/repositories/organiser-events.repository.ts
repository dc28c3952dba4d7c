import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { galleries, media, photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { organisationMembers } from '../db/team-schema';
import { rowsOf } from './metric-events.repository';
import type { GalleryRow, PhotoServiceRow } from './photo-services.repository';

export type EventInsert = typeof photoServices.$inferInsert;
export type EventChanges = Partial<Omit<EventInsert, 'id' | 'organisationId' | 'createdAt'>>;
export type ConsoleGalleryRow = GalleryRow & { mediaCount: number };

/** PostgreSQL's unique_violation, as PGlite and node-postgres report it (also wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The console's events and galleries (issue 18): all their SQL. */
export function organiserEventsRepository(db: Queryable) {
  const siblingsOf = (photoServiceId: number, parentId: number | null) =>
    and(
      eq(galleries.photoServiceId, photoServiceId),
      parentId === null ? isNull(galleries.parentId) : eq(galleries.parentId, parentId),
    );

  return {
    /** Inserts an event; undefined when its slug is taken (the unique index decides, no pre-check race). */
    async insertEvent(row: EventInsert): Promise<PhotoServiceRow | undefined> {
      const [created] = await db
        .insert(photoServices)
        .values(row)
        .onConflictDoNothing({ target: photoServices.slug })
        .returning();
      return created;
    },
    /** Locks the event's row for the transaction: two edits of one event queue behind each other. */
    async lockEvent(id: number): Promise<PhotoServiceRow | undefined> {
      const [row] = await db.select().from(photoServices).where(eq(photoServices.id, id)).for('update');
      return row;
    },
    async updateEvent(id: number, changes: EventChanges): Promise<PhotoServiceRow> {
      const [row] = await db.update(photoServices).set(changes).where(eq(photoServices.id, id)).returning();
      if (!row) throw new Error('event vanished during update');
      return row;
    },
    /**
     * Whether a paid order has a line of this event: an album's line (pick or package) or a print
     * line whose photos are the event's.
     */
    async hasPaidLine(photoServiceId: number): Promise<boolean> {
      const [row] = rowsOf<{ sold: boolean }>(
        await db.execute(sql`
        select exists (
          select 1 from order_lines ol join orders o on o.id = ol.order_id
          where o.status in ('paid', 'partially_refunded', 'refunded') and (
            exists (select 1 from checkins c where c.id = ol.checkin_id and c.photo_service_id = ${photoServiceId})
            or exists (select 1 from media m where m.id = any(ol.media_ids) and m.photo_service_id = ${photoServiceId})
          )
        ) as sold`),
      );
      return Boolean(row?.sold);
    },
    /** Which of these membership ids are photographers of the organisation. */
    async photographerMembers(organisationId: number, memberIds: number[]): Promise<number[]> {
      if (memberIds.length === 0) return [];
      const rows = await db
        .select({ id: organisationMembers.id })
        .from(organisationMembers)
        .where(
          and(
            eq(organisationMembers.organisationId, organisationId),
            eq(organisationMembers.role, 'photographer'),
            inArray(organisationMembers.id, memberIds),
          ),
        );
      return rows.map((r) => r.id);
    },

    async galleries(photoServiceId: number): Promise<ConsoleGalleryRow[]> {
      return db
        .select({
          id: galleries.id,
          photoServiceId: galleries.photoServiceId,
          parentId: galleries.parentId,
          name: galleries.name,
          layout: galleries.layout,
          position: galleries.position,
          createdAt: galleries.createdAt,
          // galleries.id spelled out: Drizzle leaves a one-table select's columns unqualified, and a
          // bare "id" in the subquery would be the medium's
          mediaCount: sql<number>`(select count(*)::int from ${media} m where m.gallery_id = galleries.id)`,
        })
        .from(galleries)
        .where(eq(galleries.photoServiceId, photoServiceId))
        .orderBy(asc(galleries.parentId), asc(galleries.position), asc(galleries.id));
    },
    async gallery(photoServiceId: number, id: number): Promise<GalleryRow | undefined> {
      const [row] = await db
        .select()
        .from(galleries)
        .where(and(eq(galleries.photoServiceId, photoServiceId), eq(galleries.id, id)));
      return row;
    },
    async mediaCount(galleryId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(media)
        .where(eq(media.galleryId, galleryId));
      return row?.n ?? 0;
    },
    async childCount(galleryId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(galleries)
        .where(eq(galleries.parentId, galleryId));
      return row?.n ?? 0;
    },
    /** The ids from a gallery up to the top level (itself first). */
    async ancestry(galleryId: number): Promise<number[]> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
        with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from galleries where id = ${galleryId}
          union all
          select g.id, g.parent_id, up.depth + 1 from galleries g join up on g.id = up.parent_id
          where up.depth < 1000
        )
        select id from up order by depth`),
      );
      return rows.map((r) => Number(r.id));
    },
    /** The siblings under one parent, in order (the event's top level for null). */
    async siblings(photoServiceId: number, parentId: number | null): Promise<GalleryRow[]> {
      return db
        .select()
        .from(galleries)
        .where(siblingsOf(photoServiceId, parentId))
        .orderBy(asc(galleries.position), asc(galleries.id));
    },
    async insertGallery(row: typeof galleries.$inferInsert): Promise<GalleryRow> {
      const [created] = await db.insert(galleries).values(row).returning();
      if (!created) throw new Error('gallery insert returned nothing');
      return created;
    },
    async updateGallery(
      id: number,
      changes: Partial<Pick<GalleryRow, 'name' | 'parentId' | 'layout' | 'position'>>,
    ): Promise<void> {
      await db.update(galleries).set(changes).where(eq(galleries.id, id));
    },
    /** Moves a gallery's media and sub-galleries to `target` (null: the event's top level). */
    async emptyInto(galleryId: number, target: number | null): Promise<void> {
      await db.update(media).set({ galleryId: target }).where(eq(media.galleryId, galleryId));
      await db.update(galleries).set({ parentId: target }).where(eq(galleries.parentId, galleryId));
    },
    async deleteGallery(id: number): Promise<void> {
      await db.delete(galleries).where(eq(galleries.id, id));
    },
  };
}
