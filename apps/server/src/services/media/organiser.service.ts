import {
  type FaceIndexProgress,
  MEDIA_UPLOAD_PERMISSION,
  type MediaStatus,
  makePagination,
  type OrganiserEvent,
  type OrganiserMedia,
  type OrganiserMetrics,
  type Paginated,
} from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import {
  type OrganiserEventRow,
  type OrganiserMediaRow,
  organiserMediaRepository,
} from '../../repositories/organiser-media.repository';
import { usersRepository } from '../../repositories/users.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { MediaFilesService } from './media-files.service';

export interface OrganiserMediaQuery {
  page: number;
  page_size: number;
  status?: MediaStatus;
}

/**
 * What an organiser reads back about their uploads. Same rule as the upload itself: the
 * `media.upload` permission, and only events of the user's own organisation.
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

  async function requireUploader(auth: AuthContext): Promise<void> {
    const perms = await usersRepository(deps.db).permissions(auth.user.id);
    if (!perms.includes(MEDIA_UPLOAD_PERMISSION)) {
      throw new ForbiddenError(undefined, 'You may not manage photo uploads.');
    }
  }

  /** An unknown event is 404; another organisation's is 403, as the upload answers. */
  async function ownEvent(auth: AuthContext, slug: string): Promise<OrganiserEventRow> {
    await requireUploader(auth);
    const event = await repo().eventBySlug(slug);
    if (!event) throw new NotFoundError('Event not found.');
    if (event.organisationId !== auth.user.organisationId) {
      throw new ForbiddenError(undefined, 'You may not see the uploads of this event.');
    }
    return event;
  }

  function toMedia(row: OrganiserMediaRow): OrganiserMedia {
    const ready = row.status === 'ready';
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      error_reason: row.status === 'failed' ? (row.error ?? 'unknown') : null,
      original_filename: row.originalFilename,
      gallery_id: row.galleryId,
      tags: row.tags,
      created_at: row.createdAt.toISOString(),
      thumbnail_url: ready ? deps.mediaFiles.url(row.id, 'thumb') : null,
      // the organiser owns the photos: the clean preview, not the watermarked one
      preview_url: ready ? deps.mediaFiles.url(row.id, 'preview-clean') : null,
      video_url: ready && row.type === 'video' ? deps.mediaFiles.url(row.id, 'video') : null,
      duration_seconds: row.durationSeconds,
    };
  }

  return {
    /**
     * The organisation's events, as seen from the site the request comes from (`siteId`, its
     * X-Event-Owner): on another organisation's branded site the list is empty, so an upload
     * screen never offers events that site does not show. Without the header (the ingest command)
     * the list is not narrowed.
     */
    async events(auth: AuthContext, siteId: number | null): Promise<{ results: OrganiserEvent[] }> {
      await requireUploader(auth);
      const organisationId = auth.user.organisationId;
      const onItsSite = siteId === null || siteId === organisationId;
      const events = organisationId === null || !onItsSite ? [] : await repo().eventsOf(organisationId);
      const ids = events.map((e) => e.id);
      const [galleries, counts] = await Promise.all([repo().galleriesOf(ids), repo().statusCounts(ids)]);
      return {
        results: events.map((event) => {
          const mediaCounts = { processing: 0, ready: 0, failed: 0 };
          for (const c of counts) if (c.photoServiceId === event.id) mediaCounts[c.status] = c.n;
          return {
            id: event.id,
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
      const event = await ownEvent(auth, slug);
      const [total, rows] = await Promise.all([
        repo().countMedia(event.id, query.status),
        repo().pageMedia(event.id, query.status, query.page, query.page_size),
      ]);
      return {
        results: rows.map(toMedia),
        pagination: makePagination(total, query.page, query.page_size),
      };
    },

    async faceIndexProgress(auth: AuthContext, slug: string): Promise<FaceIndexProgress> {
      return deps.faceIndexProgress((await ownEvent(auth, slug)).id);
    },

    async eventMetrics(auth: AuthContext, slug: string, days: number): Promise<OrganiserMetrics> {
      return deps.eventMetrics((await ownEvent(auth, slug)).id, days);
    },
  };
}
export type OrganiserService = ReturnType<typeof organiserService>;
