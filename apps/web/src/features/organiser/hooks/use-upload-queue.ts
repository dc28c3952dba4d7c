import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { organiserKeys } from '../api/organiser-api';
import { createUploadQueue, type Uploader, type UploadQueue } from '../lib/upload-queue';
import { startUpload } from '../lib/upload-request';

/**
 * The screen's upload queue. It lives as long as the screen: leaving it cancels what is still
 * running, and the browser asks before a reload or close would do the same.
 */
export function useUploadQueue(uploader: Uploader = startUpload) {
  const client = useQueryClient();
  const [queue] = useState<UploadQueue>(() =>
    createUploadQueue((file, target, onProgress) => {
      const run = uploader(file, target, onProgress);
      void run.result.then((result) => {
        if (result.kind === 'accepted') void client.invalidateQueries({ queryKey: organiserKeys.all });
      });
      return run;
    }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const busy = items.some((i) => i.state.kind === 'queued' || i.state.kind === 'uploading');

  useEffect(() => () => queue.abortAll(), [queue]);
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return { queue, items };
}
