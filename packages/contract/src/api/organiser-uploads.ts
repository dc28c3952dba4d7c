import { z } from 'zod';
import { endpoint } from '../endpoint';
import { id } from './common';
import { eventSlugSchema } from './events';
import { uploadMediaParamsSchema, uploadTagsText } from './organiser';

const tag = 'Organiser';

/**
 * Resumable uploads (tus 1.0: creation, creation-with-upload, termination), relative to the API
 * base. Not a JSON endpoint, so it is not in the registry; the browser (Uppy) and `npm run ingest`
 * (tus-js-client) speak the protocol. Every request carries `Authorization`.
 */
export const TUS_UPLOADS_PATH = '/organiser/v1/uploads/';

// decision: a tus upload names its event and gallery in Upload-Metadata (`event` slug, `gallery`
// id, `filename`, `tags` comma-separated), checked at creation like the multipart fields; the
// server adds who created it, and only that user may continue or delete it.
export const tusUploadMetadataSchema = z.object({
  event: eventSlugSchema,
  gallery: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{0,9}$/, 'gallery.invalid')
    .transform(Number)
    .optional(),
  filename: z.string().max(255, 'field.too_long').optional(),
  tags: uploadTagsText.optional(),
});
export type TusUploadMetadata = z.input<typeof tusUploadMetadataSchema>;

/**
 * The answer to the request that completes a tus upload (the last PATCH, or a POST carrying the
 * whole file): 200 with the multipart upload's JSON `{id, duplicate, status}` when the file was
 * accepted (new or already in the event); 400/413 with `{code: 'media_rejected', message, data:
 * {reason}}` (MEDIA_REJECT_REASONS) when the content checks refused it. Either way the tus upload
 * itself is gone afterwards. The same outcome is in this header (`created`, `duplicate` or
 * `rejected`), for clients that read headers more easily than bodies. A file refused by its
 * first bytes (no photo or video, a photo announced over its limit) is answered the same
 * `media_rejected` body by the PATCH that brought them, without the header.
 */
export const TUS_RESULT_HEADER = 'Upload-Result';
export const TUS_RESULTS = ['created', 'duplicate', 'rejected'] as const;

export const UPLOAD_CHECK_MAX_FILES = 10_000;
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'sha256.invalid');

export const uploadCheckBodySchema = z.object({
  files: z
    .array(
      z.object({
        name: z.string().min(1, 'field.required').max(255, 'field.too_long'),
        size: z.number().int().min(0),
        sha256,
      }),
    )
    .min(1, 'field.required')
    .max(UPLOAD_CHECK_MAX_FILES, 'upload_check.too_many'),
});
export type UploadCheckBody = z.infer<typeof uploadCheckBodySchema>;

export const uploadCheckResponseSchema = z.object({
  /** The asked files the event already holds (same content), in the order asked; one per file. */
  held: z.array(z.object({ name: z.string(), sha256, media_id: id })),
});
export type UploadCheckResponse = z.infer<typeof uploadCheckResponseSchema>;

export const organiserUploadEndpoints = {
  checkUploads: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/{slug}/uploads/check/',
    tag,
    access: 'user',
    summary:
      'Which of up to 10,000 files (name, size, sha256) the event already holds, so choosing a folder ' +
      'again uploads only the new ones (role action media.upload)',
    params: uploadMediaParamsSchema,
    body: uploadCheckBodySchema,
    response: uploadCheckResponseSchema,
    bodyLimitBytes: 4 * 1024 * 1024,
  }),
};
