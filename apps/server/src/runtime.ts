import { join } from 'node:path';
import { type JobQueue, startJobQueue } from './adapters/jobs/job-queue';
import { type Mailer, outboxMailer, smtpMailer } from './adapters/mail/mailer';
import { randomSecret } from './adapters/secrets';
import { localStorage } from './adapters/storage/local-storage';
import { s3Storage } from './adapters/storage/s3-storage';
import type { Storage } from './adapters/storage/storage';
import { postgresUploadLocker, type UploadLocker } from './adapters/storage/upload-locker';
import { openUploadStore, type UploadStore } from './adapters/storage/upload-store';
import type { ServerConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { sweepWorkDirs } from './media/work-dirs';
import { settingsRepository } from './repositories/settings.repository';
import { registerUnpurchasedLifecycleWorker } from './services/albums/unpurchased-lifecycle.jobs';
import { registerBibWorkers } from './services/bibs/bib.jobs';
import { registerAnonymizationWorker } from './services/faces/anonymization.jobs';
import { registerFaceWorkers } from './services/faces/face.jobs';
import { registerMailWorker } from './services/mail/mail.jobs';
import { DERIVATIVES_QUEUE, type DerivativesJob } from './services/media/media-files.service';
import { registerMetricDailyWorker } from './services/metrics/metric-daily.jobs';
import { registerAlbumZipWorker } from './services/orders/album-zip.jobs';
import { registerLabPackageWorker } from './services/orders/lab-package.jobs';
import { registerOrderWorkers } from './services/orders/order.jobs';
import { registerRunnerReadyWorkers } from './services/runners/runner-ready.jobs';
import { createServices, type Services } from './services/services';

const RATE_LIMIT_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface Runtime {
  database: Database;
  jobs: JobQueue;
  mailer: Mailer;
  storage: Storage;
  /** Resumable uploads until they are finished (`adapters/storage/upload-store.ts`). */
  uploadStore: UploadStore;
  /** With PostgreSQL, the upload locks every API process shares; null with PGlite (one process). */
  uploadLocker: UploadLocker | null;
  mediaSecret: string;
  services: Services;
  close(): Promise<void>;
}

/**
 * Opens everything a process needs: the database (PGlite under DATA_DIR unless DATABASE_URL is
 * set), the job queue, the mailer, media storage (a folder under DATA_DIR unless STORAGE is s3),
 * and the services on top.
 */
export async function openRuntime(config: ServerConfig): Promise<Runtime> {
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(join(config.dataDir, 'db'), { sharedBuffersMB: config.PGLITE_SHARED_BUFFERS_MB });
  const jobs = await startJobQueue(database);
  // Every process, also an API process without workers (WORKERS=off): it receives uploads there.
  await sweepWorkDirs().catch((error: unknown) => console.error('could not clean work folders', error));
  const mailer = config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(config.outboxDir, config.MAIL_FROM);
  const storage = config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(config.storage.dir);
  const mediaSecret =
    config.MEDIA_URL_SECRET ??
    (await settingsRepository(database.db).getOrCreate('media_url_secret', randomSecret));
  const services = createServices({ db: database.db, jobs, storage, mediaSecret, config });
  const purgeRateLimits = () =>
    services.limiter
      .purgeIdle()
      .catch((error: unknown) => console.error('could not purge rate limits', error));
  void purgeRateLimits();
  const purgeTimer = setInterval(purgeRateLimits, RATE_LIMIT_PURGE_INTERVAL_MS);
  const uploadLocker = config.DATABASE_URL ? postgresUploadLocker(config.DATABASE_URL) : null;
  purgeTimer.unref();
  return {
    database,
    jobs,
    mailer,
    storage,
    uploadStore: openUploadStore(config.storage, config.dataDir),
    uploadLocker,
    mediaSecret,
    services,
    async close() {
      clearInterval(purgeTimer);
      await uploadLocker?.close();
      await jobs.stop();
      await database.close();
    },
  };
}

/**
 * The job workers of this process: e-mail and media derivatives. First the work folders that
 * crashed processes left (half-received uploads, half-transcoded videos) are removed; the jobs
 * those processes were running are taken up again by the queue (`job-recovery.ts`).
 */
export async function registerWorkers(runtime: Pick<Runtime, 'jobs' | 'mailer' | 'services'>): Promise<void> {
  await sweepWorkDirs().catch((error: unknown) => console.error('could not clean work folders', error));
  await registerMailWorker(runtime.jobs, runtime.mailer);
  await runtime.jobs.work<DerivativesJob>(DERIVATIVES_QUEUE, ({ mediaId, redo, later }) =>
    later
      ? runtime.services.mediaFiles.processLater(mediaId, redo === true)
      : runtime.services.mediaFiles.processDerivatives(mediaId, redo === true),
  );
  await registerOrderWorkers(runtime.jobs, runtime.services);
  await registerAlbumZipWorker(runtime.jobs, runtime.services.albumZips);
  await registerLabPackageWorker(runtime.jobs, runtime.services.labPackages);
  await registerUnpurchasedLifecycleWorker(runtime.jobs, runtime.services.unpurchasedLifecycle);
  await registerFaceWorkers(runtime.jobs, runtime.services);
  await registerBibWorkers(runtime.jobs, runtime.services);
  await registerAnonymizationWorker(runtime.jobs, runtime.services.anonymization);
  await registerMetricDailyWorker(runtime.jobs, runtime.services.metricDaily);
  await registerRunnerReadyWorkers(runtime.jobs, runtime.mailer, runtime.services.runnerReady);
}
