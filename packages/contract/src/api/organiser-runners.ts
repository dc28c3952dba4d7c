import { z } from 'zod';
import { endpoint } from '../endpoint';
import { pageQuerySchema, paginated } from '../pagination';
import { RUNNERS_CSV_MAX_BYTES, RUNNERS_CSV_MAX_ROWS, runnersImportResultSchema } from '../rules/runners-csv';
import { dateTime, id } from './common';
import { eventSlugSchema } from './events';

/*
 * Race runners (issue 20): the participants import with the organiser's confirmation that the
 * runners agreed to be contacted, and the runner's own opt-out of the "your photos are ready" e-mail.
 */

const tag = 'Organiser runners';

export const runnersImportParamsSchema = z.object({ slug: eventSlugSchema });

/**
 * `consent_confirmed=true`: the organiser confirms the runners of this file agreed to be contacted
 * about their photos. Anything else refuses the import before it is read.
 */
export const consentConfirmedSchema = z.literal('true', { error: 'consent.required' });

export const runnersImportQuerySchema = z.object({
  /** Required unless the multipart form carries it as a field. */
  consent_confirmed: consentConfirmedSchema.optional(),
});

/** The multipart form of the import: the file and the confirmation. */
export const RUNNERS_IMPORT_FILE_FIELD = 'file';

/** `POST /v1/runners/opt-out/`: the token of the link in a runner's e-mail. */
export const runnerOptOutBodySchema = z.object({
  token: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { message: 'field.required' })
    .max(200, { message: 'token.invalid' }),
});
export type RunnerOptOutBody = z.input<typeof runnerOptOutBodySchema>;

export const runnerOptOutResultSchema = z.object({
  /** The event the runner will hear no more about. */
  event_name: z.string(),
});
export type RunnerOptOutResult = z.infer<typeof runnerOptOutResultSchema>;

/** `GET …/participants/runners/`: a page of the event's runners, by bib. */
export const listRunnersQuerySchema = pageQuerySchema(50, 500).extend({
  /** Part of a first or last name, an e-mail or a bib, case-insensitive. */
  search: z.string().trim().max(200, { message: 'field.too_long' }).optional(),
});

/** A runner as the console lists them. */
export const organiserRunnerSchema = z.object({
  id,
  bib: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** The language of their e-mail; null: the event's. */
  language: z.string().nullable(),
  /** Their album code (scoped to their bib's tag); null if the code was deleted. */
  code: z.string().nullable(),
  /** When the runner was last imported (a runner imported again is updated). */
  imported_at: dateTime,
  /** Visible photos of the event carrying their bib (published or not: what their code will show). */
  photos: z.number().int().min(0),
  /** When their "your photos are ready" e-mail was queued; null: not yet. */
  ready_queued_at: dateTime.nullable(),
  /** When the mail server accepted it; null: not sent (yet). */
  ready_sent_at: dateTime.nullable(),
  /** When the runner stopped the e-mails about their photos. */
  opted_out_at: dateTime.nullable(),
});
export type OrganiserRunner = z.infer<typeof organiserRunnerSchema>;

export const organiserRunnerEndpoints = {
  listRunners: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/participants/runners/',
    tag,
    access: 'user',
    summary:
      "The event's imported runners by bib, with their code, the photos found with their bib and " +
      'their "ready" e-mail; `search`: part of a name, an e-mail or a bib (codes.read)',
    params: runnersImportParamsSchema,
    query: listRunnersQuerySchema,
    response: paginated(organiserRunnerSchema),
  }),
  importRunners: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/{slug}/participants/import/',
    tag,
    access: 'user',
    summary:
      'Import the race participants from a CSV (`text/csv` body, or multipart with the file in `file`): ' +
      `first name, last name, e-mail, bib, optional language; at most ${RUNNERS_CSV_MAX_ROWS} rows. ` +
      '`consent_confirmed=true` (query parameter or form field) confirms the runners agreed to be contacted ' +
      'about their photos. All or nothing: any refused row imports nothing (`imported: 0`) and every refused ' +
      "row is listed with its reason. Bibs must be in the event's issued list; without one, the imported bibs " +
      'become the list. A runner already imported (same bib) is updated and keeps their album code (codes.manage)',
    params: runnersImportParamsSchema,
    query: runnersImportQuerySchema,
    body: z.string().max(RUNNERS_CSV_MAX_BYTES, { message: 'file.too_large' }),
    bodyType: 'text/csv',
    multipart: true,
    bodyLimitBytes: RUNNERS_CSV_MAX_BYTES,
    response: runnersImportResultSchema,
  }),
  runnerOptOut: endpoint({
    method: 'POST',
    path: '/v1/runners/opt-out/',
    tag,
    access: 'public',
    summary:
      'A runner stops the e-mails about their race photos, with the signed token of the link in their ' +
      '"your photos are ready" e-mail (no account needed); answering the same token again is harmless',
    body: runnerOptOutBodySchema,
    response: runnerOptOutResultSchema,
  }),
};
