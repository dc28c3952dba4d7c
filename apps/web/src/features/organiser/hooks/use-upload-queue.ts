import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { organiserKeys } from '../api/organiser-api';
import { sharedHasher } from '../lib/file-hash';
import { heldCheck } from '../lib/held-check';
import { tusTransport } from '../lib/tus-transport';
import { createUploadQueue, type HeldCheck, type Uploader, type UploadQueue } from '../lib/upload-queue';

export interface UploadQueueSetup {
  /** Sends one file; tus through Uppy unless a test hands in its own. */
  uploader?: Uploader;
  /** The batch look-up; hashing and the check endpoint unless a test hands in its own (null: none). */
  check?: HeldCheck | null;
}

/**
 * The screen's upload queue. It lives as long as the screen: leaving it cancels what is still
 * running, and the browser asks before a reload or close would interrupt it (a reload resumes the
 * files that were in flight).
 */
export function useUploadQueue({ uploader, check }: UploadQueueSetup = {}) {
  const client = useQueryClient();
  const [{ queue, transport }] = useState(() => {
    const transport = uploader ? null : tusTransport();
    const start = uploader ?? transport!.start;
    const queue: UploadQueue = createUploadQueue(
      (file, target, onProgress) => {
        const run = start(file, target, onProgress);
        void run.result.then((result) => {
          if (result.kind === 'accepted') void client.invalidateQueries({ queryKey: organiserKeys.all });
        });
        return run;
      },
      {
        check: check === undefined ? heldCheck(sharedHasher()) : (check ?? undefined),
        pauseRunning: transport?.pauseAll,
        resumeRunning: transport?.resumeAll,
      },
    );
    return { queue, transport };
  });
  const view = useSyncExternalStore(queue.subscribe, queue.getView, queue.getView);
  const busy =
    view.checking.total > 0 ||
    view.items.some((i) => i.state.kind === 'queued' || i.state.kind === 'uploading');

  useEffect(
    () =>
      transport?.takeRestored((uploads) => {
        for (const u of uploads) queue.adopt(u.file, u.target, u.follow);
      }),
    [queue, transport],
  );
  useEffect(() => () => queue.abortAll(), [queue]);
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return { queue, view };
}
