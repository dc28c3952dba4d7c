import { type EventProgress, type FaceIndexProgress, PROGRESS_FAILURES_SHOWN } from '@fotodrop/contract';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Db } from '../../db/client';
import { eventProgressRepository } from '../../repositories/event-progress.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';
import { DERIVATIVES_QUEUE } from './media-files.service';

const mediaIdOf = (data: unknown): number | null => {
  const id = (data as { mediaId?: unknown } | null)?.mediaId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
};

/**
 * An event's progress for the console (issue 18), polled every few seconds by every open event
 * page: a handful of aggregates, and concurrent asks for one event share one computation (each
 * caller's role is still checked on its own).
 */
export function eventProgressService(deps: {
  db: Db;
  jobs: JobQueue;
  /** Face indexing progress of an event (face search). */
  faceIndexProgress: (photoServiceId: number) => Promise<FaceIndexProgress>;
}) {
  const inFlight = new Map<number, Promise<Omit<EventProgress, 'faces'> & { faces: FaceIndexProgress }>>();

  async function compute(photoServiceId: number) {
    const repo = eventProgressRepository(deps.db);
    const [counts, failures, faces, running] = await Promise.all([
      repo.statusCounts(photoServiceId),
      repo.latestFailures(photoServiceId, PROGRESS_FAILURES_SHOWN),
      deps.faceIndexProgress(photoServiceId),
      deps.jobs.running(DERIVATIVES_QUEUE),
    ]);
    const runningIds = running.map(mediaIdOf).filter((id): id is number => id !== null);
    const active = await repo.processingAmong(photoServiceId, runningIds);
    const of = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
    const processing = Math.min(active, of('processing'));
    return {
      media: {
        total: of('processing') + of('ready') + of('failed'),
        waiting: of('processing') - processing,
        processing,
        ready: of('ready'),
        failed: of('failed'),
        latest_failures: failures.map((f) => ({
          id: f.id,
          original_filename: f.originalFilename,
          reason: f.error ?? 'unknown',
          created_at: f.createdAt.toISOString(),
        })),
      },
      faces,
      // decision (issue 18): null until bib reading exists (issue 20 fills the section's shape)
      bibs: null,
    };
  }

  function shared(photoServiceId: number) {
    let pending = inFlight.get(photoServiceId);
    if (!pending) {
      pending = compute(photoServiceId).finally(() => inFlight.delete(photoServiceId));
      inFlight.set(photoServiceId, pending);
    }
    return pending;
  }

  return {
    async progress(auth: AuthContext, slug: string): Promise<EventProgress> {
      const { event } = await consoleAccess(deps.db).event(auth, slug, 'media.read');
      const { faces, ...rest } = await shared(event.id);
      // decision (issue 18): face indexing runs only for events that search by face; the counts
      // still answer (photos indexed while it was on keep their faces)
      return { ...rest, faces: { enabled: event.checkinMode === 'face-checkin', ...faces } };
    },
  };
}
export type EventProgressService = ReturnType<typeof eventProgressService>;
