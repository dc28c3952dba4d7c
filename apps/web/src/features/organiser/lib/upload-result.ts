import { TUS_RESULT_HEADER } from '@fotodrop/contract/api/organiser-uploads';
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

/** What the last answer of an upload said: the parts of a response the result is read from. */
export interface UploadAnswer {
  /** 0 when no answer came (network down, aborted request). */
  status: number;
  body: string;
  /** The `Upload-Result` header (created, duplicate, rejected), when the server sent one. */
  result?: string | null;
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * What became of a file, from the answer to the request that completed (or ended) its upload: the
 * tus PATCH that brought the last bytes answers 200 `{id, duplicate, status}`; a refusal is 400/413
 * `media_rejected` with the reason (the early refusal after the first bytes has no header, so the
 * body decides, not the header).
 */
export function readResult({ status, body: text, result: header }: UploadAnswer): UploadResult {
  const body = parseBody(text);
  if ((status === 200 || status === 201 || status === 204) && body.id !== undefined) {
    return {
      kind: 'accepted',
      id: Number(body.id),
      duplicate: body.duplicate === true || header === 'duplicate',
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
  // a 2xx without a media id: the upload finished but the answer was lost (a proxy, a reload)
  return { kind: 'failed', status: status >= 200 && status < 300 ? 0 : status, message };
}

export { TUS_RESULT_HEADER };
