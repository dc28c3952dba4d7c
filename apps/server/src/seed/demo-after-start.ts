import type { Db } from '../db/client';
import type { MediaFilesService } from '../services/media/media-files.service';
import type { MetricDailyService } from '../services/metrics/metric-daily.service';
import { seedDemoMedia } from './demo-media';
import { seedDemoSales } from './demo-sales';

/** Marathon photos put in before the demo's sales (the other events get a tenth each), the rest after. */
export const PHOTOS_BEFORE_SALES = 40;

/**
 * The demo's slow part, after the server listens: its photos through the real pipeline, and once
 * the first of them are in, the month of sales that names them (`demo-sales.ts`, once per
 * installation), counted at once by the metrics roll-up so the dashboards show it.
 */
export async function seedDemoAfterStart(
  db: Db,
  services: { mediaFiles: MediaFilesService; metricDaily: MetricDailyService },
  options: {
    photos: number;
    sales: boolean;
    linkBase: string;
    requiredPoliciesVersion: number;
    onSales?: (orders: number, ms: number) => void;
  },
): Promise<number> {
  let photos = 0;
  if (options.sales && options.photos > 0) {
    photos += await seedDemoMedia(db, services.mediaFiles, Math.min(options.photos, PHOTOS_BEFORE_SALES));
    const started = performance.now();
    const orders = await seedDemoSales(db, options);
    if (orders > 0) {
      await services.metricDaily.aggregate();
      options.onSales?.(orders, Math.round(performance.now() - started));
    }
  }
  if (options.photos > 0) photos += await seedDemoMedia(db, services.mediaFiles, options.photos);
  return photos;
}
