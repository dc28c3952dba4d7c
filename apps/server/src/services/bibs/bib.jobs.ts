import { defaultBibWorkers } from '../../adapters/bibs/bib-engine-pool';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Services } from '../services';
import { BIB_READ_QUEUE, type BibReadJob } from './bib-queues';

/**
 * Bib reading's worker in this process: as many photos at once as the engine has threads, so
 * every core this process may use reads; at start, photos never read are queued. API processes
 * started with WORKERS=off never register it.
 */
export async function registerBibWorkers(
  jobs: JobQueue,
  services: Pick<Services, 'bibReading'>,
): Promise<void> {
  await jobs.work<BibReadJob>(BIB_READ_QUEUE, (job) => services.bibReading.readMedia(job), {
    concurrency: defaultBibWorkers(),
  });
  void services.bibReading
    .backfill()
    .catch((error: unknown) => console.error('could not queue bib reading', error));
}
