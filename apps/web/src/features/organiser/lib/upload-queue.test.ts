import { describe, expect, it } from 'vitest';
import {
  CHECK_SLICE,
  createUploadQueue,
  type HeldCheck,
  type Uploader,
  type UploadState,
} from './upload-queue';
import type { UploadResult, UploadTarget } from './upload-result';

const TARGET: UploadTarget = { slug: '5e1a0c3d', galleryId: null, tags: '' };
const files = (n: number) =>
  Array.from({ length: n }, (_, i) => new File(['x'.repeat(10)], `photo-${i + 1}.jpg`));

/** An uploader whose uploads the test finishes one by one; it counts how many ran at once. */
function manualUploader() {
  const runs: {
    name: string;
    progress: (loaded: number, total: number) => void;
    finish: (result: UploadResult) => void;
    aborted: boolean;
    done: boolean;
  }[] = [];
  let active = 0;
  let maxActive = 0;
  const uploader: Uploader = (file, _target, onProgress) => {
    active++;
    maxActive = Math.max(maxActive, active);
    let resolve!: (result: UploadResult) => void;
    const result = new Promise<UploadResult>((r) => {
      resolve = r;
    });
    const run = {
      name: file.name,
      progress: onProgress,
      aborted: false,
      done: false,
      finish: (r: UploadResult) => {
        run.done = true;
        active--;
        resolve(r);
      },
    };
    runs.push(run);
    return {
      result,
      abort: () => {
        run.aborted = true;
        run.finish({ kind: 'aborted' });
      },
    };
  };
  return { uploader, runs, maxActive: () => maxActive };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const accepted = (id: number): UploadResult => ({
  kind: 'accepted',
  id,
  duplicate: false,
  status: 'processing',
});

describe('the upload queue', () => {
  it('sends at most three files at a time and starts the next as one finishes', async () => {
    const { uploader, runs, maxActive } = manualUploader();
    const queue = createUploadQueue(uploader);
    queue.add(files(5), TARGET);
    const kinds = () => queue.getSnapshot().map((i) => i.state.kind);
    expect(kinds()).toEqual(['uploading', 'uploading', 'uploading', 'queued', 'queued']);
    expect(runs.map((r) => r.name)).toEqual(['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg']);

    runs[1]!.finish(accepted(12));
    await settle();
    expect(kinds()).toEqual(['uploading', 'processing', 'uploading', 'uploading', 'queued']);
    while (runs.some((r) => !r.done)) {
      runs.find((r) => !r.done)!.finish(accepted(100 + runs.length));
      await settle();
    }
    expect(kinds()).toEqual(['processing', 'processing', 'processing', 'processing', 'processing']);
    expect(runs).toHaveLength(5);
    expect(maxActive()).toBe(3);
  });

  it('shows progress, and cancels a waiting file without sending it and a running one by aborting', async () => {
    const { uploader, runs } = manualUploader();
    const queue = createUploadQueue(uploader);
    queue.add(files(4), TARGET);
    const [first, second, , fourth] = queue.getSnapshot();
    runs[0]!.progress(4, 10);
    expect(queue.getSnapshot()[0]!.state).toEqual({ kind: 'uploading', loaded: 4, total: 10 });

    queue.cancel(fourth!.key);
    expect(queue.getSnapshot()[3]!.state).toEqual({ kind: 'cancelled' });
    queue.cancel(first!.key);
    await settle();
    expect(runs[0]!.aborted).toBe(true);
    expect(queue.getSnapshot()[0]!.state).toEqual({ kind: 'cancelled' });
    // a progress event that arrives after the cancel changes nothing
    runs[0]!.progress(10, 10);
    expect(queue.getSnapshot()[0]!.state).toEqual({ kind: 'cancelled' });
    expect(runs.map((r) => r.name)).toEqual(['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg']);
    expect(queue.getSnapshot()[1]!.key).toBe(second!.key);
  });

  it('keeps a refusal, retries a failure, and learns from the list when processing is done', async () => {
    const { uploader, runs } = manualUploader();
    const queue = createUploadQueue(uploader);
    queue.add(files(3), TARGET);
    runs[0]!.finish({
      kind: 'rejected',
      code: 'media_rejected',
      reason: 'unsupported_type',
      fieldMessage: null,
      message: 'Not a photo.',
    });
    runs[1]!.finish({ kind: 'failed', status: 0, message: '' });
    await settle();
    runs[2]!.finish(accepted(77));
    await settle();
    const state = (n: number): UploadState => queue.getSnapshot()[n]!.state;
    expect(state(0)).toMatchObject({ kind: 'rejected', reason: 'unsupported_type' });
    expect(state(1)).toEqual({ kind: 'failed', status: 0, message: '' });

    queue.retry(queue.getSnapshot()[0]!.key);
    expect(state(0).kind).toBe('rejected');
    queue.retry(queue.getSnapshot()[1]!.key);
    expect(state(1).kind).toBe('uploading');
    expect(runs[3]!.name).toBe('photo-2.jpg');
    runs[3]!.finish({ kind: 'accepted', id: 78, duplicate: true, status: 'ready' });
    await settle();
    expect(state(1)).toEqual({ kind: 'duplicate', mediaId: 78 });

    queue.settle([{ id: 77, status: 'ready', reason: null }]);
    expect(state(2)).toEqual({ kind: 'ready', mediaId: 77 });
    queue.clearSettled();
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('tells a processing failure apart by its reason', async () => {
    const { uploader, runs } = manualUploader();
    const queue = createUploadQueue(uploader);
    queue.add(files(1), TARGET);
    runs[0]!.finish(accepted(5));
    await settle();
    queue.settle([{ id: 5, status: 'failed', reason: 'corrupt' }]);
    expect(queue.getSnapshot()[0]!.state).toMatchObject({
      kind: 'rejected',
      code: 'processing_failed',
      reason: 'corrupt',
    });
  });

  it('pauses: nothing new starts and the running uploads are paused; resuming goes on', async () => {
    const { uploader, runs } = manualUploader();
    const calls: string[] = [];
    const queue = createUploadQueue(uploader, {
      pauseRunning: () => calls.push('pause'),
      resumeRunning: () => calls.push('resume'),
    });
    queue.add(files(4), TARGET);
    queue.pauseAll();
    expect(queue.getView().paused).toBe(true);
    runs[0]!.finish(accepted(1));
    await settle();
    expect(runs).toHaveLength(3);
    expect(queue.getSnapshot()[3]!.state.kind).toBe('queued');
    queue.resumeAll();
    expect(calls).toEqual(['pause', 'resume']);
    expect(runs.map((r) => r.name)).toContain('photo-4.jpg');
  });

  it('retries every failed file at once, not the refused ones', async () => {
    const { uploader, runs } = manualUploader();
    const queue = createUploadQueue(uploader);
    queue.add(files(3), TARGET);
    runs[0]!.finish({ kind: 'failed', status: 0, message: '' });
    runs[1]!.finish({ kind: 'failed', status: 503, message: '' });
    runs[2]!.finish({
      kind: 'rejected',
      code: 'media_rejected',
      reason: 'corrupt',
      fieldMessage: null,
      message: '',
    });
    await settle();
    queue.retryFailed();
    expect(queue.getSnapshot().map((i) => i.state.kind)).toEqual(['uploading', 'uploading', 'rejected']);
    expect(runs.slice(3).map((r) => r.name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
  });

  it('skips the files the event already holds and sends the rest, slice by slice, in order', async () => {
    const { uploader, runs } = manualUploader();
    const asked: number[] = [];
    let release!: () => void;
    const firstSliceAsked = new Promise<void>((r) => {
      release = r;
    });
    // every third file is held; the first slice's answer waits for the test
    const check: HeldCheck = async (batch, _target, onHashed) => {
      asked.push(batch.length);
      onHashed(batch.length);
      if (asked.length === 1) await firstSliceAsked;
      return batch.map((file) => (Number(/(\d+)/.exec(file.name)![1]) % 3 === 0 ? 900 : null));
    };
    const queue = createUploadQueue(uploader, { check, concurrency: 1000 });
    const total = CHECK_SLICE + 10;
    queue.add(files(total), TARGET);
    // the second slice is asked while the first one's answer is on its way, and waits its turn
    expect(asked).toEqual([CHECK_SLICE, 10]);
    await settle();
    expect(queue.getSnapshot().every((i) => i.state.kind === 'checking')).toBe(true);
    expect(queue.getView().checking).toEqual({ done: total, total });
    expect(runs).toHaveLength(0);
    release();
    await settle();
    await settle();
    const held = queue.getSnapshot().filter((i) => i.state.kind === 'held');
    expect(held).toHaveLength(Math.floor(total / 3));
    expect(held[0]!.state).toEqual({ kind: 'held', mediaId: 900 });
    expect(runs).toHaveLength(total - held.length);
    expect(runs.some((r) => r.name === 'photo-3.jpg')).toBe(false);
    expect(queue.getView().checking).toEqual({ done: 0, total: 0 });
  });

  it('learns the sizes of the files after taking them, not while taking them', async () => {
    const { uploader } = manualUploader();
    const queue = createUploadQueue(uploader, { check: async (batch) => batch.map(() => null) });
    const chosen = [new File(['x'.repeat(10)], 'a.jpg'), new File(['x'.repeat(2000)], 'b.jpg')];
    queue.add(chosen, TARGET);
    expect(queue.getSnapshot().map((i) => i.size)).toEqual([null, null]);
    await settle();
    expect(queue.getSnapshot().map((i) => i.size)).toEqual([10, 2000]);
  });

  it('sends every file when the look-up fails (the server still keeps one copy)', async () => {
    const { uploader, runs } = manualUploader();
    const queue = createUploadQueue(uploader, {
      check: async () => {
        throw new Error('offline');
      },
    });
    queue.add(files(2), TARGET);
    await settle();
    expect(runs.map((r) => r.name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
  });
});
