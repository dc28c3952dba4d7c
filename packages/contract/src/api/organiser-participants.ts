import { z } from 'zod';
import { endpoint } from '../endpoint';
import { FACE_INFERENCE_STATUSES } from '../enums';
import { pageQuerySchema, paginated } from '../pagination';
import { date, dateTime, id, idParam } from './common';
import { eventSlugSchema } from './events';
import { SUPPORT_CATEGORIES } from './support';

const tag = 'Organiser participants';

/** A search box's text: part of an e-mail, a name, a code or a subject, case-insensitive. */
const search = z.string().trim().max(200, { message: 'field.too_long' }).optional();

/** One album of the event (a check-in) as the console lists it. */
export const organiserCheckinSchema = z.object({
  id,
  /** The participant's e-mail; null for an album opened without an account (anonymous). */
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  /** The album code used and its label (a room, a name). */
  code: z.string(),
  code_label: z.string().nullable(),
  /** `pending`: a check-in step (data, selfie, dates) is still to do. */
  status: z.enum(['pending', 'complete']),
  pending_step: z.string().nullable(),
  /** Where the participant came from (the `source` of the check-in: a link, a campaign). */
  source: z.string().nullable(),
  /** The data collector's answers, by field name. */
  form_answers: z.record(z.string(), z.string()),
  start_of_stay: date.nullable(),
  end_of_stay: date.nullable(),
  /** The selfie search of the album. */
  face_search: z.enum(FACE_INFERENCE_STATUSES),
  created_at: dateTime,
  completed_at: dateTime.nullable(),
});
export type OrganiserCheckin = z.infer<typeof organiserCheckinSchema>;

export const listCheckinsQuerySchema = pageQuerySchema(50, 200).extend({
  search,
  status: z.enum(['pending', 'complete'], { message: 'status.invalid' }).optional(),
});

/** A support request as the console lists it: what the participant sent, as sent. */
export const organiserSupportRequestSchema = z.object({
  id,
  created_at: dateTime,
  /** The day support promised to answer by (the organisation's working days). */
  answer_by: date,
  name: z.string(),
  email: z.string(),
  picacode: z.string().nullable(),
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
  /** The event the participant chose, when any. */
  event: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** Whether a screenshot came with it (`…/screenshot.jpg`). */
  has_screenshot: z.boolean(),
});
export type OrganiserSupportRequest = z.infer<typeof organiserSupportRequestSchema>;

export const listSupportRequestsQuerySchema = pageQuerySchema(25, 100).extend({
  search,
  /** Only the requests about this event. */
  event: eventSlugSchema.optional(),
});

export const organiserParticipantEndpoints = {
  listCheckins: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/checkins/',
    tag,
    access: 'user',
    summary:
      "The event's albums (check-ins), newest first: who, with which code, the data collector's " +
      "answers, the selfie search's state; searchable by e-mail, name or code (orders.read)",
    params: z.object({ slug: eventSlugSchema }),
    query: listCheckinsQuerySchema,
    response: paginated(organiserCheckinSchema),
  }),
  listSupportRequests: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/support-requests/',
    tag,
    access: 'user',
    summary:
      "The organisation's support requests, newest first, searchable by e-mail, name, code or " +
      'subject and by event (orders.read)',
    params: z.object({ id: idParam }),
    query: listSupportRequestsQuerySchema,
    response: paginated(organiserSupportRequestSchema),
  }),
  supportScreenshot: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/support-requests/{request_id}/screenshot.jpg',
    tag,
    access: 'user',
    summary: 'The screenshot sent with a support request, as the JPEG stored (orders.read)',
    params: z.object({ id: idParam, request_id: idParam }),
    response: z.unknown(),
    produces: ['image/jpeg'],
  }),
};
