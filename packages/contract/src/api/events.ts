import { z } from 'zod';
import { endpoint } from '../endpoint';
import { CHECKIN_MODES, EXPERIENCE_TYPES } from '../enums';
import { bibNumberSchema } from '../rules/bib-numbers';
import { EVENT_SLUG_PATTERN } from '../rules/event-slug';
import { checkinSchema } from './checkin-schemas';
import { date, dateTime, id, resultsOf } from './common';

const tag = 'Events';

export const eventSlugSchema = z.string().regex(EVENT_SLUG_PATTERN, { message: 'event_slug.invalid' });

/** An event as shown on its home page and in the calendar. */
export const eventSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  // decision: the event home page needs dates, place, a cover image and how participants find photos.
  description: z.string().nullable(),
  start_date: date,
  end_date: date,
  location: z.string().nullable(),
  cover_url: z.string().nullable(),
  experience_type: z.enum(EXPERIENCE_TYPES),
  checkin_mode: z.enum(CHECKIN_MODES),
  // decision: the event-wide album code used to open an album from the event page (face-checkin events).
  picacode: z.string().nullable(),
  currency: z.string(),
  /** Runners may open their album by bib number and last name (issue 20; the organiser's switch). */
  find_by_bib: z.boolean(),
});
export type EventInfo = z.infer<typeof eventSchema>;

export const calendarEventSchema = eventSchema.pick({
  id: true,
  slug: true,
  name: true,
  start_date: true,
  end_date: true,
  location: true,
  cover_url: true,
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const liveEventSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  gallery_url: z.string(),
  // decision: when the live event ends, so a client can tell a stale answer from a current one.
  ends_at: dateTime.nullable(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const eventsQuerySchema = z.object({ slug: eventSlugSchema });
// decision: the calendar takes an optional date window (YYYY-MM-DD); without one it lists upcoming events.
export const calendarQuerySchema = z.object({ from: date.optional(), to: date.optional() });
// decision: /live forwards its own URL query; `slug` narrows to one event, other keys are ignored.
export const liveEventQuerySchema = z.object({ slug: eventSlugSchema.optional() }).catchall(z.string());

export const findByBibParamsSchema = z.object({ slug: eventSlugSchema });

/** `POST /v1/events/{slug}/find-by-bib/`: the bib and the runner's last name as the second factor. */
export const findByBibBodySchema = z.object({
  bib: bibNumberSchema,
  last_name: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { message: 'field.required' })
    .max(100, { message: 'field.too_long' }),
});
export type FindByBibBody = z.input<typeof findByBibBodySchema>;

export const eventEndpoints = {
  eventBySlug: endpoint({
    method: 'GET',
    path: '/v1/events/',
    tag,
    access: 'public',
    // decision: a filtered list (0 or 1 event), keeping the list form the path implies.
    summary: 'Events with this slug (empty when none)',
    query: eventsQuerySchema,
    response: resultsOf(eventSchema),
  }),
  calendar: endpoint({
    method: 'GET',
    path: '/v1/events/calendar/',
    tag,
    access: 'public',
    summary: 'Upcoming events of the current event owner for the calendar',
    query: calendarQuerySchema,
    response: resultsOf(calendarEventSchema),
  }),
  live: endpoint({
    method: 'GET',
    path: '/v1/events/live/',
    tag,
    access: 'public',
    summary: 'The event happening now, with the gallery to send the browser to (404 when none)',
    query: liveEventQuerySchema,
    response: liveEventSchema,
  }),
  findByBib: endpoint({
    method: 'POST',
    path: '/v1/events/{slug}/find-by-bib/',
    tag,
    access: 'user-with-policies',
    status: 201,
    summary:
      "Open the album of a runner's bib with their last name, like a check-in with the runner's code " +
      '(303 with a step answer when the event asks further steps; the album itself when the user has it); ' +
      '404 runner_not_found for any pair that does not match, 403 find_by_bib_off when the event does ' +
      'not offer it; wrong pairs are limited like album codes (429)',
    params: findByBibParamsSchema,
    body: findByBibBodySchema,
    response: checkinSchema,
  }),
};
