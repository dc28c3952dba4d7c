import type { MediaStatus, MediaType } from '@fotodrop/contract';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { galleries, media, photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { eventPhotographers, organisationMembers } from '../db/team-schema';

export type OrganiserEventRow = Pick<
  typeof photoServices.$inferSelect,
  'id' | 'organisationId' | 'slug' | 'name' | 'startDate' | 'endDate' | 'status'
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
  status: photoServices.status,
};

/** What an organiser sees of their own events and uploads: every status, no album scoping. */
export function organiserMediaRepository(db: Queryable) {
  const ofEvent = (photoServiceId: number, status: MediaStatus | undefined) =>
    and(eq(media.photoServiceId, photoServiceId), status ? eq(media.status, status) : undefined);

  return {
    /**
     * Events of these organisations (all of them) and of those (only the ones `userId` is assigned
     * to as a photographer), the latest start first (the one being photographed now leads).
     */
    async eventsOf(whole: number[], assignedOnly: number[], userId: number): Promise<OrganiserEventRow[]> {
      if (whole.length === 0 && assignedOnly.length === 0) return [];
      // photo_services.id spelled out: a bare column would resolve inside the subquery (team.repository)
      const assigned = sql`exists (select 1 from ${eventPhotographers} ep join ${organisationMembers} om on om.id = ep.member_id where ep.photo_service_id = photo_services.id and om.user_id = ${userId})`;
      return db
        .select(eventColumns)
        .from(photoServices)
        .where(
          or(
            whole.length > 0 ? inArray(photoServices.organisationId, whole) : undefined,
            assignedOnly.length > 0
              ? and(inArray(photoServices.organisationId, assignedOnly), assigned)
              : undefined,
          ),
        )
        .orderBy(desc(photoServices.startDate), desc(photoServices.id));
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
