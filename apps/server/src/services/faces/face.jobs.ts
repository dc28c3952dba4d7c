import { defaultFaceWorkers } from '../../adapters/faces/face-engine-pool';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Services } from '../services';
import { FACE_INDEX_QUEUE, FACE_MATCH_QUEUE, SELFIE_RETENTION_QUEUE } from './face-queues';

/** Expired selfies are deleted within the hour after their retention ends. */
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/**
 * Face search's workers in this process: indexing with as many jobs at once as the engine has
 * threads (both cores busy), album searches, and the hourly deletion of expired selfies. At start,
 * media this engine has not scanned are queued (a new model re-indexes everything).
 */
export async function registerFaceWorkers(
  jobs: JobQueue,
  services: Pick<Services, 'faceIndexing' | 'selfies'>,
): Promise<() => void> {
  await jobs.work<{ mediaId: number }>(
    FACE_INDEX_QUEUE,
    ({ mediaId }) => services.faceIndexing.indexMedia(mediaId),
    { concurrency: defaultFaceWorkers() },
  );
  await jobs.work<{ checkinId: number }>(FACE_MATCH_QUEUE, ({ checkinId }) =>
    services.faceIndexing.runAlbumSearch(checkinId),
  );
  await jobs.work(SELFIE_RETENTION_QUEUE, async () => {
    await services.selfies.deleteExpired();
  });
  void services.faceIndexing
    .backfill()
    .catch((error: unknown) => console.error('could not queue face indexing', error));
  const tick = () =>
    jobs
      .send(SELFIE_RETENTION_QUEUE, {}, { singletonKey: SELFIE_RETENTION_QUEUE, retryLimit: 2 })
      .catch((error: unknown) => console.error('could not schedule selfie retention', error));
  void tick();
  const timer = setInterval(tick, RETENTION_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
