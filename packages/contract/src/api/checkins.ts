import { z } from 'zod';
import { ANONYMIZATION_KINDS, CHECKIN_PAGE_SIZE } from '../constants';
import { endpoint } from '../endpoint';
import { pageQuerySchema, paginated } from '../pagination';
import { checkinRoutes, countryRoutes } from '../routes';
import { picacodeSchema } from '../rules/picacode';
import { detailResponseSchema } from './accounts';
import {
  anonymizationSchema,
  checkinListItemSchema,
  checkinSchema,
  previewResponseSchema,
} from './checkin-schemas';
import { boolQuery, countrySchema, idParams, resultsOf } from './common';
import { galleryMediaResponseSchema } from './galleries';

/** decision: the latest album zip the user asked for. */
export const albumZipSchema = z.object({
  status: z.enum(['queued', 'building', 'ready', 'failed']),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  // Signed and expiring; only when ready.
  url: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type AlbumZip = z.infer<typeof albumZipSchema>;

const tag = 'Check-ins';

const tagsSchema = z.array(z.string().trim().min(1).max(64)).max(20);

export const createCheckinBodySchema = z.object({
  picacode: picacodeSchema,
  platform: z.literal('site').default('site'),
  source: z.string().max(100).optional(),
  tags: tagsSchema.optional(),
  domain: z.string().max(253).optional(),
  option: z.string().max(100).optional(),
});
export type CreateCheckinBody = z.input<typeof createCheckinBodySchema>;

// decision: the step answers travel as extra string fields next to the completion token
// (JSON, or multipart/form-data when the data form is posted as a form).
export const completeCheckinBodySchema = z
  .object({
    platform: z.literal('site').default('site'),
    complete_token: z.string().min(1),
    option: z.string().max(100).optional(),
  })
  .catchall(z.string().max(2000));
export type CompleteCheckinBody = z.input<typeof completeCheckinBodySchema>;

export const checkinListQuerySchema = pageQuerySchema(CHECKIN_PAGE_SIZE, 100);

export const checkinDetailQuerySchema = z.object({
  expand_pica_service: boolQuery.optional(),
  include_photos_summary: boolQuery.optional(),
});
// decision (issue 20): the album lookup by code may bring the album's first page of photos (the
// whole album, no tab, page 1 of ALL_PHOTOS_PAGE_SIZE, with the tab counts: the gallery media
// call's answer), so opening an album is one call before its photos, not two in a row.
export const checkinByCodeQuerySchema = checkinDetailQuerySchema.extend({
  include_first_page: boolQuery.optional(),
});
export const checkinByCodeResponseSchema = checkinSchema.extend({
  first_page: galleryMediaResponseSchema.optional(),
});
export type CheckinByCode = z.infer<typeof checkinByCodeResponseSchema>;
export const checkinByCodeParamsSchema = z.object({ code: picacodeSchema });

// decision (issue 20): a logged-in runner's e-mail link opens the album it creates. With
// include_album=true the check-in's creation also answers with the album lookup by code's answer
// (photo service expanded, photos summary, first page): on success as `album`, and on the 400
// checkin_exists_for_user as `data.album` beside `data.picacode`, so the app opens the album
// without a further call. Without it the answers are the spec's.
export const createCheckinQuerySchema = z.object({ include_album: boolQuery.optional() });
export const createCheckinResponseSchema = checkinSchema.extend({
  album: checkinByCodeResponseSchema.optional(),
});

// decision: anonymous mode is switched on with a kind; deep is the default as the stronger one.
export const anonymizeBodySchema = z.object({ kind: z.enum(ANONYMIZATION_KINDS).default('deep') });

// decision: preview query keys are opaque strings from the organiser's link: ep/pc (participant
// reference) with ps/pica_service (photo service), or a picacode; other keys are ignored.
export const previewQuerySchema = z
  .object({
    ep: z.string().optional(),
    pc: z.string().optional(),
    ps: z.string().optional(),
    pica_service: z.string().optional(),
    picacode: z.string().optional(),
  })
  .catchall(z.string())
  .refine((q) => Boolean(q.picacode) || (Boolean(q.ep || q.pc) && Boolean(q.ps || q.pica_service)), {
    message: 'preview.query_incomplete',
  });

export const checkinEndpoints = {
  createCheckin: endpoint({
    ...checkinRoutes.createCheckin,
    tag,
    access: 'user-with-policies',
    status: 201,
    summary:
      'Open an album by code; 303 with a step answer when a further step is required, ' +
      '400 checkin_exists_for_user (data.picacode) when the user already has it; with ' +
      'include_album=true also the album with its first page (album, or data.album on the 400)',
    query: createCheckinQuerySchema,
    body: createCheckinBodySchema,
    response: createCheckinResponseSchema,
  }),
  completeCheckin: endpoint({
    method: 'POST',
    path: '/v2/complete-checkin/{id}/',
    tag,
    access: 'user-with-policies',
    multipart: true,
    summary: 'Complete a pending check-in step; 303 again if yet another step is required',
    params: idParams,
    body: completeCheckinBodySchema,
    response: checkinSchema,
  }),
  listCheckins: endpoint({
    method: 'GET',
    path: '/v3/checkins/',
    tag,
    access: 'user-with-policies',
    summary: "The user's albums, newest first",
    query: checkinListQuerySchema,
    response: paginated(checkinListItemSchema),
  }),
  checkinByCode: endpoint({
    ...checkinRoutes.checkinByCode,
    tag,
    access: 'user-with-policies',
    summary: "The user's album with this code (404 when the user has none)",
    params: checkinByCodeParamsSchema,
    query: checkinByCodeQuerySchema,
    response: checkinByCodeResponseSchema,
  }),
  checkin: endpoint({
    method: 'GET',
    path: '/v2/checkins/{id}/',
    tag,
    access: 'user-with-policies',
    summary: 'One album; optionally with its photo service expanded and a photos summary',
    params: idParams,
    query: checkinDetailQuerySchema,
    response: checkinSchema,
  }),
  // decision: DELETE and other action calls without a natural answer return 200 { detail }.
  deleteCheckin: endpoint({
    method: 'DELETE',
    path: '/v2/checkins/{id}/',
    tag,
    access: 'user-with-policies',
    summary: 'Remove an album with its biometric data (refused while cart items hold its photos)',
    params: idParams,
    response: detailResponseSchema,
  }),
  downloadMedias: endpoint({
    method: 'POST',
    path: '/v2/checkins/{id}/download-medias/',
    tag,
    access: 'user-with-policies',
    summary: 'Prepare a zip of the purchased media and e-mail its link (error when HD is not available yet)',
    params: idParams,
    response: detailResponseSchema,
  }),
  downloadStatus: endpoint({
    method: 'GET',
    path: '/v2/checkins/{id}/download-medias/',
    tag,
    access: 'user-with-policies',
    summary: "The album zip's progress while it builds, and its link once ready (none asked: null)",
    params: idParams,
    response: albumZipSchema.nullable(),
  }),
  anonymize: endpoint({
    method: 'POST',
    path: '/v2/checkins/{id}/anonymize/',
    tag,
    access: 'user-with-policies',
    summary: "Turn anonymous mode on: hide the user's face in photos delivered to others",
    params: idParams,
    body: anonymizeBodySchema,
    response: anonymizationSchema,
  }),
  deanonymize: endpoint({
    method: 'POST',
    path: '/v2/checkins/{id}/deanonymize/',
    tag,
    access: 'user-with-policies',
    summary: 'Turn anonymous mode off',
    params: idParams,
    response: anonymizationSchema,
  }),
  photosPreview: endpoint({
    method: 'GET',
    path: '/v2/photos-preview/',
    tag,
    access: 'public',
    summary: 'Preview of an album from an organiser link, before sign-in',
    query: previewQuerySchema,
    response: previewResponseSchema,
  }),
  countries: endpoint({
    ...countryRoutes.countries,
    tag,
    access: 'public',
    summary: 'Countries (ISO code and name in the request language) for addresses',
    response: resultsOf(countrySchema),
  }),
};
