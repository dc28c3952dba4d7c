import { describe, expect, it } from 'vitest';
import { createUploadQueue, type Uploader, type UploadState } from './upload-queue';
import type { UploadResult, UploadTarget } from './upload-request';

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
  it('sends at most two files at a time and starts the next as one finishes', async () => {
    const { uploader, runs, maxActive } = manualUploader();
    const queue = createUploadQueue(uploader);
    queue.add(files(5), TARGET);
    const kinds = () => queue.getSnapshot().map((i) => i.state.kind);
    expect(kinds()).toEqual(['uploading', 'uploading', 'queued', 'queued', 'queued']);
    expect(runs.map((r) => r.name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);

    runs[1]!.finish(accepted(12));
    await settle();
    expect(kinds()).toEqual(['uploading', 'processing', 'uploading', 'queued', 'queued']);
    while (runs.some((r) => !r.done)) {
      runs.find((r) => !r.done)!.finish(accepted(100 + runs.length));
      await settle();
    }
    expect(kinds()).toEqual(['processing', 'processing', 'processing', 'processing', 'processing']);
    expect(runs).toHaveLength(5);
    expect(maxActive()).toBe(2);
  });

  it('shows progress, and cancels a waiting file without sending it and a running one by aborting', async () => {
    const { uploader, runs } = manualUploader();
    const queue = createUploadQueue(uploader);
    queue.add(files(3), TARGET);
    const [first, second, third] = queue.getSnapshot();
    runs[0]!.progress(4, 10);
    expect(queue.getSnapshot()[0]!.state).toEqual({ kind: 'uploading', loaded: 4, total: 10 });

    queue.cancel(third!.key);
    expect(queue.getSnapshot()[2]!.state).toEqual({ kind: 'cancelled' });
    queue.cancel(first!.key);
    await settle();
    expect(runs[0]!.aborted).toBe(true);
    expect(queue.getSnapshot()[0]!.state).toEqual({ kind: 'cancelled' });
    // a progress event that arrives after the cancel changes nothing
    runs[0]!.progress(10, 10);
    expect(queue.getSnapshot()[0]!.state).toEqual({ kind: 'cancelled' });
    expect(runs.map((r) => r.name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
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

    queue.settle(77, 'ready', null);
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
    queue.settle(5, 'failed', 'corrupt');
    expect(queue.getSnapshot()[0]!.state).toMatchObject({
      kind: 'rejected',
      code: 'processing_failed',
      reason: 'corrupt',
    });
  });
});
