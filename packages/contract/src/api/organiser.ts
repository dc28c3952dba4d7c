import { z } from 'zod';
import { endpoint } from '../endpoint';
import { eventSlugSchema } from './events';

const tag = 'Organiser';

// decision: organisers upload through the API (the specs show no organiser screens); the
// `npm run ingest` command of the server uses the same endpoint, so one path checks every file.
export const uploadMediaParamsSchema = z.object({ slug: eventSlugSchema });
export const uploadMediaFieldsSchema = z.object({
  /** Name of the event's gallery to put the photo in; none for the event itself. */
  gallery: z.string().trim().min(1).max(100).optional(),
  /** Comma-separated tags album codes match (bib numbers, teams, rooms). */
  tags: z
    .string()
    .max(1000)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : [],
    ),
});
export const uploadMediaResponseSchema = z.object({
  id: z.number().int().min(1),
  duplicate: z.boolean(),
  status: z.enum(['processing', 'ready', 'failed']),
});

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
      'Upload one photo (multipart field `file`, plus `gallery` and `tags`); checked by content, ' +
      'then processed in the background (201 new, 200 already uploaded)',
    params: uploadMediaParamsSchema,
    body: uploadMediaFieldsSchema,
    response: uploadMediaResponseSchema,
  }),
};
