import type { RunningUpload, UploadResult, UploadTarget } from './upload-result';

/** Files sent at the same time: enough to fill a venue's uplink, few enough that each shows progress. */
export const UPLOAD_CONCURRENCY = 3;
/** The longest the screen waits to hear about a change: thousands of updates, one redraw per frame or so. */
const NOTIFY_EVERY_MS = 50;
/** Files hashed and looked up together (the server takes up to 10,000 a request). */
export const CHECK_SLICE = 500;
/** Main-thread time spent reading file sizes before the page gets a turn again. */
const SIZE_BUDGET_MS = 8;

export type UploadState =
  /** Being hashed and looked up: does the event hold it already? */
  | { kind: 'checking' }
  /** The event already holds this content (a batch chosen again): skipped, not sent. */
  | { kind: 'held'; mediaId: number }
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
  /**
   * The file's size, null until read: the first read of a chosen file's size asks the disk
   * synchronously (about half a millisecond in Chromium), so 5,000 of them are read a few at a time.
   */
  size: number | null;
  target: UploadTarget;
  state: UploadState;
}

export type Uploader = (
  file: File,
  target: UploadTarget,
  onProgress: (loaded: number, total: number) => void,
) => RunningUpload;

/**
 * Looks the files up before they are sent: for each, the id of the event's media with the same
 * content, or null. `onHashed` counts the files read so far.
 */
export type HeldCheck = (
  files: readonly File[],
  target: UploadTarget,
  onHashed: (done: number) => void,
) => Promise<(number | null)[]>;

/** What the screen shows: every row, the look-up still running, and whether sending is paused. */
export interface QueueView {
  items: readonly UploadItem[];
  checking: { done: number; total: number };
  paused: boolean;
}

/** Rows that need nothing more from the organiser (a failed one still wants a retry). */
const CLEARABLE = new Set<UploadState['kind']>(['ready', 'duplicate', 'rejected', 'cancelled', 'held']);

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

export interface QueueOptions {
  concurrency?: number;
  /** Skips what the event holds; without it every file is sent. */
  check?: HeldCheck;
  /** Pauses and resumes the uploads in flight (tus keeps their offsets). */
  pauseRunning?: () => void;
  resumeRunning?: () => void;
}

/**
 * Lets the browser draw, handle input and run the queue's other work between two slices of
 * background work. Not `scheduler.yield()`: its continuation goes before waiting timers, so the
 * queue's first redraw (a 50 ms timer) waited until every size was read.
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The organiser's upload queue: files are looked up, wait their turn, at most `concurrency` are
 * sent at once, and each row can be cancelled or retried. A small external store, read with
 * useSyncExternalStore; it keeps thousands of rows, so a row is found by its index, not a search.
 */
export function createUploadQueue(uploader: Uploader, options: QueueOptions = {}) {
  const { concurrency = UPLOAD_CONCURRENCY, check } = options;
  let view: QueueView = { items: [], checking: { done: 0, total: 0 }, paused: false };
  let nextKey = 1;
  const position = new Map<number, number>();
  const running = new Map<number, RunningUpload>();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Keys of the rows whose size is still to be read, in queue order, from `sizeCursor` on. */
  let unsized: number[] = [];
  let sizeCursor = 0;
  let measuring = false;
  /** Slices whose look-up has not answered yet. */
  let slicesAsked = 0;

  function notify(): void {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      for (const listener of listeners) listener();
    }, NOTIFY_EVERY_MS);
  }
  function update(patch: Partial<QueueView>): void {
    view = { ...view, ...patch };
    notify();
  }
  function setItems(items: readonly UploadItem[]): void {
    position.clear();
    for (const [index, item] of items.entries()) position.set(item.key, index);
    update({ items });
  }
  const current = (key: number): UploadItem | undefined => {
    const index = position.get(key);
    return index === undefined ? undefined : view.items[index];
  };
  function change<T>(values: Map<number, T>, apply: (item: UploadItem, value: T) => UploadItem): void {
    if (values.size === 0) return;
    const items = view.items.slice();
    for (const [key, value] of values) {
      const index = position.get(key);
      if (index !== undefined) items[index] = apply(items[index]!, value);
    }
    update({ items });
  }
  const setMany = (states: Map<number, UploadState>) => change(states, (item, state) => ({ ...item, state }));
  const set = (key: number, state: UploadState) => setMany(new Map([[key, state]]));

  function follow(key: number, run: RunningUpload): void {
    running.set(key, run);
    void run.result.then((result) => {
      running.delete(key);
      if (current(key)) set(key, stateAfter(result));
      pump();
    });
  }
  const progressOf = (key: number) => (loaded: number, total: number) => {
    // a late progress event must not bring back a row that was cancelled meanwhile
    if (current(key)?.state.kind === 'uploading') set(key, { kind: 'uploading', loaded, total });
  };

  /** Reads the sizes still unknown, a few milliseconds at a time, so choosing 5,000 files never freezes the page. */
  async function measure(): Promise<void> {
    if (measuring) return;
    measuring = true;
    try {
      while (sizeCursor < unsized.length) {
        // the rows are drawn first, their sizes filled in after
        await yieldToPage();
        const sizes = new Map<number, number>();
        const until = performance.now() + SIZE_BUDGET_MS;
        while (sizeCursor < unsized.length && performance.now() < until) {
          const key = unsized[sizeCursor++]!;
          const item = current(key);
          if (item && item.size === null) sizes.set(key, item.file.size);
        }
        change(sizes, (item, size) => ({ ...item, size }));
      }
    } finally {
      unsized = [];
      sizeCursor = 0;
      measuring = false;
    }
  }

  function pump(): void {
    if (view.paused) return;
    for (const item of view.items) {
      if (running.size >= concurrency) return;
      if (current(item.key)?.state.kind !== 'queued') continue;
      set(item.key, { kind: 'uploading', loaded: 0, total: item.size ?? item.file.size });
      follow(item.key, uploader(item.file, item.target, progressOf(item.key)));
    }
  }

  /** One slice's look-up: what the event holds of it ([] when the look-up failed), counting files read. */
  async function checkSlice(slice: readonly UploadItem[], target: UploadTarget): Promise<(number | null)[]> {
    let counted = 0;
    let answered = false;
    try {
      return await check!(
        slice.map((i) => i.file),
        target,
        (done) => {
          // a file read after the look-up failed changes nothing any more
          if (answered) return;
          update({ checking: { ...view.checking, done: view.checking.done + done - counted } });
          counted = done;
        },
      );
    } catch {
      // decision: when the look-up fails the files are sent anyway — the server still stores a
      // content it holds only once (answering "duplicate"); the look-up only saves the bytes
      return [];
    } finally {
      answered = true;
      // the count ends when every slice has its answer (a later slice may be answered first)
      slicesAsked--;
      const done = view.checking.done + slice.length - counted;
      update({ checking: slicesAsked === 0 ? { done: 0, total: 0 } : { done, total: view.checking.total } });
    }
  }

  async function lookUp(added: UploadItem[], target: UploadTarget): Promise<void> {
    // in slices: the first files are on their way while the rest are still being read; all slices
    // are asked for at once, so the files are read one after another while an earlier slice's
    // question is still on its way to the server
    const slices: UploadItem[][] = [];
    for (let from = 0; from < added.length; from += CHECK_SLICE)
      slices.push(added.slice(from, from + CHECK_SLICE));
    slicesAsked += slices.length;
    const answers = slices.map((slice) => checkSlice(slice, target));
    for (const [n, slice] of slices.entries()) {
      const held = await answers[n]!;
      const states = new Map<number, UploadState>();
      slice.forEach((item, index) => {
        if (current(item.key)?.state.kind !== 'checking') return;
        const mediaId = held[index];
        states.set(item.key, mediaId ? { kind: 'held', mediaId } : { kind: 'queued' });
      });
      setMany(states);
      pump();
    }
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): readonly UploadItem[] => view.items,
    getView: (): QueueView => view,

    add(files: Iterable<File>, target: UploadTarget): void {
      const added: UploadItem[] = [...files].map((file) => ({
        key: nextKey++,
        file,
        size: null,
        target,
        state: check ? { kind: 'checking' } : { kind: 'queued' },
      }));
      if (added.length === 0) return;
      setItems([...view.items, ...added]);
      for (const item of added) unsized.push(item.key);
      void measure();
      if (!check) {
        pump();
        return;
      }
      update({ checking: { done: view.checking.done, total: view.checking.total + added.length } });
      void lookUp(added, target);
    },
    /** Shows and follows an upload that was already under way (brought back after a reload). */
    adopt(
      file: File,
      target: UploadTarget,
      start: (onProgress: (l: number, t: number) => void) => RunningUpload,
    ) {
      const key = nextKey++;
      setItems([
        ...view.items,
        { key, file, size: file.size, target, state: { kind: 'uploading', loaded: 0, total: file.size } },
      ]);
      follow(key, start(progressOf(key)));
    },
    cancel(key: number): void {
      const run = running.get(key);
      if (run) run.abort();
      else if (['queued', 'checking'].includes(current(key)?.state.kind ?? ''))
        set(key, { kind: 'cancelled' });
    },
    retry(key: number): void {
      const kind = current(key)?.state.kind;
      if (kind !== 'failed' && kind !== 'cancelled') return;
      set(key, { kind: 'queued' });
      pump();
    },
    /** Every failed file back in the queue (a refused one stays refused: sending it again changes nothing). */
    retryFailed(): void {
      setMany(
        new Map(view.items.filter((i) => i.state.kind === 'failed').map((i) => [i.key, { kind: 'queued' }])),
      );
      pump();
    },
    pauseAll(): void {
      if (view.paused) return;
      update({ paused: true });
      options.pauseRunning?.();
    },
    resumeAll(): void {
      if (!view.paused) return;
      update({ paused: false });
      options.resumeRunning?.();
      pump();
    },
    /** What the server's list says became of accepted uploads. */
    settle(media: readonly { id: number; status: 'ready' | 'failed'; reason: string | null }[]): void {
      const outcome = new Map(media.map((m) => [m.id, m]));
      const states = new Map<number, UploadState>();
      for (const item of view.items) {
        if (item.state.kind !== 'processing') continue;
        const m = outcome.get(item.state.mediaId);
        if (!m) continue;
        states.set(
          item.key,
          m.status === 'ready'
            ? { kind: 'ready', mediaId: m.id }
            : {
                kind: 'rejected',
                code: 'processing_failed',
                reason: m.reason,
                fieldMessage: null,
                message: '',
              },
        );
      }
      setMany(states);
    },
    /** Removes the rows that need nothing more: done, skipped, refused, cancelled. */
    clearSettled(): void {
      setItems(view.items.filter((i) => !CLEARABLE.has(i.state.kind)));
    },
    /** Stops everything: the organiser's "cancel all", or the screen going away. */
    abortAll(): void {
      setMany(
        new Map(
          view.items
            .filter((i) => i.state.kind === 'queued' || i.state.kind === 'checking')
            .map((i) => [i.key, { kind: 'cancelled' }]),
        ),
      );
      for (const run of running.values()) run.abort();
    },
  };
}
export type UploadQueue = ReturnType<typeof createUploadQueue>;
