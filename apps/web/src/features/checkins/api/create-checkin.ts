import type { Checkin, CheckinStepResponse } from '@fotodrop/contract/api/checkin-schemas';
import { type CheckinByCode, checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { PLATFORM } from '@fotodrop/contract/constants';
import { normalizePicacode } from '@fotodrop/contract/rules/picacode';
import { callEndpoint } from '../../../shared/api/client';
import { isApiError, isStepRequired } from '../../../shared/api/errors';
import { useAppStore } from '../../../shared/store/app-store';
import type { CreateCheckinAnswer } from './early-album';

/** How creating a check-in ended (entry spec §4). */
export type CheckinOutcome =
  /** `album`: the lookup by code with its first page, when asked for (`includeAlbum`). */
  | { kind: 'created'; checkin: Checkin; album?: CheckinByCode }
  | { kind: 'exists'; picacode: string; album?: CheckinByCode }
  | { kind: 'step'; step: CheckinStepResponse }
  | { kind: 'invalid' };

/**
 * POST /v2/checkins/ {picacode (upper-cased), platform: 'site', source?, tags?}. The code is kept
 * for recovery while the call runs, and while a further step is pending. 303 → a further step;
 * 400 checkin_exists_for_user → the user's existing album (data.picacode); other 400 / 404 →
 * invalid code. Anything else is thrown. `includeAlbum` (issue 20): the album the code opens comes
 * with the answer (created or already there), so it opens without a further call. `started`: that
 * same call (with `includeAlbum`), already made for this code by the page's start (early-link.ts).
 */
export async function createCheckin(
  code: string,
  {
    includeAlbum = false,
    started = null,
  }: { includeAlbum?: boolean; started?: Promise<CreateCheckinAnswer> | null } = {},
): Promise<CheckinOutcome> {
  const picacode = normalizePicacode(code);
  const store = useAppStore.getState();
  store.setPicacodeRecovery(picacode);
  const preview = store.preview;
  try {
    const { album, ...checkin } = await (started ??
      callEndpoint(checkinEndpoints.createCheckin, {
        ...(includeAlbum ? { query: { include_album: 'true' as const } } : {}),
        body: {
          picacode,
          platform: PLATFORM,
          ...(preview?.source ? { source: preview.source } : {}),
          ...(preview?.tags.length ? { tags: preview.tags } : {}),
        },
      }));
    store.setPicacodeRecovery(null);
    return { kind: 'created', checkin, ...(album ? { album } : {}) };
  } catch (error) {
    if (isStepRequired(error)) return { kind: 'step', step: error.step };
    if (!isApiError(error)) throw error;
    if (error.status === 400 && error.code === 'checkin_exists_for_user') {
      store.setPicacodeRecovery(null);
      const data = error.data as { picacode?: unknown; album?: CheckinByCode } | undefined;
      const existing = typeof data?.picacode === 'string' ? data.picacode : picacode;
      // the server's own answer when asked for; only trusted for the code it names
      const album = includeAlbum && data?.album?.picacode === existing ? data.album : undefined;
      return { kind: 'exists', picacode: existing, ...(album ? { album } : {}) };
    }
    if (error.status === 400 || error.status === 404) {
      store.setPicacodeRecovery(null);
      return { kind: 'invalid' };
    }
    throw error;
  }
}
