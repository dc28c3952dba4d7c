import { z } from 'zod';
import { MEDIA_TYPES } from '../constants';
import { endpoint } from '../endpoint';
import { id } from './common';

const tag = 'Sharing';

export const sharedImageBodySchema = z.object({
  security_hash: z.string().min(1).max(128),
  user_id: id,
  media_id: id,
});

// decision: a shared media shows at the album's share resolution; the event is named with a link to its page.
export const sharedMediaSchema = z.object({
  id,
  type: z.enum(MEDIA_TYPES),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export const sharedEventSchema = z.object({ id, name: z.string(), slug: z.string() });

export const sharedImageResponseSchema = z.object({
  is_valid: z.boolean(),
  media: sharedMediaSchema.nullable(),
  event: sharedEventSchema.nullable(),
});
export type SharedImageResponse = z.infer<typeof sharedImageResponseSchema>;

export const sharingEndpoints = {
  sharedImage: endpoint({
    method: 'POST',
    path: '/v1/shared-image/',
    tag,
    access: 'public',
    summary: 'Open a shared-media link (400 when the link is invalid)',
    body: sharedImageBodySchema,
    response: sharedImageResponseSchema,
  }),
};
