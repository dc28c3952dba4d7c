import type { RunningUpload, UploadResult, UploadTarget } from './upload-request';

/** Files sent at the same time: enough to fill a venue's uplink, few enough that each shows progress. */
export const UPLOAD_CONCURRENCY = 2;

export type UploadState =
  | { kind: 'queued' }
  | { kind: 'uploading'; loaded: number; total: number }
  /** Accepted; the server is making its previews. */
  | { kind: 'processing'; mediaId: number }
  | { kind: 'ready'; mediaId: number }
  | { kind: 'duplicate'; mediaId: number }
  /** Refused on upload, or failed in processing (then `code` is `processing_failed`). */
  | { kind: 'rejected'; code: string; reason: string | null; fieldMessage: string | null; message: string }
  | { kind: 'failed'; status: number; message: string }
  | { kind: 'cancelled' };

export interface UploadItem {
  key: number;
  file: File;
  target: UploadTarget;
  state: UploadState;
}

export type Uploader = (
  file: File,
  target: UploadTarget,
  onProgress: (loaded: number, total: number) => void,
) => RunningUpload;

/** Rows that need nothing more from the organiser (a failed one still wants a retry). */
const CLEARABLE = new Set<UploadState['kind']>(['ready', 'duplicate', 'rejected', 'cancelled']);

function stateAfter(result: UploadResult): UploadState {
  switch (result.kind) {
    case 'accepted':
      return result.duplicate
        ? { kind: 'duplicate', mediaId: result.id }
        : { kind: 'processing', mediaId: result.id };
    case 'rejected':
      return {
        kind: 'rejected',
        code: result.code,
        reason: result.reason,
        fieldMessage: result.fieldMessage,
        message: result.message,
      };
    case 'failed':
      return { kind: 'failed', status: result.status, message: result.message };
    case 'aborted':
      return { kind: 'cancelled' };
  }
}

/**
 * The organiser's upload queue: files wait their turn, at most `concurrency` are sent at once, and
 * each row can be cancelled or retried. A small external store, read with useSyncExternalStore.
 */
export function createUploadQueue(uploader: Uploader, concurrency = UPLOAD_CONCURRENCY) {
  let items: readonly UploadItem[] = [];
  let nextKey = 1;
  const running = new Map<number, RunningUpload>();
  const listeners = new Set<() => void>();

  const current = (key: number) => items.find((i) => i.key === key);
  function set(key: number, state: UploadState): void {
    items = items.map((i) => (i.key === key ? { ...i, state } : i));
    for (const listener of listeners) listener();
  }

  function start(item: UploadItem): void {
    set(item.key, { kind: 'uploading', loaded: 0, total: item.file.size });
    const run = uploader(item.file, item.target, (loaded, total) => {
      // a late progress event must not bring back a row that was cancelled meanwhile
      if (current(item.key)?.state.kind === 'uploading') set(item.key, { kind: 'uploading', loaded, total });
    });
    running.set(item.key, run);
    void run.result.then((result) => {
      running.delete(item.key);
      if (current(item.key)) set(item.key, stateAfter(result));
      pump();
    });
  }

  function pump(): void {
    for (const item of items) {
      if (running.size >= concurrency) return;
      if (current(item.key)?.state.kind === 'queued') start(item);
    }
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): readonly UploadItem[] => items,

    add(files: Iterable<File>, target: UploadTarget): void {
      const added = [...files].map((file) => ({
        key: nextKey++,
        file,
        target,
        state: { kind: 'queued' } as const,
      }));
      if (added.length === 0) return;
      items = [...items, ...added];
      for (const listener of listeners) listener();
      pump();
    },
    cancel(key: number): void {
      const run = running.get(key);
      if (run) run.abort();
      else if (current(key)?.state.kind === 'queued') set(key, { kind: 'cancelled' });
    },
    retry(key: number): void {
      const kind = current(key)?.state.kind;
      if (kind !== 'failed' && kind !== 'cancelled') return;
      set(key, { kind: 'queued' });
      pump();
    },
    /** What the server's list says became of an accepted upload. */
    settle(mediaId: number, status: 'ready' | 'failed', reason: string | null): void {
      for (const item of items) {
        if (item.state.kind !== 'processing' || item.state.mediaId !== mediaId) continue;
        set(
          item.key,
          status === 'ready'
            ? { kind: 'ready', mediaId }
            : { kind: 'rejected', code: 'processing_failed', reason, fieldMessage: null, message: '' },
        );
      }
    },
    /** Removes the rows that need nothing more: done, refused, cancelled. */
    clearSettled(): void {
      items = items.filter((i) => !CLEARABLE.has(i.state.kind));
      for (const listener of listeners) listener();
    },
    /** Stops everything, when the screen goes away. */
    abortAll(): void {
      for (const item of items) if (item.state.kind === 'queued') set(item.key, { kind: 'cancelled' });
      for (const run of running.values()) run.abort();
    },
  };
}
export type UploadQueue = ReturnType<typeof createUploadQueue>;
