import type { MediaStatus, MediaType } from '@fotodrop/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { galleries, media, photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';

export type OrganiserEventRow = Pick<
  typeof photoServices.$inferSelect,
  'id' | 'organisationId' | 'slug' | 'name' | 'startDate' | 'endDate'
>;

export interface OrganiserGalleryRow {
  id: number;
  photoServiceId: number;
  name: string;
  parentId: number | null;
}

export interface OrganiserMediaRow {
  id: number;
  type: MediaType;
  status: MediaStatus;
  error: string | null;
  originalFilename: string | null;
  galleryId: number | null;
  tags: string[];
  createdAt: Date;
  durationSeconds: number | null;
}

const eventColumns = {
  id: photoServices.id,
  organisationId: photoServices.organisationId,
  slug: photoServices.slug,
  name: photoServices.name,
  startDate: photoServices.startDate,
  endDate: photoServices.endDate,
};

/** What an organiser sees of their own events and uploads: every status, no album scoping. */
export function organiserMediaRepository(db: Queryable) {
  const ofEvent = (photoServiceId: number, status: MediaStatus | undefined) =>
    and(eq(media.photoServiceId, photoServiceId), status ? eq(media.status, status) : undefined);

  return {
    /** The organisation's events, the latest start first (the one being photographed now leads). */
    async eventsOf(organisationId: number): Promise<OrganiserEventRow[]> {
      return db
        .select(eventColumns)
        .from(photoServices)
        .where(eq(photoServices.organisationId, organisationId))
        .orderBy(desc(photoServices.startDate), desc(photoServices.id));
    },
    async eventBySlug(slug: string): Promise<OrganiserEventRow | undefined> {
      const [row] = await db.select(eventColumns).from(photoServices).where(eq(photoServices.slug, slug));
      return row;
    },
    /** Galleries of these events, parents before children as the organiser ordered them. */
    async galleriesOf(photoServiceIds: number[]): Promise<OrganiserGalleryRow[]> {
      if (photoServiceIds.length === 0) return [];
      return db
        .select({
          id: galleries.id,
          photoServiceId: galleries.photoServiceId,
          name: galleries.name,
          parentId: galleries.parentId,
        })
        .from(galleries)
        .where(inArray(galleries.photoServiceId, photoServiceIds))
        .orderBy(asc(galleries.position), asc(galleries.id));
    },
    /** Number of media per event and status, in one grouped query. */
    async statusCounts(
      photoServiceIds: number[],
    ): Promise<{ photoServiceId: number; status: MediaStatus; n: number }[]> {
      if (photoServiceIds.length === 0) return [];
      return db
        .select({ photoServiceId: media.photoServiceId, status: media.status, n: count() })
        .from(media)
        .where(inArray(media.photoServiceId, photoServiceIds))
        .groupBy(media.photoServiceId, media.status);
    },
    async countMedia(photoServiceId: number, status?: MediaStatus): Promise<number> {
      const [row] = await db.select({ n: count() }).from(media).where(ofEvent(photoServiceId, status));
      return row?.n ?? 0;
    },
    /** Newest first: ids are assigned in upload order, so the id breaks ties of one timestamp. */
    async pageMedia(
      photoServiceId: number,
      status: MediaStatus | undefined,
      page: number,
      pageSize: number,
    ): Promise<OrganiserMediaRow[]> {
      return db
        .select({
          id: media.id,
          type: media.type,
          status: media.status,
          error: media.error,
          originalFilename: media.originalFilename,
          galleryId: media.galleryId,
          tags: media.tags,
          createdAt: media.createdAt,
          durationSeconds: media.durationSeconds,
        })
        .from(media)
        .where(ofEvent(photoServiceId, status))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },
  };
}
