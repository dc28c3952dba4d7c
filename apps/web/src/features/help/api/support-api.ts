import { type SupportRequestBody, supportEndpoints } from '@fotodrop/contract/api/support';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

/** GET faqs: the FAQ groups for the current site (and one event), in the current language. */
export function faqsQuery(eventId: number | null, language: string) {
  return queryOptions({
    queryKey: ['support', 'faqs', eventId, language],
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(supportEndpoints.faqs, {
          query: eventId === null ? {} : { event_id: eventId },
          signal,
        })
      ).results,
    staleTime: 10 * 60_000,
  });
}

/** GET events: the events of the user's albums (none for a visitor) and whether support is open. */
export function supportEventsQuery(userId: number | null) {
  return queryOptions({
    queryKey: ['support', 'events', userId],
    queryFn: ({ signal }) => callEndpoint(supportEndpoints.events, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST send: JSON, or multipart when a screenshot travels with the fields. */
export function sendSupportRequest(body: SupportRequestBody | FormData) {
  return callEndpoint(supportEndpoints.send, { body });
}
