import type { Checkin, CheckinStepResponse } from '@fotodrop/contract/api/checkin-schemas';
import { eventEndpoints, type FindByBibBody } from '@fotodrop/contract/api/events';
import { callEndpoint } from '../../../shared/api/client';
import { isStepRequired } from '../../../shared/api/errors';

/** How finding an album by bib ended: it opens, or a further check-in step comes first (303). */
export type FindByBibOutcome =
  | { kind: 'created'; checkin: Checkin }
  | { kind: 'step'; step: CheckinStepResponse };

/** POST /v1/events/{slug}/find-by-bib/ {bib, last_name}; other errors are thrown for the form. */
export async function findByBib(slug: string, body: FindByBibBody): Promise<FindByBibOutcome> {
  try {
    return {
      kind: 'created',
      checkin: await callEndpoint(eventEndpoints.findByBib, { params: { slug }, body }),
    };
  } catch (error) {
    if (isStepRequired(error)) return { kind: 'step', step: error.step };
    throw error;
  }
}
