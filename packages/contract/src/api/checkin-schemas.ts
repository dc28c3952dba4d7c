import { z } from 'zod';
import {
  ANONYMIZATION_KINDS,
  ANONYMIZATION_STATES,
  CHECKIN_MODES,
  CHECKIN_STEPS,
  COUNTER_TYPES,
  EXPERIENCE_TYPES,
  FACE_INFERENCE_STATUSES,
  HD_SERVING_TYPES,
  PHOTO_DISPLAY_TYPES,
  POSITIONS,
  RESOLUTIONS,
} from '../enums';
import { currencyCode, date, dateTime, id } from './common';

/** Entities of the check-in (album) area. */

export const bannerSchema = z.object({
  id,
  // decision: a banner is an image with an optional link, shown at the top or bottom of the album.
  image_url: z.string(),
  link_url: z.string().nullable(),
  position: z.enum(POSITIONS),
});

// decision: each popup carries its own title and text besides the `active` flag the spec names.
const popupSchema = z.object({
  active: z.boolean(),
  title: z.string().nullable(),
  text: z.string().nullable(),
});

export const anonymizationSchema = z.object({
  state: z.enum(ANONYMIZATION_STATES),
  kind: z.enum(ANONYMIZATION_KINDS).nullable(),
});
export type Anonymization = z.infer<typeof anonymizationSchema>;

export const checkinEventSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  start_date: date,
  end_date: date,
  experience_type: z.enum(EXPERIENCE_TYPES),
  checkin_mode: z.enum(CHECKIN_MODES),
});

// decision: the expanded photo service carries what the album screen shows about it.
export const picaServiceSchema = z.object({ id, name: z.string(), logo_url: z.string().nullable() });

// decision: media counts of an album, included with include_photos_summary=true.
export const photosSummarySchema = z.object({
  total: z.number().int().min(0),
  photos: z.number().int().min(0),
  videos: z.number().int().min(0),
  purchased: z.number().int().min(0),
  favourites: z.number().int().min(0),
});

/** A check-in (album), as loaded by id (albums spec §3). */
export const checkinSchema = z.object({
  id,
  picacode: z.string(),
  event_name: z.string(),
  event: checkinEventSchema,
  pica_service_id: id,
  pica_service: picaServiceSchema.optional(),
  photos_summary: photosSummarySchema.optional(),
  banner: bannerSchema.nullable(),
  popup: z.object({ welcome: popupSchema, fixed: popupSchema }),
  is_promo: z.boolean(),
  is_tagging_completed: z.boolean(),
  hd_serving_type: z.enum(HD_SERVING_TYPES),
  share_mode: z.enum(RESOLUTIONS),
  // decision: zoom uses the same resolution scale as sharing (the enumeration says "zoom or share").
  zoom_mode: z.enum(RESOLUTIONS),
  photo_display_type: z.enum(PHOTO_DISPLAY_TYPES),
  // decision: whether the album's media lists page by numbers or load more (infinite).
  counter_type: z.enum(COUNTER_TYPES),
  share_with_friends: z.boolean(),
  use_pica_for_your_event: z.boolean(),
  hd_available_from: dateTime.nullable(),
  hd_available_to: dateTime.nullable(),
  media_available_to: dateTime.nullable(),
  media_deleted: z.boolean(),
  last_stay_deletion_date: date.nullable(),
  can_purchase_during_stay: z.boolean(),
  show_prices: z.boolean().default(true),
  can_see_media: z.boolean().default(true),
  currency: currencyCode,
  show_all_event_photos: z.boolean(),
  platform: z.literal('site'),
  source: z.string().nullable(),
  tags: z.array(z.string()),
  option: z.string().nullable(),
  domain: z.string().nullable(),
  face_inference_status: z.enum(FACE_INFERENCE_STATUSES),
  anonymization: anonymizationSchema,
  start_of_stay: date.nullable(),
  end_of_stay: date.nullable(),
  created_at: dateTime,
});
export type Checkin = z.infer<typeof checkinSchema>;

/** A row of the check-in list. */
export const checkinListItemSchema = z.object({
  id,
  picacode: z.string(),
  event_name: z.string(),
  // decision: the list shows a date, a media count and up to 4 thumbnails ("photos") per album.
  event_date: date,
  media_count: z.number().int().min(0),
  photos: z.array(z.object({ id, thumbnail_url: z.string() })).max(4),
  created_at: dateTime,
});
export type CheckinListItem = z.infer<typeof checkinListItemSchema>;

/** Body of an HTTP 303 answer to check-in create or complete: a further step is required. */
export const checkinStepResponseSchema = z.object({
  // decision: id of the pending check-in, used in POST /v2/complete-checkin/{id}/.
  id,
  complete_token: z.string(),
  checkin_step: z.enum(CHECKIN_STEPS),
  form_url: z.string().nullable(),
  // decision: privacy statement (plain text) the step modal shows, or null.
  privacy: z.string().nullable(),
  // decision: choices of an option_selector step (empty for other steps).
  options: z.array(z.object({ id: z.string(), label: z.string() })),
  // decision: fields of the data-form modal of a data_collector step (empty for other steps).
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.enum(['text', 'email', 'tel', 'date', 'checkbox']),
      required: z.boolean(),
    }),
  ),
});
export type CheckinStepResponse = z.infer<typeof checkinStepResponseSchema>;
/** HTTP status of a "further step required" answer. */
export const CHECKIN_STEP_STATUS = 303;

/** Answer of the preview call (entry spec §3). */
export const previewResponseSchema = z.object({
  picacode: z.string().nullable(),
  source: z.string().nullable(),
  tags: z.array(z.string()),
  disable_social_login: z.boolean(),
  start_of_stay: date.nullable(),
  end_of_stay: date.nullable(),
  campaign_code: z.string().nullable(),
  campaign_expires_at: dateTime.nullable(),
  sso_url: z.string().nullable(),
  photos: z.array(z.object({ id, thumbnail_url: z.string() })),
  event_name: z.string(),
  experience_type: z.enum(EXPERIENCE_TYPES),
  // decision: the service id is returned so the client can show the marketing check (service 2394).
  pica_service_id: id,
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;
