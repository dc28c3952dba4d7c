import { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { CHECKIN_PAGE_SIZE } from '@fotodrop/contract/constants';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';

export const checkinKeys = {
  all: ['checkins'] as const,
  list: ['checkins', 'list'] as const,
  byCode: (code: string) => ['checkins', 'by-code', code] as const,
};

/** GET /v3/checkins/: the user's albums, newest first, 12 a page, loaded page by page ("load more"). */
export function checkinListQuery() {
  return infiniteQueryOptions({
    queryKey: checkinKeys.list,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(checkinEndpoints.listCheckins, {
        query: { page: pageParam, page_size: CHECKIN_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) =>
      pagination.page_number < pagination.num_pages ? pagination.page_number + 1 : undefined,
  });
}

/** GET /v3/checkins/by-code/{code}/ with the photo service expanded and the photos summary. */
export function checkinByCodeQuery(code: string) {
  return queryOptions({
    queryKey: checkinKeys.byCode(code),
    queryFn: ({ signal }) =>
      callEndpoint(checkinEndpoints.checkinByCode, {
        params: { code },
        query: { expand_pica_service: 'true', include_photos_summary: 'true' },
        signal,
      }),
  });
}

/** After an album was added or removed the list starts again at page 1 (entry spec §4 "clearing"). */
export function resetCheckinList(): Promise<void> {
  return queryClient.resetQueries({ queryKey: checkinKeys.list });
}

/** DELETE /v2/checkins/{id}/: the album and its biometric data (400 album_in_cart while the cart holds its photos). */
export async function removeCheckin(id: number, picacode: string): Promise<void> {
  await callEndpoint(checkinEndpoints.deleteCheckin, { params: { id } });
  queryClient.removeQueries({ queryKey: checkinKeys.byCode(picacode) });
  await resetCheckinList();
}
