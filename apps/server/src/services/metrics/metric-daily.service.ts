import type { OrganiserMetrics, OrganiserMetricsDay } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { metricDailyRepository } from '../../repositories/metric-daily.repository';

/** Which message types each chart line adds up (albums spec §9 metric types). */
const SERIES: Record<Exclude<keyof OrganiserMetricsDay, 'day' | 'sales'>, readonly string[]> = {
  views: ['media_viewed'],
  opens: ['media_opened'],
  downloads: ['media_downloaded', 'zip_downloaded'],
  shares: ['shared_link_created', 'share_with_friend_created'],
};

/** Messages counted per run at most: a long backlog is worked off over several runs. */
const MAX_ROWS_PER_RUN = 200_000;

export interface MetricDailyOptions {
  db: Db;
  now?: () => Date;
  /** How old a message must be before it is counted (see countSinceWatermark); 30 s by default. */
  settleSeconds?: number;
}

/**
 * The daily aggregates of the metrics store: the job that counts new messages into
 * `metric_daily` (idempotent: the counts and the watermark move in one transaction), and an
 * event's days for the organiser's charts.
 */
export function metricDailyService({ db, now = () => new Date(), settleSeconds = 30 }: MetricDailyOptions) {
  return {
    /** Counts everything settled since the last run; answers how many runs it took (0: nothing new). */
    async aggregate(): Promise<number> {
      let runs = 0;
      for (;;) {
        const upper = await db.transaction((tx) =>
          metricDailyRepository(tx).countSinceWatermark(settleSeconds, MAX_ROWS_PER_RUN),
        );
        if (upper === null) return runs;
        runs++;
      }
    },

    /** The event's last `days` days (UTC, today included), every day present, oldest first. */
    async eventMetrics(eventId: number, days: number): Promise<OrganiserMetrics> {
      const today = startOfUtcDay(now());
      const dayList = Array.from({ length: days }, (_, i) =>
        new Date(today.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
      );
      const from = dayList[0] as string;
      const to = dayList.at(-1) as string;
      const repo = metricDailyRepository(db);
      const [counts, sales, pending] = await Promise.all([
        repo.ofEvent(eventId, from, to),
        repo.salesOfEvent(eventId, from, to),
        repo.pendingOfEvent(eventId),
      ]);
      const byDay = new Map<string, OrganiserMetricsDay>(
        dayList.map((day) => [day, { day, views: 0, opens: 0, downloads: 0, shares: 0, sales: 0 }]),
      );
      for (const c of counts) {
        const entry = byDay.get(c.day);
        if (!entry) continue;
        for (const [series, types] of Object.entries(SERIES) as [keyof typeof SERIES, readonly string[]][]) {
          if (types.includes(c.type)) entry[series] += c.count;
        }
      }
      for (const s of sales) {
        const entry = byDay.get(s.day);
        if (entry) entry.sales = s.count;
      }
      return { days: [...byDay.values()], pending };
    },
  };
}
export type MetricDailyService = ReturnType<typeof metricDailyService>;

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
