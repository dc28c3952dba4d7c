import type { photobookEndpoints } from '@fotodrop/contract/api/photobook';
import { photobookRoutes } from '@fotodrop/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';
import { queryClient } from '../../../shared/api/query-client';

/** The photobook calls (albums spec §7 "Photobook"), as method and path: the album banner loads this module. */
const endpoints = endpointRoutes<typeof photobookEndpoints>(photobookRoutes);

export const photobookKeys = {
  offer: (checkinId: number) => ['photobook', 'offer', checkinId] as const,
  preview: (checkinId: number, key: string) => ['photobook', 'preview', checkinId, key] as const,
};

/** GET /photobook-offer/: the album's offer link key, or null while the album has no offer. */
export function usePhotobookOffer(checkinId: number, enabled = true) {
  return useQuery(
    {
      queryKey: photobookKeys.offer(checkinId),
      queryFn: async ({ signal }) =>
        (await callEndpoint(endpoints.offer, { query: { checkin_id: checkinId }, signal })).offer,
      enabled,
      staleTime: 10 * 60_000,
    },
    queryClient,
  );
}

/** GET /photobook-preview/: the book the link offers; a failure is kept as the query's error (spec §8). */
export function photobookQuery(checkinId: number, key: string) {
  return queryOptions({
    queryKey: photobookKeys.preview(checkinId, key),
    queryFn: async ({ signal }) =>
      (await callEndpoint(endpoints.preview, { query: { checkin_id: checkinId, key }, signal })).photobook,
  });
}
