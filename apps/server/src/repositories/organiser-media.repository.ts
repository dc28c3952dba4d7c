import { bibTag, type MediaStatus, type MediaType } from '@fotodrop/contract';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { galleries, media, photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { faces } from '../db/face-schema';
import { mediaBibs } from '../db/race-schema';
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
  uploadedBy: number | null;
  hiddenAt: Date | null;
  deletedAt: Date | null;
  posterSeconds: number | null;
  faceCount: number;
}

/** The console's media filters (issue 18); each one given narrows the list. */
export interface OrganiserMediaFilter {
  status?: MediaStatus;
  /** A gallery's id, or `none`: the event itself. */
  gallery?: number | 'none';
  tag?: string;
  minFaces?: number;
  maxFaces?: number;
  uploadedBy?: number;
  hidden?: boolean;
  /** Issue 20: `none`, photos without a bib (read or set by hand); a number, photos carrying it. */
  bib?: string;
}

/**
 * Faces found in the outer `media` row (faces_media_idx). Spelled out with an alias: in a select
 * list drizzle writes bare column names, and a bare "id" would resolve inside the subquery.
 */
/** A bib on the outer `media` row (the primary key of media_bibs starts with media_id). */
const withBib = sql`select 1 from ${mediaBibs} b where b.media_id = "media"."id" and b.source in ('ocr', 'manual')`;

const faceCount = sql<number>`(select count(*)::int from ${faces} f where f.media_id = "media"."id")`;

export const organiserMediaColumns = {
  id: media.id,
  type: media.type,
  status: media.status,
  error: media.error,
  originalFilename: media.originalFilename,
  galleryId: media.galleryId,
  tags: media.tags,
  createdAt: media.createdAt,
  durationSeconds: media.durationSeconds,
  uploadedBy: media.uploadedBy,
  hiddenAt: media.hiddenAt,
  deletedAt: media.deletedAt,
  posterSeconds: media.posterSeconds,
  faceCount: faceCount.mapWith(Number),
};

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
  const ofEvent = (photoServiceId: number, f: OrganiserMediaFilter): SQL | undefined =>
    and(
      eq(media.photoServiceId, photoServiceId),
      f.status ? eq(media.status, f.status) : undefined,
      f.gallery === 'none' ? isNull(media.galleryId) : undefined,
      typeof f.gallery === 'number' ? eq(media.galleryId, f.gallery) : undefined,
      f.tag !== undefined ? arrayContains(media.tags, [f.tag]) : undefined,
      f.minFaces !== undefined && f.minFaces > 0 ? sql`${faceCount} >= ${f.minFaces}` : undefined,
      f.maxFaces !== undefined ? sql`${faceCount} <= ${f.maxFaces}` : undefined,
      f.uploadedBy !== undefined ? eq(media.uploadedBy, f.uploadedBy) : undefined,
      f.hidden === true ? isNotNull(media.hiddenAt) : undefined,
      f.hidden === false ? isNull(media.hiddenAt) : undefined,
      f.bib === 'none' ? sql`not exists (${withBib})` : undefined,
      // a photo's bibs are mirrored in its tags, whose index answers this
      f.bib !== undefined && f.bib !== 'none' ? arrayContains(media.tags, [bibTag(f.bib)]) : undefined,
    );

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
    async countMedia(photoServiceId: number, filter: OrganiserMediaFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(media).where(ofEvent(photoServiceId, filter));
      return row?.n ?? 0;
    },
    /** Newest first: ids are assigned in upload order, so the id breaks ties of one timestamp. */
    async pageMedia(
      photoServiceId: number,
      filter: OrganiserMediaFilter,
      page: number,
      pageSize: number,
    ): Promise<OrganiserMediaRow[]> {
      return db
        .select(organiserMediaColumns)
        .from(media)
        .where(ofEvent(photoServiceId, filter))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },
  };
}
