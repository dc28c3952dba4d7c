import type { JobQueue } from '../../adapters/jobs/job-queue';
import { ALBUM_ZIP_QUEUE, type AlbumZipJob, type AlbumZipService } from './album-zip.service';

/**
 * The album-zip worker. Expired zips' files are removed after each build and once when the worker
 * starts (decision in docs/decisions.md): no timer of its own, and a zip link past its expiry is
 * refused by its signature whether or not its file is gone yet.
 */
export async function registerAlbumZipWorker(jobs: JobQueue, albumZips: AlbumZipService): Promise<void> {
  await jobs.work<AlbumZipJob>(ALBUM_ZIP_QUEUE, (job) => albumZips.build(job));
  await albumZips
    .removeExpired()
    .catch((error: unknown) => console.error('could not remove expired album zips', error));
}
