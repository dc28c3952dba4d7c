import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { AnonymizationJob, AnonymizationService } from './anonymization.service';
import { ANONYMIZATION_QUEUE } from './face-queues';

/** Anonymous mode's job: one album's media blurred, then the album turned on. */
export async function registerAnonymizationWorker(
  jobs: JobQueue,
  anonymization: Pick<AnonymizationService, 'run'>,
): Promise<void> {
  await jobs.work<AnonymizationJob>(ANONYMIZATION_QUEUE, (job) => anonymization.run(job));
}
