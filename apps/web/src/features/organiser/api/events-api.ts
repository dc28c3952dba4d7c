import { organiserEndpoints } from '@fotodrop/contract/api/organiser';
import {
  type ConsoleEvent,
  type createEventBodySchema,
  type createGalleryBodySchema,
  organiserEventEndpoints as e,
  type updateEventBodySchema,
  type updateGalleryBodySchema,
} from '@fotodrop/contract/api/organiser-events';
import { organiserProgressEndpoints as p, progressPending } from '@fotodrop/contract/api/organiser-progress';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../shared/api/client';

export const eventKeys = {
  event: (slug: string) => ['organiser', 'event', slug] as const,
  galleries: (slug: string) => ['organiser', 'event', slug, 'galleries'] as const,
  list: (organisationId: number) => ['organiser', 'events', organisationId] as const,
  progress: (slug: string) => ['organiser', 'event', slug, 'progress'] as const,
};

/** GET /organiser/v1/events/{slug}/: every setting, photographers and locks. */
export function consoleEventQuery(slug: string) {
  return queryOptions({
    queryKey: eventKeys.event(slug),
    queryFn: ({ signal }) => callEndpoint(e.getEvent, { params: { slug }, signal }),
  });
}

/** GET …/galleries/: the event's galleries as a flat tree, by position. */
export function galleriesQuery(slug: string) {
  return queryOptions({
    queryKey: eventKeys.galleries(slug),
    queryFn: ({ signal }) => callEndpoint(e.listGalleries, { params: { slug }, signal }),
  });
}

export type CreateEventBody = z.input<typeof createEventBodySchema>;
export type UpdateEventBody = z.input<typeof updateEventBodySchema>;

export const createEvent = (body: CreateEventBody) => callEndpoint(e.createEvent, { body });

export const updateEvent = (slug: string, body: UpdateEventBody): Promise<ConsoleEvent> =>
  callEndpoint(e.updateEvent, { params: { slug }, body });

export const createGallery = (slug: string, body: z.input<typeof createGalleryBodySchema>) =>
  callEndpoint(e.createGallery, { params: { slug }, body });

export const updateGallery = (slug: string, id: number, body: z.input<typeof updateGalleryBodySchema>) =>
  callEndpoint(e.updateGallery, { params: { slug, id }, body });

/** `moveTo`: another gallery's id or 'event' (the top level) for its media and sub-galleries. */
export const deleteGallery = (slug: string, id: number, moveTo?: number | 'event') =>
  callEndpoint(e.deleteGallery, {
    params: { slug, id },
    query: moveTo === undefined ? {} : { move_to: moveTo === 'event' ? 'event' : String(moveTo) },
  });

/** GET /organiser/v1/events/?organisation_id=: one organisation's events with their counts. */
export function organisationEventsQuery(organisationId: number) {
  return queryOptions({
    queryKey: eventKeys.list(organisationId),
    queryFn: ({ signal }) =>
      callEndpoint(organiserEndpoints.listEvents, { query: { organisation_id: organisationId }, signal }),
  });
}

/** While anything is waiting or being worked on, the progress is asked again this often. */
export const PROGRESS_POLL_MS = 3000;
/** Once everything is done, rarely: uploads from another screen or person start it moving again. */
export const PROGRESS_IDLE_POLL_MS = 30_000;

/** GET …/events/{slug}/progress/: processing, face indexing and bib reading counts, polled live. */
export function eventProgressQuery(slug: string) {
  return queryOptions({
    queryKey: eventKeys.progress(slug),
    queryFn: ({ signal }) => callEndpoint(p.eventProgress, { params: { slug }, signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return query.state.status === 'error' ? false : PROGRESS_POLL_MS;
      return progressPending(data) ? PROGRESS_POLL_MS : PROGRESS_IDLE_POLL_MS;
    },
  });
}

/** GET /organiser/v1/organisations/{id}/photographers/: who can be assigned (events.manage). */
export function photographersQuery(organisationId: number) {
  return queryOptions({
    queryKey: ['organiser', 'photographers', organisationId] as const,
    queryFn: ({ signal }) => callEndpoint(p.listPhotographers, { params: { id: organisationId }, signal }),
  });
}
