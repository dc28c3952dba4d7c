import { z } from 'zod';
import { MEDIA_TYPES } from '../constants';
import { endpoint } from '../endpoint';
import { EVENT_STATUSES } from '../enums';
import { pageQuerySchema, paginated } from '../pagination';
import { bibNumberSchema } from '../rules/bib-numbers';
import { boolQuery, date, dateTime, id, idParam, resultsOf } from './common';
import { eventSlugSchema } from './events';
import { mediaBibSchema } from './organiser-bibs';

const tag = 'Organiser';

/** Tags one medium carries at most (uploads, PATCH, bulk `add_tags` alike). */
export const MEDIA_TAGS_MAX = 100;
/** The longest tag. */
export const MEDIA_TAG_MAX_LENGTH = 100;

/** An upload's comma-separated tags as a list (trimmed, empty ones dropped). */
export const splitUploadTags = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * An upload's tags as one comma-separated text (multipart field, tus metadata), held to the limits
 * of a medium's tags: at most MEDIA_TAGS_MAX different tags of at most MEDIA_TAG_MAX_LENGTH.
 */
export const uploadTagsText = z
  .string()
  .max(1000, { message: 'field.too_long' })
  .superRefine((text, ctx) => {
    const tags = splitUploadTags(text);
    if (new Set(tags).size > MEDIA_TAGS_MAX) ctx.addIssue({ code: 'custom', message: 'field.too_many' });
    if (tags.some((t) => t.length > MEDIA_TAG_MAX_LENGTH))
      ctx.addIssue({ code: 'custom', message: 'field.too_long' });
  });

// decision: organisers upload through the API (the specs show no organiser screens); the
// `npm run ingest` command of the server uses the same endpoint, so one path checks every file.
export const uploadMediaParamsSchema = z.object({ slug: eventSlugSchema });
// decision: a gallery is chosen by id (the organiser screen: names may repeat within an event) or
// by name (`npm run ingest --gallery <name>`), never both: which one would win is not obvious.
export const uploadMediaFieldsSchema = z
  .object({
    /** Name of the event's gallery to put the photo in (case-insensitive); none for the event itself. */
    gallery: z.string().trim().min(1).max(100).optional(),
    /** Id of the event's gallery to put the photo in; excludes `gallery`. */
    gallery_id: z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{0,9}$/, 'gallery.invalid')
      .transform(Number)
      .optional(),
    /** Comma-separated tags album codes match (bib numbers, teams, rooms). */
    tags: uploadTagsText.optional().transform(splitUploadTags),
  })
  .refine((v) => v.gallery === undefined || v.gallery_id === undefined, {
    path: ['gallery_id'],
    message: 'gallery.name_and_id',
  });
/** Where a medium is in the pipeline: derivatives being made, servable, or given up on. */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

// decision: indexing progress counts ready photos and video posters (the media faces are looked for in).
export const faceIndexProgressSchema = z.object({
  media: z.number().int().min(0),
  indexed: z.number().int().min(0),
  failed: z.number().int().min(0),
  waiting: z.number().int().min(0),
  faces: z.number().int().min(0),
});
export type FaceIndexProgress = z.infer<typeof faceIndexProgressSchema>;

export const uploadMediaResponseSchema = z.object({
  id: z.number().int().min(1),
  duplicate: z.boolean(),
  status: z.enum(MEDIA_STATUSES),
});

/**
 * Why an upload was refused (`media_rejected`, 400 or 413, in `data.reason`). Clients show a text
 * per known reason and the server's message for a reason they do not know yet.
 */
export const MEDIA_REJECT_REASONS = [
  'unsupported_type',
  'too_large_file',
  'too_many_pixels',
  'corrupt',
  'too_long',
  'video_unsupported',
  'processing_timeout',
] as const;

// decision: the organiser screen (no spec screen) lists the organisation's events with their
// galleries as a flat list (parent ids let the client show "Course › Km 10") and how many uploads
// of each event are processing, ready or failed.
export const organiserGallerySchema = z.object({ id, name: z.string(), parent_id: id.nullable() });
export type OrganiserGallery = z.infer<typeof organiserGallerySchema>;

export const organiserEventSchema = z.object({
  id,
  /** Issue 18: the console lists the events of every organisation the caller is a member of. */
  organisation_id: id,
  status: z.enum(EVENT_STATUSES),
  slug: z.string(),
  name: z.string(),
  start_date: date,
  end_date: date,
  galleries: z.array(organiserGallerySchema),
  media_counts: z.object({
    processing: z.number().int().min(0),
    ready: z.number().int().min(0),
    failed: z.number().int().min(0),
  }),
});
export type OrganiserEvent = z.infer<typeof organiserEventSchema>;
export const organiserEventsSchema = resultsOf(organiserEventSchema);
export const organiserEventsQuerySchema = z.object({ organisation_id: idParam.optional() });

/** One upload as its organiser sees it: every status, the clean preview, the video once ready. */
export const organiserMediaSchema = z.object({
  id,
  type: z.enum(MEDIA_TYPES),
  status: z.enum(MEDIA_STATUSES),
  /** Why processing failed (a reject reason such as `corrupt`); null unless `failed`. */
  error_reason: z.string().nullable(),
  original_filename: z.string().nullable(),
  /** Issue 20: the original file name again, under the name the race-day checks read. */
  filename: z.string().nullable(),
  gallery_id: id.nullable(),
  tags: z.array(z.string()),
  /** Issue 20: the bibs on it, read by recognition or set by the organiser, in numeric order. */
  bibs: z.array(mediaBibSchema),
  created_at: dateTime,
  /** Signed links; null until the medium is ready. */
  thumbnail_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  /** The web rendition of a ready video; null for photos. */
  video_url: z.string().nullable(),
  duration_seconds: z.number().min(0).nullable(),
  /** The member who uploaded it (null: seeded or imported, or the member's account is gone). */
  uploaded_by: id.nullable(),
  /** Hidden from participants' albums by the organiser (its buyers keep it). */
  hidden: z.boolean(),
  /** Deleted while someone had bought it: kept for its buyers only, files included. */
  deleted: z.boolean(),
  /** Faces found in it (0 until face indexing has looked at it). */
  face_count: z.number().int().min(0),
  /** A video's chosen poster second; null: the default frame. */
  poster_seconds: z.number().int().min(0).nullable(),
});
export type OrganiserMedia = z.infer<typeof organiserMediaSchema>;

export const ORGANISER_MEDIA_PAGE_SIZE = 24;
const filterCount = z.coerce.number().int().min(0).max(10_000);
export const organiserMediaQuerySchema = pageQuerySchema(ORGANISER_MEDIA_PAGE_SIZE, 100).extend({
  status: z.enum(MEDIA_STATUSES).optional(),
  /** A gallery's id, or `none`: the media lying in the event itself. */
  gallery: z.union([z.literal('none'), idParam]).optional(),
  /** Media carrying this tag (exactly). */
  tag: z.string().trim().min(1).max(100, { message: 'field.too_long' }).optional(),
  // decision (issue 18): face count as a range (`max_faces=0` none, `min_faces=1` some, `min_faces=n` crowds)
  min_faces: filterCount.optional(),
  max_faces: filterCount.optional(),
  /** Uploaded by this member (a user id). */
  uploaded_by: idParam.optional(),
  /** `true`: only hidden (and deleted-but-bought) media; `false`: only those participants see. */
  hidden: boolQuery.optional(),
  /** Issue 20: `none`: photos without a bib (read or set by hand); a number: photos carrying that bib. */
  bib: z.union([z.literal('none'), bibNumberSchema]).optional(),
});
export const organiserMediaPageSchema = paginated(organiserMediaSchema);

// decision: the organiser's metrics screen charts an event's days (UTC) from the daily aggregates
// of the metrics listener's messages; sales are the event's paid orders, counted from the orders.
export const ORGANISER_METRICS_MAX_DAYS = 366;
export const organiserMetricsQuerySchema = z.object({
  /** How many days back from today (UTC), today included. */
  days: z.coerce.number().int().min(1).max(ORGANISER_METRICS_MAX_DAYS).default(30),
});
export const organiserMetricsDaySchema = z.object({
  day: date,
  /** Photos and videos seen in the album grid or the share page (media viewed). */
  views: z.number().int().min(0),
  /** Opened in the viewer (media opened). */
  opens: z.number().int().min(0),
  /** Single files and album zips downloaded. */
  downloads: z.number().int().min(0),
  /** Share links and share-with-friend links made. */
  shares: z.number().int().min(0),
  /** Paid orders with a line of this event. */
  sales: z.number().int().min(0),
});
export type OrganiserMetricsDay = z.infer<typeof organiserMetricsDaySchema>;
export const organiserMetricsSchema = z.object({
  /** Every day of the period, oldest first, zeros included. */
  days: z.array(organiserMetricsDaySchema),
  /** Messages of this event not yet counted (the aggregation job runs every minute). */
  pending: z.number().int().min(0),
});
export type OrganiserMetrics = z.infer<typeof organiserMetricsSchema>;

/** Permission to upload photos to the events of one's own organisation. */
export const MEDIA_UPLOAD_PERMISSION = 'media.upload';

export const organiserEndpoints = {
  uploadMedia: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/{slug}/media/',
    tag,
    access: 'user',
    multipart: true,
    status: 201,
    summary:
      'Upload one photo or video (multipart field `file`, plus `gallery_id` or `gallery` (by name) ' +
      'and `tags`; photos up to ' +
      '40 MB, videos up to 200 MB and 10 min); checked by content, ' +
      'then processed in the background (201 new, 200 already uploaded)',
    params: uploadMediaParamsSchema,
    body: uploadMediaFieldsSchema,
    response: uploadMediaResponseSchema,
  }),
  listEvents: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/',
    tag,
    access: 'user',
    summary:
      "The events of the caller's organisations (or of `organisation_id`), newest first, with their " +
      'galleries and upload counts by status; photographers see their assigned events (events.read)',
    query: organiserEventsQuerySchema,
    response: organiserEventsSchema,
  }),
  faceIndexProgress: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/face-index/',
    tag,
    access: 'user',
    summary:
      "How far face indexing of an event's photos has come: ready photos, indexed, failed, waiting, " +
      'and faces found (media.read)',
    params: uploadMediaParamsSchema,
    response: faceIndexProgressSchema,
  }),
  listMedia: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/media/',
    tag,
    access: 'user',
    summary:
      "An event's uploads, newest first, filtered by status, gallery, tag, face count, uploader, " +
      'hidden and bib (`none`: without a bib), with their bibs and signed thumbnail, clean preview ' +
      'and video links once ready (media.read)',
    params: uploadMediaParamsSchema,
    query: organiserMediaQuerySchema,
    response: organiserMediaPageSchema,
  }),
  eventMetrics: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/metrics/',
    tag,
    access: 'user',
    summary:
      "An event's usage per day: media viewed and opened, downloads, shares, and paid orders " +
      '(metrics.read)',
    params: uploadMediaParamsSchema,
    query: organiserMetricsQuerySchema,
    response: organiserMetricsSchema,
  }),
};
