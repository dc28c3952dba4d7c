import {
  type FaceIndexProgress,
  type MediaBib,
  type MediaStatus,
  makePagination,
  type OrganiserEvent,
  type OrganiserMedia,
  type OrganiserMetrics,
  type Paginated,
  roleIsEventBound,
  roleMay,
} from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { mediaBibsRepository } from '../../repositories/media-bibs.repository';
import {
  type OrganiserMediaFilter,
  type OrganiserMediaRow,
  organiserMediaRepository,
} from '../../repositories/organiser-media.repository';
import { teamRepository } from '../../repositories/team.repository';
import { OWN_SITE_ID } from '../../seed/demo';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';
import type { MediaFilesService } from './media-files.service';

export interface OrganiserMediaQuery {
  page: number;
  page_size: number;
  status?: MediaStatus;
  gallery?: number | 'none';
  tag?: string;
  min_faces?: number;
  max_faces?: number;
  uploaded_by?: number;
  hidden?: 'true' | 'false';
  bib?: string;
}

/** One medium as the console shows it. */
export function organiserMediaDto(
  mediaFiles: MediaFilesService,
  row: OrganiserMediaRow,
  bibs: MediaBib[],
): OrganiserMedia {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    error_reason: row.status === 'failed' ? (row.error ?? 'unknown') : null,
    original_filename: row.originalFilename,
    filename: row.originalFilename,
    gallery_id: row.galleryId,
    tags: row.tags,
    bibs,
    created_at: row.createdAt.toISOString(),
    // issue 18: clean thumbnails in the console too (the organiser owns the photos)
    thumbnail_url: ready ? mediaFiles.url(row.id, 'thumb-clean') : null,
    // the organiser owns the photos: the clean preview, not the watermarked one
    preview_url: ready ? mediaFiles.url(row.id, 'preview-clean') : null,
    video_url: ready && row.type === 'video' ? mediaFiles.url(row.id, 'video') : null,
    duration_seconds: row.durationSeconds,
    uploaded_by: row.uploadedBy,
    hidden: row.hiddenAt !== null,
    deleted: row.deletedAt !== null,
    face_count: row.faceCount,
    poster_seconds: row.posterSeconds,
  };
}

/**
 * What the console reads back about an event's uploads (issue 18: the caller's membership and
 * role decide, through `consoleAccess`: media.read, metrics.read, events.read).
 */
export function organiserService(deps: {
  db: Db;
  mediaFiles: MediaFilesService;
  /** Face indexing progress of an event (face search). */
  faceIndexProgress: (photoServiceId: number) => Promise<FaceIndexProgress>;
  /** An event's usage per day (the metrics' daily aggregates and its paid orders). */
  eventMetrics: (photoServiceId: number, days: number) => Promise<OrganiserMetrics>;
}) {
  const repo = () => organiserMediaRepository(deps.db);
  const access = () => consoleAccess(deps.db);

  /**
   * The organisations whose events the caller lists: `organisationId` alone (checked like every
   * console call), else every organisation the caller is a member of with events.read. Split into
   * those seen whole and those (photographers) seen only where assigned.
   */
  async function scope(
    auth: AuthContext,
    organisationId: number | undefined,
  ): Promise<{ whole: number[]; assignedOnly: number[] }> {
    if (organisationId !== undefined) {
      const { actor } = await access().organisation(auth, organisationId, 'events.read');
      const bound = !actor.staff && actor.role !== null && roleIsEventBound(actor.role);
      return bound
        ? { whole: [], assignedOnly: [organisationId] }
        : { whole: [organisationId], assignedOnly: [] };
    }
    const memberships = (await teamRepository(deps.db).organisationsOf(auth.user.id)).filter((m) =>
      roleMay(m.role, 'events.read'),
    );
    return {
      whole: memberships.filter((m) => !roleIsEventBound(m.role)).map((m) => m.id),
      assignedOnly: memberships.filter((m) => roleIsEventBound(m.role)).map((m) => m.id),
    };
  }

  return {
    /**
     * The caller's events (see `scope`), as seen from the site the request comes from (`siteId`,
     * its X-Event-Owner): on an organisation's branded site only that organisation's, so an upload
     * screen there never offers events the site does not show. decision (issue 18): the console
     * lives on the main site, where (as without the header: the ingest command) every organisation
     * of the caller is listed.
     */
    async events(
      auth: AuthContext,
      siteId: number | null,
      organisationId?: number,
    ): Promise<{ results: OrganiserEvent[] }> {
      const { whole, assignedOnly } = await scope(auth, organisationId);
      const onSite = (id: number) => siteId === null || siteId === OWN_SITE_ID || siteId === id;
      const events = await repo().eventsOf(whole.filter(onSite), assignedOnly.filter(onSite), auth.user.id);
      const ids = events.map((e) => e.id);
      const [galleries, counts] = await Promise.all([repo().galleriesOf(ids), repo().statusCounts(ids)]);
      return {
        results: events.map((event) => {
          const mediaCounts = { processing: 0, ready: 0, failed: 0 };
          for (const c of counts) if (c.photoServiceId === event.id) mediaCounts[c.status] = c.n;
          return {
            id: event.id,
            organisation_id: event.organisationId,
            status: event.status,
            slug: event.slug,
            name: event.name,
            start_date: event.startDate,
            end_date: event.endDate,
            galleries: galleries
              .filter((g) => g.photoServiceId === event.id)
              .map((g) => ({ id: g.id, name: g.name, parent_id: g.parentId })),
            media_counts: mediaCounts,
          };
        }),
      };
    },

    async media(
      auth: AuthContext,
      slug: string,
      query: OrganiserMediaQuery,
    ): Promise<Paginated<OrganiserMedia>> {
      const { event } = await access().event(auth, slug, 'media.read');
      const filter: OrganiserMediaFilter = {
        ...(query.status ? { status: query.status } : {}),
        ...(query.gallery !== undefined ? { gallery: query.gallery } : {}),
        ...(query.tag !== undefined ? { tag: query.tag } : {}),
        ...(query.min_faces !== undefined ? { minFaces: query.min_faces } : {}),
        ...(query.max_faces !== undefined ? { maxFaces: query.max_faces } : {}),
        ...(query.uploaded_by !== undefined ? { uploadedBy: query.uploaded_by } : {}),
        ...(query.hidden !== undefined ? { hidden: query.hidden === 'true' } : {}),
        ...(query.bib !== undefined ? { bib: query.bib } : {}),
      };
      const [total, rows] = await Promise.all([
        repo().countMedia(event.id, filter),
        repo().pageMedia(event.id, filter, query.page, query.page_size),
      ]);
      // the page's bibs in one query, not one per photo
      const bibs = await mediaBibsRepository(deps.db).ofMedia(rows.map((r) => r.id));
      return {
        results: rows.map((row) => organiserMediaDto(deps.mediaFiles, row, bibs.get(row.id) ?? [])),
        pagination: makePagination(total, query.page, query.page_size),
      };
    },

    async faceIndexProgress(auth: AuthContext, slug: string): Promise<FaceIndexProgress> {
      return deps.faceIndexProgress((await access().event(auth, slug, 'media.read')).event.id);
    },

    async eventMetrics(auth: AuthContext, slug: string, days: number): Promise<OrganiserMetrics> {
      return deps.eventMetrics((await access().event(auth, slug, 'metrics.read')).event.id, days);
    },
  };
}
export type OrganiserService = ReturnType<typeof organiserService>;
