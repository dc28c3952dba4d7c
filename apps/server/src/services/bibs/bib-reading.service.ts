import { acceptBibs, type BibThresholds, bibText, DEFAULT_BIB_THRESHOLDS } from '@fotodrop/contract';
import type { BibEngine } from '../../adapters/bibs/bib-engine';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { mediaKey } from '../../media/variants';
import { bibReadingRepository } from '../../repositories/bib-reading.repository';
import { mediaBibsRepository } from '../../repositories/media-bibs.repository';
import { BIB_READ_QUEUE, type BibReadJob, bibReadKey } from './bib-queues';

/** Photos queued per round of an event's re-read: the queue holds the rest of the work, not memory. */
const REREAD_BATCH = 1000;

export interface BibReadingDeps {
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  engine: BibEngine;
  /** The contract's calibrated defaults unless given (tests, the benchmark). */
  thresholds?: Partial<BibThresholds>;
  /**
   * Told after a photo's reading has committed, with its event (photo service) id: the runners'
   * "your photos are ready" scan hooks in here. A failure fails the job, which reads again (same
   * result) and calls again.
   */
  onBibsRead?: (eventId: number) => Promise<void>;
}

/**
 * Bib recognition (issue 20): after its derivatives, a photo of an event that reads bibs is read
 * by the OCR engine on the durable queue, in every process with workers. A reading replaces the
 * photo's `ocr` bibs (and their `bib-` tags) in one transaction, so a rerun after a crash ends in
 * the same state, and never touches what the organiser set or took off by hand.
 */
export function bibReadingService(deps: BibReadingDeps) {
  const repo = () => bibReadingRepository(deps.db);
  const thresholds = { ...DEFAULT_BIB_THRESHOLDS, ...deps.thresholds };
  const queue = (job: BibReadJob) =>
    deps.jobs.send(BIB_READ_QUEUE, job, { singletonKey: bibReadKey(job.mediaId) });

  return {
    /** Queues the reading of a medium that just became ready, when it is a photo of an event that reads bibs. */
    async mediaReady(mediaId: number): Promise<void> {
      const found = await repo().mediaForReading(mediaId);
      if (found?.status !== 'ready' || found.type !== 'photo' || !found.bibRecognition) return;
      await queue({ mediaId });
    },

    /**
     * Queues a reading of every ready photo of the event (the organiser turned recognition on or
     * changed the issued list); nothing when recognition is off. Idempotent: asked twice, each
     * photo is read once more, not twice (a job finding its photo read since it was asked ends
     * without reading). Returns how many photos were queued.
     */
    async queueEventBibReading(eventId: number): Promise<number> {
      const event = await repo().eventForReading(eventId);
      if (!event?.on) return 0;
      const askedAt = event.now.toISOString();
      let queued = 0;
      let after = 0;
      for (;;) {
        const ids = await repo().readyPhotos(eventId, after, REREAD_BATCH);
        for (const mediaId of ids) await queue({ mediaId, askedAt });
        queued += ids.length;
        if (ids.length < REREAD_BATCH) return queued;
        after = ids.at(-1) as number;
      }
    },

    /**
     * Queues the photos of events that read bibs and were never read (a queueing lost in a crash
     * between a photo's derivatives and its job): at every worker start. Several workers starting
     * together queue a photo several times; the first reading makes the others end without reading.
     */
    async backfill(): Promise<number> {
      let queued = 0;
      let after = 0;
      for (;;) {
        const ids = await repo().unreadPhotos(after, REREAD_BATCH);
        if (ids.length === 0) return queued;
        const askedAt = (await repo().now()).toISOString();
        for (const mediaId of ids) await queue({ mediaId, askedAt });
        queued += ids.length;
        if (ids.length < REREAD_BATCH) return queued;
        after = ids.at(-1) as number;
      }
    },

    /** The job: one photo read, its bibs kept by the contract's rules, stored and tagged. */
    async readMedia({ mediaId, askedAt }: BibReadJob): Promise<void> {
      const found = await repo().mediaForReading(mediaId);
      if (found?.status !== 'ready' || found.type !== 'photo' || found.deletedAt || !found.bibRecognition)
        return;
      if (askedAt && found.bibsReadAt && found.bibsReadAt >= new Date(askedAt)) return;
      // The clean 1600 px preview: no watermark over the bibs, already turned upright, a fraction
      // of the original's bytes and decoding time (docs/decisions.md, issue 20).
      const image = await deps.storage.get(mediaKey(mediaId, 'preview-clean'));
      if (!image) return;
      const boxes = await deps.engine.read(image);
      const numbers = [
        ...new Set(
          boxes
            .map((b) => bibText(b.text, thresholds.minDigits, thresholds.maxDigits))
            .filter((n): n is string => n !== null),
        ),
      ];
      const eventId = found.photoServiceId;
      await deps.db.transaction(async (tx) => {
        const bibs = mediaBibsRepository(tx);
        const issued = await bibs.issuedAmong(eventId, numbers);
        await bibs.replaceOcr(mediaId, acceptBibs(boxes, issued, thresholds));
      });
      await deps.onBibsRead?.(eventId);
    },
  };
}
export type BibReadingService = ReturnType<typeof bibReadingService>;
