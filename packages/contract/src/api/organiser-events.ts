import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  CHECKIN_MODES,
  COUNTER_TYPES,
  EVENT_STATUSES,
  EXPERIENCE_TYPES,
  HD_SERVING_TYPES,
  LAYOUT_DIRECTIONS,
  PHOTO_DISPLAY_TYPES,
  POSITIONS,
  RESOLUTIONS,
} from '../enums';
import { id, idParam, date as isoDate, dateTime as isoDateTime, resultsOf } from './common';
import { eventSlugSchema } from './events';

const tag = 'Organiser events';

/** Whether `name` is an IANA time zone this runtime knows ("Europe/Rome", "UTC"); offsets are not. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// decision (issue 18): event dates and times lie in the years 1900–2999: the database has no year
// 0 and no year 10000 (an offset can push 9999-12-31 there), and no event is older or later.
const inYears = (v: string) => {
  const year = new Date(v.length === 10 ? `${v}T12:00:00Z` : v).getUTCFullYear();
  return year >= 1900 && year <= 2999;
};
const date = isoDate.refine(inYears, { message: 'date.out_of_range' });
const dateTime = isoDateTime.refine(inYears, { message: 'date.out_of_range' });

const text = (max: number) => z.string().trim().max(max, { message: 'field.too_long' });
const requiredText = (max: number) => text(max).min(1, { message: 'field.required' });
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));
const url = z
  .string()
  .trim()
  .max(2000, { message: 'field.too_long' })
  .regex(/^(https:\/\/|\/)\S+$/, { message: 'url.invalid' });
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: 'choice.invalid' });

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64, { message: 'time_zone.invalid' })
  .refine(isTimeZone, { message: 'time_zone.invalid' });

const popupInput = z.strictObject({
  active: z.boolean(),
  title: optionalText(200).default(null),
  text: optionalText(2000).default(null),
});
const bannerInput = z.strictObject({
  image_url: url,
  link_url: url.nullable().default(null),
  position: choice(POSITIONS),
});
const dataCollectorFieldSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, { message: 'field_name.invalid' }),
  label: requiredText(200),
  type: choice(['text', 'email', 'tel', 'date', 'checkbox'] as const),
  required: z.boolean(),
});
const optionSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'option_id.invalid' }),
  label: requiredText(200),
});
const unique = <T>(key: (item: T) => string) => ({
  check: (items: T[] | null) => !items || new Set(items.map(key)).size === items.length,
});

/**
 * Every setting the participant side reads, with its field names (the album's and the event
 * page's DTOs). All optional: PATCH sends what changes, create what differs from the defaults.
 */
export const eventSettingsInput = z.strictObject({
  name: requiredText(200),
  /** event or stay: the participant side's `experience_type`. */
  kind: choice(EXPERIENCE_TYPES),
  description: optionalText(5000),
  location: optionalText(200),
  cover_url: url.nullable(),
  start_date: date,
  end_date: date,
  time_zone: timeZoneSchema,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: 'currency.invalid' }),
  checkin_mode: choice(CHECKIN_MODES),
  status: choice(EVENT_STATUSES),
  show_in_calendar: z.boolean(),
  live_from: dateTime.nullable(),
  live_to: dateTime.nullable(),
  banner: bannerInput.nullable(),
  welcome_popup: popupInput,
  fixed_popup: popupInput,
  is_promo: z.boolean(),
  is_tagging_completed: z.boolean(),
  hd_serving_type: choice(HD_SERVING_TYPES),
  share_mode: choice(RESOLUTIONS),
  zoom_mode: choice(RESOLUTIONS),
  photo_display_type: choice(PHOTO_DISPLAY_TYPES),
  counter_type: choice(COUNTER_TYPES),
  share_with_friends: z.boolean(),
  use_pica_for_your_event: z.boolean(),
  hd_available_from: dateTime.nullable(),
  hd_available_to: dateTime.nullable(),
  media_available_to: dateTime.nullable(),
  last_stay_deletion_date: date.nullable(),
  can_purchase_during_stay: z.boolean(),
  show_prices: z.boolean(),
  can_see_media: z.boolean(),
  show_all_event_photos: z.boolean(),
  /** Runners open their album by bib number and last name on the event page (issue 20). */
  find_by_bib: z.boolean(),
  /** The data_collector step's form (null or empty: no form step), or an outside form's URL. */
  data_collector_fields: z
    .array(dataCollectorFieldSchema)
    .max(30, { message: 'field.too_long' })
    .nullable()
    .refine(unique<{ name: string }>((f) => f.name).check, { message: 'field_name.duplicate' }),
  data_collector_form_url: url.nullable(),
  /** The option_selector step's choices (null or empty: no such step). */
  options: z
    .array(optionSchema)
    .max(50, { message: 'field.too_long' })
    .nullable()
    .refine(unique<{ id: string }>((o) => o.id).check, { message: 'option_id.duplicate' }),
  step_privacy: optionalText(5000),
  /** Membership ids of the organisation's photographers assigned to this event. */
  photographer_member_ids: z
    .array(id)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'member_ids.duplicate' }),
});
export type EventSettingsInput = z.output<typeof eventSettingsInput>;

/** Settings of a new event: these are required, every other one has the participant side's default. */
export const createEventBodySchema = eventSettingsInput.partial().extend({
  organisation_id: id,
  slug: eventSlugSchema.optional(),
  name: eventSettingsInput.shape.name,
  kind: eventSettingsInput.shape.kind,
  start_date: date,
  end_date: date,
  currency: eventSettingsInput.shape.currency,
  checkin_mode: eventSettingsInput.shape.checkin_mode,
});
export const updateEventBodySchema = eventSettingsInput
  .partial()
  .extend({ slug: eventSlugSchema.optional() });

/** Settings the console shows as not changeable now, each with why (`setting_locked` on change). */
export const LOCKABLE_SETTINGS = ['currency', 'slug'] as const;

const popupSchema = z.object({
  active: z.boolean(),
  title: z.string().nullable(),
  text: z.string().nullable(),
});

/** An event as the console edits it: every setting, plus who may not change what. */
export const consoleEventSchema = z.object({
  id,
  organisation_id: id,
  slug: z.string(),
  name: z.string(),
  kind: z.enum(EXPERIENCE_TYPES),
  description: z.string().nullable(),
  location: z.string().nullable(),
  cover_url: z.string().nullable(),
  start_date: isoDate,
  end_date: isoDate,
  time_zone: z.string(),
  currency: z.string(),
  checkin_mode: z.enum(CHECKIN_MODES),
  status: z.enum(EVENT_STATUSES),
  show_in_calendar: z.boolean(),
  live_from: isoDateTime.nullable(),
  live_to: isoDateTime.nullable(),
  banner: z
    .object({ id, image_url: z.string(), link_url: z.string().nullable(), position: z.enum(POSITIONS) })
    .nullable(),
  welcome_popup: popupSchema,
  fixed_popup: popupSchema,
  is_promo: z.boolean(),
  is_tagging_completed: z.boolean(),
  hd_serving_type: z.enum(HD_SERVING_TYPES),
  share_mode: z.enum(RESOLUTIONS),
  zoom_mode: z.enum(RESOLUTIONS),
  photo_display_type: z.enum(PHOTO_DISPLAY_TYPES),
  counter_type: z.enum(COUNTER_TYPES),
  share_with_friends: z.boolean(),
  use_pica_for_your_event: z.boolean(),
  hd_available_from: isoDateTime.nullable(),
  hd_available_to: isoDateTime.nullable(),
  media_available_to: isoDateTime.nullable(),
  /** Set by the unpurchased-media lifecycle, not by the console. */
  media_deleted: z.boolean(),
  last_stay_deletion_date: isoDate.nullable(),
  can_purchase_during_stay: z.boolean(),
  show_prices: z.boolean(),
  can_see_media: z.boolean(),
  show_all_event_photos: z.boolean(),
  find_by_bib: z.boolean(),
  data_collector_fields: z
    .array(
      z.object({
        name: z.string(),
        label: z.string(),
        type: z.enum(['text', 'email', 'tel', 'date', 'checkbox']),
        required: z.boolean(),
      }),
    )
    .nullable(),
  data_collector_form_url: z.string().nullable(),
  options: z.array(z.object({ id: z.string(), label: z.string() })).nullable(),
  step_privacy: z.string().nullable(),
  photographer_member_ids: z.array(id),
  /** Settings that cannot change now; `locked_reasons` says why, per setting. */
  locked: z.array(z.enum(LOCKABLE_SETTINGS)),
  locked_reasons: z.record(z.string(), z.string()),
  created_at: isoDateTime,
});
export type ConsoleEvent = z.infer<typeof consoleEventSchema>;

export const consoleGallerySchema = z.object({
  id,
  name: z.string(),
  parent_id: id.nullable(),
  layout: z.enum(LAYOUT_DIRECTIONS),
  position: z.number().int(),
  media_count: z.number().int().min(0),
});
export type ConsoleGallery = z.infer<typeof consoleGallerySchema>;

export const createGalleryBodySchema = z.strictObject({
  name: requiredText(100),
  parent_id: id.nullable().optional(),
  layout: choice(LAYOUT_DIRECTIONS).optional(),
});
export const updateGalleryBodySchema = z.strictObject({
  name: requiredText(100).optional(),
  /** Another gallery of the same event, or null for the top level. */
  parent_id: id.nullable().optional(),
  /** 0-based place among its siblings; the others shift. */
  position: z.number().int().min(0, { message: 'position.invalid' }).max(10_000).optional(),
  layout: choice(LAYOUT_DIRECTIONS).optional(),
});
export const deleteGalleryQuerySchema = z.object({
  /** Where the gallery's media and sub-galleries go first: another gallery's id or `event` (top level). */
  move_to: z.union([z.literal('event'), idParam], { message: 'move_to.invalid' }).optional(),
});

export const eventParamsSchema = z.object({ slug: eventSlugSchema });
export const galleryParamsSchema = z.object({ slug: eventSlugSchema, id: idParam });

export const organiserEventEndpoints = {
  createEvent: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/',
    tag,
    access: 'user',
    status: 201,
    summary:
      'Create an event or stay with its settings (a draft unless `status` says otherwise); the slug is ' +
      'random unless given (taken: slug.taken) (events.manage)',
    body: createEventBodySchema,
    response: consoleEventSchema,
  }),
  getEvent: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/',
    tag,
    access: 'user',
    summary: "An event's every setting, its photographers and which settings are locked (events.read)",
    params: eventParamsSchema,
    response: consoleEventSchema,
  }),
  updateEvent: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/events/{slug}/',
    tag,
    access: 'user',
    summary:
      'Change settings, publish/unpublish/archive (`status`), assign photographers; a locked setting ' +
      'answers 409 setting_locked (events.manage)',
    params: eventParamsSchema,
    body: updateEventBodySchema,
    response: consoleEventSchema,
  }),
  listGalleries: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/galleries/',
    tag,
    access: 'user',
    summary: "The event's galleries as a flat tree (parent_id), by position, with media counts (events.read)",
    params: eventParamsSchema,
    response: resultsOf(consoleGallerySchema),
  }),
  createGallery: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/{slug}/galleries/',
    tag,
    access: 'user',
    status: 201,
    summary: 'Add a gallery, at the top level or under `parent_id`, last among its siblings (events.manage)',
    params: eventParamsSchema,
    body: createGalleryBodySchema,
    response: consoleGallerySchema,
  }),
  updateGallery: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/events/{slug}/galleries/{id}/',
    tag,
    access: 'user',
    summary:
      'Rename, move under another gallery of the event (never under itself), reorder, change layout ' +
      '(events.manage)',
    params: galleryParamsSchema,
    body: updateGalleryBodySchema,
    response: consoleGallerySchema,
  }),
  deleteGallery: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/events/{slug}/galleries/{id}/',
    tag,
    access: 'user',
    summary:
      'Delete a gallery; one with media or sub-galleries is refused (409 gallery_not_empty) unless ' +
      '`move_to` (a gallery id or `event`) says where they go first (events.manage)',
    params: galleryParamsSchema,
    query: deleteGalleryQuerySchema,
    response: z.object({ detail: z.string() }),
  }),
};
