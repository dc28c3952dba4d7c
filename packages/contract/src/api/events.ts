import { z } from 'zod';
import { endpoint } from '../endpoint';
import { CHECKIN_MODES, EXPERIENCE_TYPES } from '../enums';
import { EVENT_SLUG_PATTERN } from '../rules/event-slug';
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
};
