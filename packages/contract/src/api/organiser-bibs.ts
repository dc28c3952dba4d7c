import { z } from 'zod';
import { endpoint } from '../endpoint';
import { BIB_LIST_MAX, bibListSchema, bibNumberSchema } from '../rules/bib-numbers';
import { eventSlugSchema } from './events';

/*
 * Wire shapes of race-day bibs (issue 20): the event's issued list and recognition switch
 * (`organiserBibEndpoints`), a photo's bibs in the organiser's media list and its PATCH
 * (`api/organiser.ts`, `api/organiser-media.ts`). The participants' find by bib is an event
 * endpoint (`api/events.ts`).
 */

/** Where a photo's bib came from: read by recognition, or set by the organiser (never overwritten). */
export const BIB_SOURCES = ['ocr', 'manual'] as const;
export type BibSource = (typeof BIB_SOURCES)[number];

export const eventBibsParamsSchema = z.object({ slug: eventSlugSchema });

/** `PUT …/events/{slug}/bibs/`: the whole issued list replaces the previous one, and the switch. */
export const putEventBibsBodySchema = z.object({
  numbers: bibListSchema,
  recognition: z.boolean({ error: 'recognition.invalid' }),
});
export type PutEventBibsBody = z.input<typeof putEventBibsBodySchema>;

/** The event's bib settings as stored (the answer of the PUT). */
export const eventBibsSchema = z.object({
  numbers: z.array(z.string()),
  recognition: z.boolean(),
});
export type EventBibs = z.infer<typeof eventBibsSchema>;

/**
 * A JSON body of BIB_LIST_MAX five-digit numbers is ~0.8 MB; twice that leaves room for spaces
 * and keeps the endpoint under its own limit rather than the server's default 1 MB.
 */
export const EVENT_BIBS_BODY_LIMIT_BYTES = BIB_LIST_MAX * 8 * 2;

/** One bib on a photo as the organiser's media list shows it. */
export const mediaBibSchema = z.object({
  number: z.string(),
  source: z.enum(BIB_SOURCES),
  /** Recognition's confidence (0–1); null for a bib the organiser set. */
  confidence: z.number().min(0).max(1).nullable(),
});
export type MediaBib = z.infer<typeof mediaBibSchema>;

/** Most bibs one photo carries (a pack of runners at a start line). */
export const MEDIA_BIBS_MAX = 50;

/**
 * `PATCH …/media/{id}/` `{bibs}`: the photo's bibs after the organiser's correction. The numbers
 * listed become `manual` unless recognition already read them; those missing are removed.
 */
export const mediaBibsPatchSchema = z
  .array(bibNumberSchema, { error: 'bibs.invalid' })
  .max(MEDIA_BIBS_MAX, { message: 'bibs.too_many' })
  .transform((numbers) => [...new Set(numbers)]);

export const organiserBibEndpoints = {
  getEventBibs: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/bibs/',
    tag: 'Organiser',
    access: 'user',
    summary: "The event's issued bibs, in numeric order, and whether recognition reads them (events.read)",
    params: eventBibsParamsSchema,
    response: eventBibsSchema,
  }),
  putEventBibs: endpoint({
    method: 'PUT',
    path: '/organiser/v1/events/{slug}/bibs/',
    tag: 'Organiser',
    access: 'user',
    summary:
      `Replace the event's whole list of issued bibs (3–5 digits, up to ${BIB_LIST_MAX.toLocaleString('en')}; ` +
      'repeats dropped) and switch bib recognition on or off; with recognition on, the photos are ' +
      'read again when it was just turned on or the list changed (events.manage)',
    params: eventBibsParamsSchema,
    body: putEventBibsBodySchema,
    bodyLimitBytes: EVENT_BIBS_BODY_LIMIT_BYTES,
    response: eventBibsSchema,
  }),
};
