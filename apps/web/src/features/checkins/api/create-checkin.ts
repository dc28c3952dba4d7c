import type { Checkin, CheckinStepResponse } from '@fotodrop/contract/api/checkin-schemas';
import { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { PLATFORM } from '@fotodrop/contract/constants';
import { normalizePicacode } from '@fotodrop/contract/rules/picacode';
import { callEndpoint } from '../../../shared/api/client';
import { isApiError, isStepRequired } from '../../../shared/api/errors';
import { useAppStore } from '../../../shared/store/app-store';

/** How creating a check-in ended (entry spec §4). */
export type CheckinOutcome =
  | { kind: 'created'; checkin: Checkin }
  | { kind: 'exists'; picacode: string }
  | { kind: 'step'; step: CheckinStepResponse }
  | { kind: 'invalid' };

/**
 * POST /v2/checkins/ {picacode (upper-cased), platform: 'site', source?, tags?}. The code is kept
 * for recovery while the call runs, and while a further step is pending. 303 → a further step;
 * 400 checkin_exists_for_user → the user's existing album (data.picacode); other 400 / 404 →
 * invalid code. Anything else is thrown.
 */
export async function createCheckin(code: string): Promise<CheckinOutcome> {
  const picacode = normalizePicacode(code);
  const store = useAppStore.getState();
  store.setPicacodeRecovery(picacode);
  const preview = store.preview;
  try {
    const checkin = await callEndpoint(checkinEndpoints.createCheckin, {
      body: {
        picacode,
        platform: PLATFORM,
        ...(preview?.source ? { source: preview.source } : {}),
        ...(preview?.tags.length ? { tags: preview.tags } : {}),
      },
    });
    store.setPicacodeRecovery(null);
    return { kind: 'created', checkin };
  } catch (error) {
    if (isStepRequired(error)) return { kind: 'step', step: error.step };
    if (!isApiError(error)) throw error;
    if (error.status === 400 && error.code === 'checkin_exists_for_user') {
      store.setPicacodeRecovery(null);
      const data = error.data as { picacode?: unknown } | undefined;
      return { kind: 'exists', picacode: typeof data?.picacode === 'string' ? data.picacode : picacode };
    }
    if (error.status === 400 || error.status === 404) {
      store.setPicacodeRecovery(null);
      return { kind: 'invalid' };
    }
    throw error;
  }
}
