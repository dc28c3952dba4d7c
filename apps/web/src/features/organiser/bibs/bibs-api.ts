import { organiserBibEndpoints as b, type EventBibs } from '@fotodrop/contract/api/organiser-bibs';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

export const bibKeys = { event: (slug: string) => ['organiser', 'event', slug, 'bibs'] as const };

/** GET …/events/{slug}/bibs/: the issued list and the recognition switch. */
export function eventBibsQuery(slug: string) {
  return queryOptions({
    queryKey: bibKeys.event(slug),
    queryFn: ({ signal }) => callEndpoint(b.getEventBibs, { params: { slug }, signal }),
  });
}

export const putEventBibs = (slug: string, body: EventBibs) =>
  callEndpoint(b.putEventBibs, { params: { slug }, body });
