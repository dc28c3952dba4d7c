import type { FaceEngine } from '../../adapters/faces/face-engine';
import type { FaceIndex } from '../../adapters/faces/face-index';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { mediaKey } from '../../media/variants';
import { facesRepository } from '../../repositories/faces.repository';
import type { FaceMatchingService } from './face-matching.service';
import { FACE_INDEX_QUEUE, FACE_MATCH_QUEUE } from './face-queues';

/** Media queued per backfill round: the queue holds the rest of the work, not memory. */
const BACKFILL_BATCH = 1000;

/**
 * Finds the faces of event photos (and video posters) and matches them. Runs as jobs on the
 * durable queue, in every process with workers (`npm run worker` adds machines); each run
 * replaces the medium's faces in one transaction, so a rerun after a crash at any point ends in
 * the same state.
 */
export function faceIndexingService(deps: {
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  engine: FaceEngine;
  faceIndex: FaceIndex;
  matching: FaceMatchingService;
}) {
  const repo = () => facesRepository(deps.db);

  return {
    /** Queues indexing of a medium that just became ready, when its event searches by face. */
    async mediaReady(mediaId: number): Promise<void> {
      const found = await repo().mediaForIndexing(mediaId);
      if (found?.status !== 'ready' || found.checkinMode !== 'face-checkin') return;
      await deps.jobs.send(FACE_INDEX_QUEUE, { mediaId }, { singletonKey: `face-index-${mediaId}` });
    },

    /** Queues every ready medium of face-search events this engine has not scanned (at worker start). */
    async backfill(): Promise<number> {
      let queued = 0;
      let after = 0;
      for (;;) {
        const ids = await repo().unscannedMedia(deps.engine.name, after, BACKFILL_BATCH);
        for (const mediaId of ids)
          await deps.jobs.send(FACE_INDEX_QUEUE, { mediaId }, { singletonKey: `face-index-${mediaId}` });
        queued += ids.length;
        if (ids.length < BACKFILL_BATCH) return queued;
        after = ids.at(-1) as number;
      }
    },

    /** One medium: its faces found and stored (replacing any earlier ones), indexed, then matched. */
    async indexMedia(mediaId: number): Promise<void> {
      const found = await repo().mediaForIndexing(mediaId);
      if (found?.status !== 'ready') return;
      // The clean 1600 px preview (a video's is its poster frame): as sharp as detection needs,
      // a fraction of the original's decoding time.
      const image = await deps.storage.get(mediaKey(mediaId, 'preview-clean'));
      if (!image) {
        await repo().recordScan(mediaId, found.photoServiceId, {
          status: 'failed',
          faceCount: 0,
          engine: deps.engine.name,
          error: 'preview missing',
        });
        return;
      }
      let detection: Awaited<ReturnType<FaceEngine['detect']>>;
      try {
        detection = await deps.engine.detect(image, 'photo');
      } catch (error) {
        // An image the decoder refuses fails for good; a lost engine thread is retried by the queue.
        const message = error instanceof Error ? error.message : String(error);
        if (message.includes('thread stopped')) throw error;
        await repo().recordScan(mediaId, found.photoServiceId, {
          status: 'failed',
          faceCount: 0,
          engine: deps.engine.name,
          error: message.slice(0, 500),
        });
        return;
      }
      const stored = await deps.db.transaction((tx) =>
        facesRepository(tx).replaceFaces(mediaId, found.photoServiceId, detection.faces, deps.engine.name),
      );
      await deps.faceIndex.removeMedia([mediaId]);
      await deps.faceIndex.add(
        stored.map((f) => ({
          id: f.id,
          photoServiceId: f.photoServiceId,
          mediaId,
          descriptor: Float32Array.from(f.descriptor),
        })),
      );
      await deps.matching.matchMedia(mediaId);
    },

    /** The face-inference job: the album's search over its whole event. */
    async runAlbumSearch(checkinId: number): Promise<void> {
      await repo().setInferenceStatus(checkinId, 'processing');
      try {
        await deps.matching.matchAlbum(checkinId);
        await repo().setInferenceStatus(checkinId, 'completed');
      } catch (error) {
        // shown until the queue's retry starts again (processing) or gives up
        await repo().setInferenceStatus(checkinId, 'failed');
        throw error;
      }
    },

    /** Queues an album's search (face-inference), once while one waits. */
    async queueAlbumSearch(checkinId: number): Promise<void> {
      await repo().setInferenceStatus(checkinId, 'pending');
      await deps.jobs.send(FACE_MATCH_QUEUE, { checkinId }, { singletonKey: `face-match-${checkinId}` });
    },

    progress: (photoServiceId: number) => repo().progress(photoServiceId),
  };
}
export type FaceIndexingService = ReturnType<typeof faceIndexingService>;
