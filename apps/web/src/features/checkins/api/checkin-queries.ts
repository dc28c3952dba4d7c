import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { type CheckinByCode, checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { CHECKIN_PAGE_SIZE } from '@fotodrop/contract/constants';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { pageModeOf, seedFirstPage } from '../../album';
import { FIRST_ALBUM_LOOKUP, takeAlbumLookup } from './early-album';

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

/**
 * GET /v3/checkins/by-code/{code}/ with the photo service expanded and the photos summary. A
 * lookup of an album not in the cache yet also brings its first page of photos (issue 20), which
 * goes to the album's list in the cache; later lookups (polling, refreshes) leave it out.
 */
export function checkinByCodeQuery(code: string) {
  return queryOptions({
    queryKey: checkinKeys.byCode(code),
    queryFn: async ({ signal }): Promise<Checkin> => {
      const firstPage = queryClient.getQueryData(checkinKeys.byCode(code)) === undefined;
      // the page's own lookup, when it started before this screen's chunks were in
      const early = firstPage ? takeAlbumLookup(code) : null;
      const { first_page, ...checkin } = await (early ??
        callEndpoint(checkinEndpoints.checkinByCode, {
          params: { code },
          query: firstPage
            ? FIRST_ALBUM_LOOKUP
            : { expand_pica_service: 'true', include_photos_summary: 'true' },
          signal,
        }));
      if (first_page) seedFirstPage(checkin.id, pageModeOf(checkin.counter_type), first_page);
      return checkin;
    },
  });
}

/**
 * An album that came with another answer (the check-in's creation, issue 20) goes to the cache as
 * its lookup by code would have put it there: the album screen opens without a call.
 */
export function seedAlbum({ first_page, ...checkin }: CheckinByCode): void {
  queryClient.setQueryData(checkinKeys.byCode(checkin.picacode), checkin);
  if (first_page) seedFirstPage(checkin.id, pageModeOf(checkin.counter_type), first_page);
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
