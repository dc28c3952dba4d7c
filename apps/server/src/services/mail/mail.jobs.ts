import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';

export const MAIL_QUEUE = 'mail-send';

/** E-mail leaves through the job queue, so a slow or failing mail server never fails a request. */
export async function registerMailWorker(jobs: JobQueue, mailer: Mailer): Promise<void> {
  await jobs.work<MailMessage>(MAIL_QUEUE, (message) => mailer.send(message));
}
