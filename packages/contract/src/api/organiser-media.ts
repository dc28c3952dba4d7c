import { z } from 'zod';
import { endpoint } from '../endpoint';
import { id, idParam, mediaIds } from './common';
import { eventSlugSchema } from './events';
import { MEDIA_TAG_MAX_LENGTH, MEDIA_TAGS_MAX, organiserMediaSchema } from './organiser';
import { mediaBibsPatchSchema } from './organiser-bibs';

const tag = 'Organiser';

/** The longest video is 10 minutes: a poster second beyond it is refused by the contract already. */
export const POSTER_SECONDS_MAX = 600;

const mediaTag = z
  .string()
  .trim()
  .min(1, { message: 'field.required' })
  .max(MEDIA_TAG_MAX_LENGTH, { message: 'field.too_long' })
  .refine((t) => !t.includes(','), { message: 'tags.comma' });
const tags = z.array(mediaTag).max(MEDIA_TAGS_MAX, { message: 'field.too_many' });

export const organiserMediumParamsSchema = z.object({ slug: eventSlugSchema, id: idParam });

export const updateMediumSchema = z
  .object({
    /** Move into this gallery of the event; null: into the event itself. */
    gallery_id: id.nullable().optional(),
    /** The medium's whole list of tags (album codes match them). */
    tags: tags.optional(),
    /** Hide from participants' albums (its buyers keep it), or show again. */
    hidden: z.boolean().optional(),
    /** A video's poster frame: this second of the video; the poster and thumbnails are made again. */
    poster_seconds: z.number().int().min(0).max(POSTER_SECONDS_MAX).optional(),
    /**
     * Issue 20: the photo's whole list of bibs after correction. Numbers recognition read stay
     * `ocr`, others become `manual`; a read number left out is remembered as removed. Its `bib-`
     * tags follow; `tags` never changes them.
     */
    bibs: mediaBibsPatchSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'field.required' });
export type UpdateMedium = z.infer<typeof updateMediumSchema>;

export const MEDIA_BULK_ACTIONS = [
  'move',
  'add_tags',
  'remove_tags',
  'hide',
  'unhide',
  'delete',
  'reprocess',
] as const;
export type MediaBulkAction = (typeof MEDIA_BULK_ACTIONS)[number];

export const mediaBulkSchema = z
  .object({
    ids: mediaIds,
    action: z.enum(MEDIA_BULK_ACTIONS),
    /** `move`: the gallery (null: the event itself). */
    gallery_id: id.nullable().optional(),
    /** `add_tags` / `remove_tags`: the tags (`add_tags` refused whole when a medium would carry more than MEDIA_TAGS_MAX). */
    tags: tags.min(1, { message: 'field.required' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'move' && b.gallery_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['gallery_id'], message: 'field.required' });
    if ((b.action === 'add_tags' || b.action === 'remove_tags') && b.tags === undefined)
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'field.required' });
  });
export type MediaBulk = z.infer<typeof mediaBulkSchema>;

/**
 * What became of one id: `done`; `kept` (deleted while bought: kept for its buyers); `not_found`
 * (no medium of this event); `skipped` (nothing to do: re-processing a medium still processing).
 */
export const MEDIA_BULK_OUTCOMES = ['done', 'kept', 'not_found', 'skipped'] as const;
export const mediaBulkResultSchema = z.object({
  results: z.array(z.object({ id, outcome: z.enum(MEDIA_BULK_OUTCOMES) })),
});
export type MediaBulkResult = z.infer<typeof mediaBulkResultSchema>;

export const deleteMediumResultSchema = z.object({
  /** `deleted`: row and files gone; `kept`: bought by someone, kept for its buyers and flagged. */
  outcome: z.enum(['deleted', 'kept']),
});

export const organiserMediaManageEndpoints = {
  updateMedium: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/events/{slug}/media/{id}/',
    tag,
    access: 'user',
    summary:
      "Move a medium to a gallery, set its tags, hide or show it in albums, choose a video's " +
      'poster second (its poster and thumbnails are made again), or correct its bibs (their ' +
      '`bib-` tags follow; `tags` cannot add or drop them: tags.bib_reserved) (media.manage)',
    params: organiserMediumParamsSchema,
    body: updateMediumSchema,
    response: organiserMediaSchema,
  }),
  deleteMedium: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/events/{slug}/media/{id}/',
    tag,
    access: 'user',
    summary:
      'Delete a medium: its files and row are gone; one somebody bought is kept for its buyers, ' +
      'hidden from everyone else and flagged deleted (media.manage)',
    params: organiserMediumParamsSchema,
    response: deleteMediumResultSchema,
  }),
  bulkMedia: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/{slug}/media/bulk/',
    tag,
    access: 'user',
    summary:
      'One action on up to 1000 media of the event (move, add_tags, remove_tags, hide, unhide, ' +
      'delete, reprocess), in one transaction, answered per id (media.manage)',
    params: z.object({ slug: eventSlugSchema }),
    body: mediaBulkSchema,
    response: mediaBulkResultSchema,
  }),
};
