import type { Checkin, CheckinStepResponse } from '@fotodrop/contract/api/checkin-schemas';
import { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { PLATFORM } from '@fotodrop/contract/constants';
import { callEndpoint } from '../../../shared/api/client';
import { isStepRequired } from '../../../shared/api/errors';

/** How completing a step ended: the album opens, or yet another step is required (303 again). */
export type CompleteOutcome =
  | { kind: 'created'; checkin: Checkin }
  | { kind: 'step'; step: CheckinStepResponse };

/** What completing needs: the pending check-in and its completion token. */
export type PendingCheckin = Pick<CheckinStepResponse, 'id' | 'complete_token'>;

/**
 * POST /v2/complete-checkin/{id}/ as JSON: {platform, complete_token, option?, …answers}. The data
 * form's answers travel as extra string fields (contract decision); they never replace the token.
 */
export async function completeCheckin(
  pending: PendingCheckin,
  answers: Record<string, string> = {},
): Promise<CompleteOutcome> {
  try {
    const checkin = await callEndpoint(checkinEndpoints.completeCheckin, {
      params: { id: pending.id },
      body: { ...answers, platform: PLATFORM, complete_token: pending.complete_token },
    });
    return { kind: 'created', checkin };
  } catch (error) {
    if (isStepRequired(error)) return { kind: 'step', step: error.step };
    throw error;
  }
}
