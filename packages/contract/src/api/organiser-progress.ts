import { z } from 'zod';
import { endpoint } from '../endpoint';
import { dateTime, id, idParam } from './common';
import { eventSlugSchema } from './events';

const tag = 'Organiser';
const n = z.number().int().min(0);

/** How many of an event's latest processing failures the progress answer names. */
export const PROGRESS_FAILURES_SHOWN = 5;

/** One upload that could not be processed: which file, and why (a reject reason such as `corrupt`). */
export const progressFailureSchema = z.object({
  id,
  original_filename: z.string().nullable(),
  reason: z.string(),
  created_at: dateTime,
});
export type ProgressFailure = z.infer<typeof progressFailureSchema>;

/**
 * decision (issue 18): an event's processing, face indexing and (issue 20) bib reading as counts,
 * polled by the console's event page. Media: `total` = waiting + processing + ready + failed;
 * `waiting` are uploaded and queued, `processing` have a worker making their files right now.
 */
export const mediaProgressSchema = z.object({
  total: n,
  waiting: n,
  processing: n,
  ready: n,
  failed: n,
  /** The newest failures first, at most PROGRESS_FAILURES_SHOWN (the media list filters all of them). */
  latest_failures: z.array(progressFailureSchema),
});

/** Face indexing of ready photos and video posters; `enabled` false: the event does not search by face. */
export const faceProgressSchema = z.object({
  enabled: z.boolean(),
  /** Ready media faces are looked for in. */
  media: n,
  indexed: n,
  failed: n,
  waiting: n,
  /** Faces found in the indexed media. */
  faces: n,
});

/**
 * Bib reading (issue 20), in the same shape as faces: photos read, failed, waiting, and how many
 * of them show at least one issued bib. The whole section is null until bib reading exists.
 */
export const bibProgressSchema = z.object({
  enabled: z.boolean(),
  media: n,
  read: n,
  failed: n,
  waiting: n,
  with_bib: n,
});

export const eventProgressSchema = z.object({
  media: mediaProgressSchema,
  faces: faceProgressSchema,
  bibs: bibProgressSchema.nullable(),
});
export type EventProgress = z.infer<typeof eventProgressSchema>;

/** Whether anything of an event is still being worked on (the console polls faster meanwhile). */
export function progressPending(p: EventProgress): boolean {
  return (
    p.media.waiting + p.media.processing > 0 ||
    (p.faces.enabled && p.faces.waiting > 0) ||
    (p.bibs?.enabled === true && p.bibs.waiting > 0)
  );
}

/** A photographer of the organisation, as those who assign them to events see them. */
export const photographerCandidateSchema = z.object({
  /** The membership's id (what an event's `photographer_member_ids` holds). */
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type PhotographerCandidate = z.infer<typeof photographerCandidateSchema>;

export const organiserProgressEndpoints = {
  eventProgress: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/progress/',
    tag,
    access: 'user',
    summary:
      "An event's progress: uploads waiting, processing, ready and failed (the latest failures named), " +
      'face indexing, and bib reading (null until it exists) (media.read)',
    params: z.object({ slug: eventSlugSchema }),
    response: eventProgressSchema,
  }),
  listPhotographers: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/photographers/',
    tag: 'Organisations',
    access: 'user',
    summary:
      "The organisation's photographers (members with the photographer role), for assigning them to " +
      "events (events.manage; the whole team list is the owners')",
    params: z.object({ id: idParam }),
    response: z.object({ results: z.array(photographerCandidateSchema) }),
  }),
};
