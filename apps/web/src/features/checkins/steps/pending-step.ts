import type { CheckinStepResponse } from '@fotodrop/contract/api/checkin-schemas';
import { readJson, writeItem } from '../../../shared/store/safe-storage';

/**
 * sessionStorage: the step answer of a check-in that waits for one more step (step data, completion
 * token and step, entry spec §4), so /complete-checkin can finish it after the organiser's external
 * form sent the browser away and back. Session storage: it survives that round trip in the same tab
 * and is gone with the tab.
 * decision: the key belongs in shared/store/storage-keys.ts; it lives here until that file's owner adds it.
 */
export const PENDING_STEP_KEY = 'checkin_step';

export function savePendingStep(step: CheckinStepResponse): void {
  writeItem('session', PENDING_STEP_KEY, JSON.stringify(step));
}

export function readPendingStep(): CheckinStepResponse | null {
  const step = readJson<CheckinStepResponse>('session', PENDING_STEP_KEY);
  return step && typeof step.id === 'number' && typeof step.complete_token === 'string' ? step : null;
}

export function clearPendingStep(): void {
  writeItem('session', PENDING_STEP_KEY, null);
}
