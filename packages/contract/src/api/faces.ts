import { z } from 'zod';
import { FACE_INFERENCE_STATUSES } from '../constants';
import { endpoint } from '../endpoint';
import { boolQuery, date, dateTime, id, idParam, idParams } from './common';

const tag = 'Faces';

/** Largest selfie accepted. */
export const SELFIE_MAX_BYTES = 10 * 1024 * 1024;
export const SELFIE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// decision: multipart fields besides the selfie; confirming the selfie is the biometric consent,
// so `consent` must be 'true'; `additional_person` marks the optional second selfie of the flow.
export const addFaceBodySchema = z.object({
  selfie: z
    .file()
    .mime([...SELFIE_MIME_TYPES])
    .max(SELFIE_MAX_BYTES),
  consent: z.literal('true', { message: 'selfie.consent_required' }),
  additional_person: boolQuery.default('false'),
  multi_person_consent: boolQuery.optional(),
});

export const faceInferenceStatusSchema = z.object({
  status: z.enum(FACE_INFERENCE_STATUSES),
  // decision: how many media matched so far (null until the search has run) and when it last changed.
  matched_count: z.number().int().min(0).nullable(),
  updated_at: dateTime.nullable(),
});
export type FaceInferenceStatusResponse = z.infer<typeof faceInferenceStatusSchema>;

// decision: the answer to add-face is the stored face plus the album's search status.
export const addFaceResponseSchema = z.object({ face_id: id, status: z.enum(FACE_INFERENCE_STATUSES) });

// decision: the selfie flow's date-selection step sends the stay dates when the search starts.
export const faceInferenceBodySchema = z
  .object({ start_of_stay: date.optional(), end_of_stay: date.optional() })
  .refine((b) => !b.start_of_stay || !b.end_of_stay || b.start_of_stay <= b.end_of_stay, {
    path: ['end_of_stay'],
    message: 'stay.dates_order',
  });

/**
 * Why a selfie was refused (`selfie_rejected`, 400, in `data.reason`): no face, more than one,
 * a face too small (too far from the camera), or not roughly in the centre.
 */
export const SELFIE_REJECT_REASONS = [
  'no_face',
  'multiple_faces',
  'face_too_small',
  'face_not_centred',
] as const;
export type SelfieRejectReason = (typeof SELFIE_REJECT_REASONS)[number];

// decision: the "Is this you?" review lists the photos of the middle band of the face search,
// each with the face that matched (a box in fractions of the photo) so the screen can point at it.
export const faceReviewItemSchema = z.object({
  media_id: id,
  thumbnail_url: z.string(),
  face: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
});
export const faceReviewSchema = z.object({ results: z.array(faceReviewItemSchema) });
export type FaceReview = z.infer<typeof faceReviewSchema>;

export const faceReviewParamsSchema = z.object({ id: idParam, media_id: idParam });
export const faceReviewAnswerSchema = z.object({ is_me: z.boolean() });

export const faceEndpoints = {
  addFace: endpoint({
    method: 'POST',
    path: '/v2/checkins/{id}/add-face/',
    tag,
    access: 'user-with-policies',
    multipart: true,
    status: 201,
    summary: 'Upload a selfie for face search in an album (400 when no face is found)',
    params: idParams,
    body: addFaceBodySchema,
    response: addFaceResponseSchema,
  }),
  faceInferenceStatus: endpoint({
    method: 'GET',
    path: '/v3/checkins/{id}/face-inference-status/',
    tag,
    access: 'user-with-policies',
    summary: 'Progress of the face search of an album',
    params: idParams,
    response: faceInferenceStatusSchema,
  }),
  faceInference: endpoint({
    method: 'POST',
    path: '/v3/checkins/{id}/face-inference/',
    tag,
    access: 'user-with-policies',
    summary: "Start (or restart) the face search over the album's event",
    params: idParams,
    body: faceInferenceBodySchema,
    response: faceInferenceStatusSchema,
  }),
  faceReview: endpoint({
    method: 'GET',
    path: '/v3/checkins/{id}/face-review/',
    tag,
    access: 'user-with-policies',
    summary: 'The "Is this you?" photos: possible matches of the face search waiting for an answer',
    params: idParams,
    response: faceReviewSchema,
  }),
  answerFaceReview: endpoint({
    method: 'POST',
    path: '/v3/checkins/{id}/face-review/{media_id}/',
    tag,
    access: 'user-with-policies',
    summary: 'Answer "Is this you?" for one photo: yes adds it to the album, no keeps it out (remembered)',
    params: faceReviewParamsSchema,
    body: faceReviewAnswerSchema,
    response: faceReviewSchema,
  }),
};
