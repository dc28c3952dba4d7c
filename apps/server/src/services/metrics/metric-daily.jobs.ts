import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { MetricDailyService } from './metric-daily.service';

export const METRICS_DAILY_QUEUE = 'metrics-daily';
const EVERY_MS = 60_000;

/**
 * Counts new metric messages into the daily aggregates once a minute and at start (one job at a
 * time across every process, by its singleton key; a run repeated after a crash counts nothing
 * twice: the watermark moves with the counts).
 */
export async function registerMetricDailyWorker(
  jobs: JobQueue,
  metricDaily: MetricDailyService,
): Promise<() => void> {
  await jobs.work(METRICS_DAILY_QUEUE, async () => {
    await metricDaily.aggregate();
  });
  const tick = () =>
    jobs
      .send(METRICS_DAILY_QUEUE, {}, { singletonKey: METRICS_DAILY_QUEUE, retryLimit: 0 })
      .catch((error: unknown) => console.error('could not schedule the metrics aggregation', error));
  void tick();
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
