import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { UnpurchasedLifecycle } from './unpurchased-lifecycle';

export const UNPURCHASED_LIFECYCLE_QUEUE = 'unpurchased-lifecycle';
/** Deadlines are days and the notices say dates: an hourly look is on time for both. */
const RUN_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the unpurchased-media lifecycle at start and then every hour: each process asks, the
 * singleton key lets one run wait at a time across all of them, and the run itself is idempotent.
 * Answers a function that stops this process's asking.
 */
export async function registerUnpurchasedLifecycleWorker(
  jobs: JobQueue,
  lifecycle: UnpurchasedLifecycle,
): Promise<() => void> {
  await jobs.work(UNPURCHASED_LIFECYCLE_QUEUE, async () => {
    await lifecycle.run();
  });
  const tick = () =>
    jobs
      .send(UNPURCHASED_LIFECYCLE_QUEUE, {}, { singletonKey: UNPURCHASED_LIFECYCLE_QUEUE, retryLimit: 2 })
      .catch((error: unknown) => console.error('could not schedule the unpurchased-media lifecycle', error));
  void tick();
  const timer = setInterval(tick, RUN_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
