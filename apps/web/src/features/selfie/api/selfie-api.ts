import { faceEndpoints, type SelfieRejectReason } from '@fotodrop/contract/api/faces';
import { fillPath } from '@fotodrop/contract/endpoint';
import { queryOptions } from '@tanstack/react-query';
import { apiUrl } from '../../../shared/api/base';
import { callEndpoint, requestHeaders } from '../../../shared/api/client';

export const faceKeys = {
  status: (checkinId: number) => ['faces', checkinId, 'status'] as const,
  review: (checkinId: number) => ['faces', checkinId, 'review'] as const,
};

/** How often the screen asks how the search is going while it runs. */
export const FACE_STATUS_POLL_MS = 2_000;

export type SelfieUploadResult =
  | { kind: 'accepted'; faceId: number }
  | { kind: 'rejected'; reason: SelfieRejectReason }
  /** Any other refusal or failure: `key` is the message's catalogue key. */
  | { kind: 'failed'; key: string };

export interface SelfieUpload {
  checkinId: number;
  file: File;
  /** The second selfie: another person (e.g. a child), with its own consent. */
  additionalPerson: boolean;
}

/** The part of XMLHttpRequest an upload uses; tests may hand in their own. */
export type XhrFactory = () => XMLHttpRequest;

function readBody(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function readResult(status: number, text: string): SelfieUploadResult {
  const body = readBody(text);
  if (status === 201 || status === 200) return { kind: 'accepted', faceId: Number(body.face_id) };
  const data = (body.data ?? {}) as { reason?: unknown; fields?: Record<string, unknown> };
  if (body.code === 'selfie_rejected' && typeof data.reason === 'string') {
    return { kind: 'rejected', reason: data.reason as SelfieRejectReason };
  }
  if (status === 413) return { kind: 'failed', key: 'selfie.errors.too_large' };
  if (status === 400 && data.fields?.selfie) return { kind: 'failed', key: 'selfie.errors.unreadable' };
  if (status === 429) return { kind: 'failed', key: 'selfie.errors.too_many' };
  return { kind: 'failed', key: 'selfie.errors.upload_failed' };
}

/**
 * POST add-face as multipart with the API client's headers. XMLHttpRequest rather than fetch:
 * only it reports upload progress (as the organiser's upload queue does). Confirming the selfie
 * in the flow is the biometric consent, so `consent` is always 'true' here.
 */
export function uploadSelfie(
  { checkinId, file, additionalPerson }: SelfieUpload,
  onProgress: (fraction: number) => void,
  createXhr: XhrFactory = () => new XMLHttpRequest(),
): Promise<SelfieUploadResult> {
  const xhr = createXhr();
  return new Promise((resolve) => {
    xhr.open('POST', apiUrl(fillPath(faceEndpoints.addFace.path, { id: checkinId })), true);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      onProgress(total > 0 ? Math.min(1, event.loaded / total) : 0);
    };
    xhr.onload = () => resolve(readResult(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ kind: 'failed', key: 'selfie.errors.upload_failed' });
    const form = new FormData();
    form.set('consent', 'true');
    form.set('additional_person', String(additionalPerson));
    if (additionalPerson) form.set('multi_person_consent', 'true');
    // fields before the file: a streaming reader knows them before the bytes arrive
    form.set('selfie', file, file.name);
    xhr.send(form);
  });
}

/** POST face-inference: (re)starts the search, over the guest's own stay dates when given. */
export function startFaceSearch(checkinId: number, dates?: { start: string; end: string }) {
  return callEndpoint(faceEndpoints.faceInference, {
    params: { id: checkinId },
    body: dates ? { start_of_stay: dates.start, end_of_stay: dates.end } : {},
  });
}

export function faceStatusQuery(checkinId: number) {
  return queryOptions({
    queryKey: faceKeys.status(checkinId),
    queryFn: ({ signal }) =>
      callEndpoint(faceEndpoints.faceInferenceStatus, { params: { id: checkinId }, signal }),
  });
}

export function faceReviewQuery(checkinId: number) {
  return queryOptions({
    queryKey: faceKeys.review(checkinId),
    queryFn: ({ signal }) => callEndpoint(faceEndpoints.faceReview, { params: { id: checkinId }, signal }),
  });
}

/** "Is this you?" for one photo; the answer is the remaining list. */
export function answerFaceReview(checkinId: number, mediaId: number, isMe: boolean) {
  return callEndpoint(faceEndpoints.answerFaceReview, {
    params: { id: checkinId, media_id: mediaId },
    body: { is_me: isMe },
  });
}
