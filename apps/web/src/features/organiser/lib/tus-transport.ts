import { TUS_RESULT_HEADER, TUS_UPLOADS_PATH } from '@fotodrop/contract/api/organiser-uploads';
import Uppy from '@uppy/core';
import GoldenRetriever from '@uppy/golden-retriever';
import Tus, { type TusBody } from '@uppy/tus';
import { apiUrl } from '../../../shared/api/base';
import { requestHeaders } from '../../../shared/api/client';
import type { Uploader } from './upload-queue';
import { readResult, type UploadResult, type UploadTarget } from './upload-result';

/** Bytes per PATCH: proxies in front of real installs cap a request body at 100 MB. */
export const TUS_CHUNK_BYTES = 50 * 1024 * 1024;
/** Files sent at once (the queue hands Uppy no more than this; Tus's own limit agrees). */
export const TUS_PARALLEL = 3;
/** Waits before tus-js-client tries a dropped request again; after the last, the file is "failed". */
export const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

type Meta = { event: string; gallery?: string; filename: string; tags?: string };
type Answer = { status: number; body?: { xhr?: XMLHttpRequest } } | undefined;

function answerOf(response: Answer): UploadResult {
  const xhr = response?.body?.xhr;
  return readResult({
    status: xhr?.status ?? response?.status ?? 0,
    body: xhr?.responseText ?? '',
    result: xhr?.getResponseHeader(TUS_RESULT_HEADER) ?? null,
  });
}

function targetOf(meta: Partial<Meta>): UploadTarget {
  return {
    slug: meta.event ?? '',
    galleryId: meta.gallery ? Number(meta.gallery) : null,
    tags: meta.tags ?? '',
  };
}

interface Watch {
  progress(loaded: number, total: number): void;
  done(result: UploadResult): void;
}

/** An upload that Golden Retriever brought back after a reload, for the queue to show and follow. */
export interface RestoredUpload {
  file: File;
  target: UploadTarget;
  /** Starts following it (call once): progress to `onProgress`, the outcome in `result`. */
  follow(onProgress: (loaded: number, total: number) => void): ReturnType<Uploader>;
}

/**
 * The browser's side of tus: one Uppy (core, Tus, Golden Retriever; no Dashboard) that only ever
 * holds the files in flight — the queue keeps the thousands waiting, so Uppy's state, copied on
 * every progress event, stays small.
 */
// decision: Golden Retriever remembers the files in flight (their blobs in IndexedDB, up to its
// 10 MiB per file): after a reload they resume from the server's offset. The rest of a batch is
// resumed by choosing the folder again — the hash check skips what the event already holds.
function createTusTransport() {
  const uppy = new Uppy<Meta, TusBody>({ id: 'fotodrop-uploads', autoProceed: false }).use(Tus, {
    endpoint: apiUrl(TUS_UPLOADS_PATH),
    chunkSize: TUS_CHUNK_BYTES,
    retryDelays: TUS_RETRY_DELAYS,
    limit: TUS_PARALLEL,
    removeFingerprintOnSuccess: true,
    // every field the file has: a fixed list would send a missing gallery as the text "undefined"
    // (Uppy's own name, type and relativePath go along; the server keeps only its known keys)
    allowedMetaFields: true,
    // read per request: a token refreshed meanwhile is used by the next chunk
    headers: () => requestHeaders(),
  });
  // without IndexedDB (some private windows) there is nothing to keep the files in across a reload
  if (typeof indexedDB !== 'undefined') uppy.use(GoldenRetriever);
  const watching = new Map<string, Watch>();
  const restored: RestoredUpload[] = [];

  /** Ends watching a file; `cancel` also removes it at once, which ends its request and its server copy. */
  const finish = (id: string, result: UploadResult, cancel = false) => {
    const watch = watching.get(id);
    watching.delete(id);
    const remove = () => {
      if (uppy.getFile(id)) uppy.removeFile(id);
    };
    // a finished file leaves Uppy after the Tus plugin has let go of it (its success event comes
    // first): removed right away, the plugin would still ask the server to delete the upload
    if (cancel) remove();
    else setTimeout(remove, 0);
    watch?.done(result);
  };
  uppy.on('upload-progress', (file, p) => {
    if (file) watching.get(file.id)?.progress(p.bytesUploaded, p.bytesTotal ?? file.size ?? 0);
  });
  uppy.on('upload-success', (file, response) => {
    if (file) finish(file.id, answerOf(response as Answer));
  });
  uppy.on('upload-error', (file, _error, response) => {
    if (file) finish(file.id, answerOf(response as Answer));
  });

  uppy.once('restored', () => {
    for (const file of uppy.getFiles()) {
      if (file.isGhost || !(file.data instanceof Blob)) {
        // its bytes were too large to keep: choosing it again resumes it by its tus fingerprint
        uppy.removeFile(file.id);
        continue;
      }
      const data =
        file.data instanceof File
          ? file.data
          : new File([file.data], file.name ?? 'file', { type: file.type });
      restored.push({ file: data, target: targetOf(file.meta), follow: (p) => follow(file.id, p) });
    }
  });

  function follow(id: string, onProgress: (loaded: number, total: number) => void) {
    const result = new Promise<UploadResult>((resolve) => {
      watching.set(id, { progress: onProgress, done: resolve });
    });
    return {
      result,
      abort: () => {
        // removing the file makes the Tus plugin end the request and delete the server's copy
        if (watching.has(id)) finish(id, { kind: 'aborted' }, true);
      },
    };
  }

  const start: Uploader = (file, target, onProgress) => {
    let id: string;
    try {
      id = uppy.addFile({
        name: file.name,
        type: file.type,
        data: file,
        meta: {
          event: target.slug,
          filename: file.name,
          ...(target.galleryId !== null ? { gallery: String(target.galleryId) } : {}),
          ...(target.tags.trim() ? { tags: target.tags } : {}),
        },
      });
    } catch (error) {
      // Uppy refuses a second copy of a file it is sending (same name, size, date)
      return {
        result: Promise.resolve({ kind: 'failed', status: 0, message: String(error) }),
        abort: () => undefined,
      };
    }
    const run = follow(id, onProgress);
    void uppy.upload().catch(() => undefined);
    return run;
  };

  return {
    start,
    pauseAll: () => uppy.pauseAll(),
    resumeAll: () => uppy.resumeAll(),
    /**
     * Hands what a reload interrupted (files whose bytes were kept) to `callback`, once, a moment
     * later (cancelled by the returned function: a screen that went away adopts nothing).
     */
    takeRestored(callback: (uploads: RestoredUpload[]) => void): () => void {
      const timer = setTimeout(() => {
        const uploads = restored.splice(0);
        if (uploads.length === 0) return;
        callback(uploads);
        uppy.emit('restore-confirmed');
      }, 0);
      return () => clearTimeout(timer);
    },
  };
}
export type TusTransport = ReturnType<typeof createTusTransport>;

let transport: TusTransport | null = null;
/** The page's one transport: Golden Retriever restores into one Uppy, whichever screen asks first. */
export function tusTransport(): TusTransport {
  transport ??= createTusTransport();
  return transport;
}
