import { type createCheckinBodySchema, ErrorCode } from '@fotodrop/contract';
import type { z } from 'zod';
import { DomainError } from '../../http/errors';
import type { AuthContext } from '../accounts/auth.service';
import type { AlbumMediaService } from './album-media.service';
import type { CheckinsService } from './checkins.service';

/**
 * Opening an album in one call (issue 20): the lookup by code with its first page of photos, and
 * the check-in's creation answering with it, so a logged-in runner's e-mail link needs one call
 * between the preview and the album's photos instead of two in a row. The creation's rules (guess
 * limits, steps, an album opened already) are the check-in service's own; the album is looked up
 * only after it, with the same access rule as the lookup by code.
 */
export function albumOpening(deps: {
  checkins: CheckinsService;
  albumMedia: Pick<AlbumMediaService, 'firstPage'>;
}) {
  /** GET /v3/checkins/by-code/{code}/ with the first page (by default the photo service expanded and the summary). */
  async function withFirstPage(
    auth: AuthContext,
    code: string,
    options: { expand: boolean; summary: boolean } = { expand: true, summary: true },
  ) {
    const checkin = await deps.checkins.get(auth, { code }, options);
    return { ...checkin, first_page: await deps.albumMedia.firstPage(auth, checkin.id) };
  }

  return {
    withFirstPage,

    /**
     * POST /v2/checkins/; with `includeAlbum` the album comes along: `album` on success, and
     * `data.album` on the 400 checkin_exists_for_user (a second tap on the link creates nothing
     * and still opens the album in one call). A step (303) or a refused code answer as without it.
     */
    async create(
      auth: AuthContext,
      body: z.output<typeof createCheckinBodySchema>,
      ip: string,
      includeAlbum: boolean,
    ) {
      if (!includeAlbum) return deps.checkins.create(auth, body, ip);
      try {
        const checkin = await deps.checkins.create(auth, body, ip);
        return { ...checkin, album: await withFirstPage(auth, checkin.picacode) };
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== ErrorCode.checkinExistsForUser) throw error;
        const data = error.data as { picacode: string };
        throw new DomainError(error.status, error.code, error.message, {
          ...data,
          album: await withFirstPage(auth, data.picacode),
        });
      }
    },
  };
}
