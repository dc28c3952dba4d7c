import { eventEndpoints } from '@fotodrop/contract/api/events';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

/** GET /v1/events/?slug=: the event of a home page, or null when there is none. */
export function eventBySlugQuery(slug: string) {
  return queryOptions({
    queryKey: ['events', 'by-slug', slug],
    queryFn: async ({ signal }) =>
      (await callEndpoint(eventEndpoints.eventBySlug, { query: { slug }, signal })).results[0] ?? null,
  });
}

/** GET /v1/events/calendar/: upcoming events of the current event owner. */
export function calendarQuery() {
  return queryOptions({
    queryKey: ['events', 'calendar'],
    queryFn: async ({ signal }) => (await callEndpoint(eventEndpoints.calendar, { signal })).results,
    staleTime: 5 * 60_000,
  });
}

/** GET /v1/events/live/ with the page's own query: the event happening now (404 when none). */
export function fetchLiveEvent(query: URLSearchParams) {
  return callEndpoint(eventEndpoints.live, { query: Object.fromEntries(query) });
}
