import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { LabPackages } from './lab-package';

/** The fulfilment of a paid print order sends `{ orderId }` here, with singleton key `lab-<orderId>`. */
export const LAB_PACKAGE_QUEUE = 'lab-package';

/** Builds lab packages on the job queue; a failed build is retried (the builder is idempotent). */
export async function registerLabPackageWorker(jobs: JobQueue, packages: LabPackages): Promise<void> {
  await jobs.work<{ orderId: number }>(LAB_PACKAGE_QUEUE, async ({ orderId }) => {
    await packages.build(orderId);
  });
}
