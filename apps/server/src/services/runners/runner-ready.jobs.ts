import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import {
  RUNNER_READY_MAIL_QUEUE,
  RUNNER_READY_SCAN_QUEUE,
  type RunnerReadyMail,
  type RunnerReadyService,
} from './runner-ready';

/** A kick may be lost (a process stopped between a change and its scan): every event is looked at this often. */
const SAFETY_SCAN_EVERY_MS = 5 * 60 * 1000;
const SAFETY_SCAN = 'all';

/**
 * The "ready" e-mail workers: the mail queue's first (the scan writes into it), then the scans,
 * each an event's or, every five minutes, all events'. Answers a function that stops this
 * process's periodic kicks.
 */
export async function registerRunnerReadyWorkers(
  jobs: JobQueue,
  mailer: Mailer,
  ready: RunnerReadyService,
): Promise<() => void> {
  // A job queued before the "mailed" mark (its data the bare message) is sent as it was then.
  await jobs.work<RunnerReadyMail | MailMessage>(RUNNER_READY_MAIL_QUEUE, (data) =>
    'runnerId' in data ? ready.deliver(data, mailer) : mailer.send(data),
  );
  await jobs.work<{ eventId?: number; scope?: string }>(RUNNER_READY_SCAN_QUEUE, async (data) => {
    if (typeof data.eventId === 'number') await ready.scan(data.eventId);
    else if (data.scope === SAFETY_SCAN) await ready.scanAll();
  });
  const tick = () =>
    jobs
      .send(RUNNER_READY_SCAN_QUEUE, { scope: SAFETY_SCAN }, { retryLimit: 1 })
      .catch((error: unknown) => console.error('could not schedule the runners’ ready scan', error));
  const timer = setInterval(tick, SAFETY_SCAN_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
