import { z } from 'zod';
import { ALL_PHOTOS_PAGE_SIZE, MEDIA_CATEGORIES, MEDIA_QUALITIES, MEDIA_TYPES } from '../constants';
import { endpoint } from '../endpoint';
import { pageQuerySchema, paginated } from '../pagination';
import { routes } from '../routes';
import { boolQuery, dateTime, id, idParam, idParams } from './common';

const tag = 'Media';

/** One photo or video as lists show it (albums spec §3 "Media item"). */
export const mediaSchema = z.object({
  id,
  type: z.enum(MEDIA_TYPES),
  quality: z.enum(MEDIA_QUALITIES),
  favorite: z.boolean(),
  // decision: what a tile, the viewer and the download button need besides the spec's fields.
  is_purchased: z.boolean(),
  gallery_id: id.nullable(),
  thumbnail_url: z.string(),
  preview_url: z.string(),
  download_url: z.string().nullable(),
  // decision: the share link's security_hash (HMAC of the owner's user id and the medium's id) comes
  // with every medium of its owner's lists; the web builds /shared/<user>/<media>/<hash> from it.
  share_hash: z.string(),
  // decision: a video's web rendition, signed, only for someone who may play it (albums spec §3:
  // video plays after buying photos-and-videos or videos); null for photos and locked videos.
  video_url: z.string().nullable(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  duration_seconds: z.number().min(0).nullable(),
  taken_at: dateTime.nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

/** Largest page a media list accepts (the cart loads all media of an item in one page). */
export const MEDIA_MAX_PAGE_SIZE = 99_999;
export const mediaPageQuerySchema = pageQuerySchema(ALL_PHOTOS_PAGE_SIZE, MEDIA_MAX_PAGE_SIZE);
export const paginatedMediaSchema = paginated(mediaSchema);

export const mediaParamsSchema = z.object({ media_id: idParam });
export const checkinParamsSchema = z.object({ checkin_id: idParam });

// decision: the answer to a favourite change is the new flag, so the client can reconcile.
export const favoriteResponseSchema = z.object({ id, favorite: z.boolean() });
export const hideResponseSchema = z.object({ id, hidden: z.literal(true) });

// decision: filters of GET /v3/medias/, used by the print photo chooser ("earlier purchases, by event").
export const mediasQuerySchema = mediaPageQuerySchema.extend({
  checkin_id: idParam.optional(),
  event_id: idParam.optional(),
  purchased: boolQuery.optional(),
  type: z.enum(MEDIA_TYPES).optional(),
});

// decision: "my photos" of an album can be narrowed to one category and one media type.
export const checkinMediasQuerySchema = mediaPageQuerySchema.extend({
  category: z.enum(MEDIA_CATEGORIES).optional(),
  type: z.enum(MEDIA_TYPES).optional(),
});

export const mediaEndpoints = {
  addFavorite: endpoint({
    ...routes.media.addFavorite,
    tag,
    access: 'user-with-policies',
    summary: 'Mark a media as favourite',
    params: mediaParamsSchema,
    response: favoriteResponseSchema,
  }),
  removeFavorite: endpoint({
    ...routes.media.removeFavorite,
    tag,
    access: 'user-with-policies',
    summary: 'Unmark a favourite',
    params: mediaParamsSchema,
    response: favoriteResponseSchema,
  }),
  hideMedia: endpoint({
    ...routes.media.hideMedia,
    tag,
    access: 'user-with-policies',
    summary: "Remove a photo from the user's album",
    params: idParams,
    response: hideResponseSchema,
  }),
  allMedias: endpoint({
    ...routes.media.allMedias,
    tag,
    access: 'user-with-policies',
    summary: "All photos of the album's event (the all-photos tab), newest first",
    params: checkinParamsSchema,
    query: mediaPageQuerySchema,
    response: paginatedMediaSchema,
  }),
  medias: endpoint({
    ...routes.media.medias,
    tag,
    access: 'user-with-policies',
    summary: "Media of the user's albums, filtered",
    query: mediasQuerySchema,
    response: paginatedMediaSchema,
  }),
  checkinMedias: endpoint({
    ...routes.media.checkinMedias,
    tag,
    access: 'user-with-policies',
    summary: "The user's own media in an album (the my-photos tab)",
    params: idParams,
    query: checkinMediasQuerySchema,
    response: paginatedMediaSchema,
  }),
};
