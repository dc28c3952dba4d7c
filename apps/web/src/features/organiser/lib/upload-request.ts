import { organiserEndpoints } from '@fotodrop/contract/api/organiser';
import { fillPath } from '@fotodrop/contract/endpoint';
import { apiUrl } from '../../../shared/api/base';
import { requestHeaders } from '../../../shared/api/client';
import { fetchMe } from '../../../shared/auth/user';

/** Where a file goes: the event, optionally a gallery and tags. */
export interface UploadTarget {
  slug: string;
  /** By id, not name: two galleries of one event may share a name. */
  galleryId: number | null;
  /** Comma-separated, as typed. */
  tags: string;
}

export type UploadResult =
  | { kind: 'accepted'; id: number; duplicate: boolean; status: 'processing' | 'ready' | 'failed' }
  /** The server looked at the file and said no: `reason` of media_rejected, or the field at fault. */
  | { kind: 'rejected'; code: string; reason: string | null; fieldMessage: string | null; message: string }
  /** No answer, or one that says nothing about the file (5xx, 401, …): worth trying again. */
  | { kind: 'failed'; status: number; message: string }
  | { kind: 'aborted' };

export interface RunningUpload {
  result: Promise<UploadResult>;
  abort(): void;
}

/** The part of XMLHttpRequest an upload uses; tests may hand in their own. */
export type XhrLike = Pick<
  XMLHttpRequest,
  'open' | 'send' | 'abort' | 'setRequestHeader' | 'status' | 'responseText' | 'upload'
> & {
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
};

export type XhrFactory = () => XhrLike;

function parseBody(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function readResult(status: number, text: string): UploadResult {
  const body = parseBody(text);
  if (status === 200 || status === 201) {
    return {
      kind: 'accepted',
      id: Number(body.id),
      duplicate: body.duplicate === true,
      status: (body.status as 'processing' | 'ready' | 'failed' | undefined) ?? 'processing',
    };
  }
  const code = typeof body.code === 'string' ? body.code : `http_${status}`;
  const message = typeof body.message === 'string' ? body.message : '';
  const data = (body.data ?? {}) as { reason?: unknown; fields?: Record<string, unknown> };
  if (status === 400 || status === 413) {
    const firstField = Object.values(data.fields ?? {})[0];
    const fieldMessage =
      Array.isArray(firstField) && typeof firstField[0] === 'string' ? firstField[0] : null;
    return {
      kind: 'rejected',
      code,
      reason: typeof data.reason === 'string' ? data.reason : null,
      fieldMessage,
      message,
    };
  }
  // The shared client owns logging out: asking it for the user lets it notice the expired token.
  if (status === 401) void fetchMe().catch(() => undefined);
  return { kind: 'failed', status, message };
}

/**
 * Sends one file as multipart with the API client's headers. XMLHttpRequest rather than fetch:
 * only it reports upload progress. Not retried automatically: the organiser sees the failure and
 * retries the one file.
 */
export function startUpload(
  file: File,
  target: UploadTarget,
  onProgress: (loaded: number, total: number) => void,
  createXhr: XhrFactory = () => new XMLHttpRequest(),
): RunningUpload {
  const xhr = createXhr();
  const result = new Promise<UploadResult>((resolve) => {
    xhr.open('POST', apiUrl(fillPath(organiserEndpoints.uploadMedia.path, { slug: target.slug })), true);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.onload = () => resolve(readResult(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ kind: 'failed', status: 0, message: '' });
    xhr.onabort = () => resolve({ kind: 'aborted' });
    const form = new FormData();
    if (target.galleryId !== null) form.set('gallery_id', String(target.galleryId));
    if (target.tags.trim()) form.set('tags', target.tags);
    // fields before the file: a streaming reader knows where the bytes go before they arrive
    form.set('file', file, file.name);
    xhr.send(form);
  });
  return { result, abort: () => xhr.abort() };
}
