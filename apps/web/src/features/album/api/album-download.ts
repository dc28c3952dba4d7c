import { type AlbumZip, checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

/**
 * "Download album" (albums spec §4): the server builds a zip of the purchased media and e-mails
 * its link; meanwhile the album shows the zip's progress. The check-in screens already hold the
 * check-in endpoints, so these two cost the album's chunk nothing more.
 */

/** How often the album asks about a zip that is queued or building. */
export const ZIP_POLL_MS = 2_000;

export const zipKey = (checkinId: number) => ['album', checkinId, 'zip'] as const;

/** POST /v2/checkins/{id}/download-medias/: start the zip (an error while HD is not available). */
export function requestAlbumZip(checkinId: number) {
  return callEndpoint(checkinEndpoints.downloadMedias, { params: { id: checkinId } });
}

/** A zip that is still being made: the album keeps asking until it is ready or failed. */
export const zipInProgress = (zip: AlbumZip | null | undefined) =>
  zip?.status === 'queued' || zip?.status === 'building';

/** GET /v2/checkins/{id}/download-medias/: the latest zip of the album, or null when none was asked. */
export function albumZipQuery(checkinId: number) {
  return queryOptions({
    queryKey: zipKey(checkinId),
    queryFn: ({ signal }) =>
      callEndpoint(checkinEndpoints.downloadStatus, { params: { id: checkinId }, signal }),
    refetchInterval: (query) => (zipInProgress(query.state.data) ? ZIP_POLL_MS : false),
  });
}
