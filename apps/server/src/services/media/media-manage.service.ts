import {
  bibOfTag,
  bibTag,
  MEDIA_TAGS_MAX,
  type MediaBulk,
  type MediaBulkResult,
  type OrganiserMedia,
  type UpdateMedium,
} from '@fotodrop/contract';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, Queryable } from '../../db/client';
import { NotFoundError, ValidationError } from '../../http/errors';
import { mediaPrefix } from '../../media/variants';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { mediaBibsRepository } from '../../repositories/media-bibs.repository';
import { type ManagedMediumRow, mediaManageRepository } from '../../repositories/media-manage.repository';
import { organiserBibsRepository } from '../../repositories/organiser-bibs.repository';
import type { AuthContext } from '../accounts/auth.service';
import { consoleAccess } from '../organisations/console-access';
import { type MediaFilesService, uploadKey } from './media-files.service';
import { organiserMediaDto } from './organiser.service';

type Outcome = MediaBulkResult['results'][number]['outcome'];

/** Work that waits for the transaction's commit: files removed, jobs queued (never for a rollback). */
interface AfterCommit {
  removeFiles: number[];
  queue: { id: number; redo: boolean }[];
}

const mediumNotFound = () => new NotFoundError('Medium not found.');
const bibTagsReserved = () =>
  new ValidationError(
    { tags: ['tags.bib_reserved'] },
    'A photo’s bib tags follow its bibs: add or remove bibs with `bibs`, not with `tags`.',
  );
const bibsOf = (tags: string[]) => tags.map(bibOfTag).filter((n): n is string => n !== null);

/**
 * The organiser's changes to an event's media (issue 18), all media.manage through `consoleAccess`,
 * each call one transaction: a refused part leaves nothing changed. Ids of another event are not
 * found. decision: a medium somebody bought is never removed: deleting it keeps row and files for
 * its buyers, hidden from everyone else and flagged `deleted_at` (docs/decisions.md).
 */
export function mediaManageService(deps: {
  db: Db;
  storage: Storage;
  mediaFiles: MediaFilesService;
  now: () => Date;
  /** After a photo's bibs were corrected and committed (issue 20: runners' "ready" e-mails). */
  onBibsChanged?: (eventId: number) => Promise<void>;
}) {
  const access = () => consoleAccess(deps.db);

  async function checkGallery(db: Queryable, eventId: number, galleryId: number | null | undefined) {
    if (galleryId === undefined || galleryId === null) return;
    const galleries = await albumMediaRepository(db).galleriesOf(eventId);
    if (!galleries.some((g) => g.id === galleryId))
      throw new ValidationError({ gallery_id: ['gallery.unknown'] });
  }

  /** Deletes or keeps the locked rows (`kept`: bought by someone); files go after the commit. */
  async function remove(db: Queryable, eventId: number, rows: ManagedMediumRow[], after: AfterCommit) {
    const repo = mediaManageRepository(db);
    const kept = rows.filter((r) => r.bought).map((r) => r.id);
    const gone = rows.filter((r) => !r.bought).map((r) => r.id);
    await repo.keepForBuyers(eventId, kept, deps.now());
    await repo.remove(eventId, gone);
    after.removeFiles.push(...gone);
    return new Map<number, Outcome>([
      ...kept.map((id) => [id, 'kept'] as const),
      ...gone.map((id) => [id, 'done'] as const),
    ]);
  }

  /** Re-processing: failed media go back to processing, ready ones are made again while shown. */
  async function reprocess(db: Queryable, eventId: number, rows: ManagedMediumRow[], after: AfterCommit) {
    const due = rows.filter((r) => r.status !== 'processing');
    await mediaManageRepository(db).markReprocessing(
      eventId,
      due.filter((r) => r.status === 'failed').map((r) => r.id),
    );
    after.queue.push(...due.map((r) => ({ id: r.id, redo: r.status === 'ready' })));
    return new Map<number, Outcome>(rows.map((r) => [r.id, r.status === 'processing' ? 'skipped' : 'done']));
  }

  /**
   * decision (issue 18): adding tags that would take any medium of the call past MEDIA_TAGS_MAX
   * refuses the whole call (nothing added anywhere), naming the media, rather than adding to some:
   * the call stays one change, and the organiser sees which media to clean up first.
   */
  async function refuseOverTagLimit(
    repo: ReturnType<typeof mediaManageRepository>,
    eventId: number,
    ids: number[],
    tags: string[],
  ) {
    const over = await repo.overTagLimit(eventId, ids, tags, MEDIA_TAGS_MAX);
    if (over.length === 0) return;
    throw new ValidationError(
      { tags: ['field.too_many'] },
      `A medium carries at most ${MEDIA_TAGS_MAX} tags; with these, ${over.length === 1 ? 'medium' : 'media'} ${over.join(', ')} would carry more. Nothing was changed.`,
    );
  }

  /**
   * decision (issue 20): a photo's bib tags are its bibs (read or set by hand) and change only
   * through `bibs`: `tags` may list the bib tags the photo keeps (a list read and sent back
   * whole), leaving one out keeps it, and naming another is refused (tags.bib_reserved).
   */
  async function setTagsAndBibs(tx: Queryable, eventId: number, id: number, body: UpdateMedium) {
    const current = await mediaManageRepository(tx).read(eventId, id);
    if (!current) throw mediumNotFound();
    const kept = bibsOf(current.tags);
    if (body.tags !== undefined) {
      const allowed = new Set(body.bibs ?? kept);
      if (bibsOf(body.tags).some((n) => !allowed.has(n))) throw bibTagsReserved();
      const plain = body.tags.filter((t) => bibOfTag(t) === null);
      await mediaManageRepository(tx).setTags(eventId, id, [...new Set(plain), ...kept.map(bibTag)]);
    }
    if (body.bibs !== undefined) {
      await organiserBibsRepository(tx).correct(id, body.bibs);
      await mediaBibsRepository(tx).syncTags(id);
    }
  }

  async function finish(after: AfterCommit): Promise<void> {
    for (const id of after.removeFiles) {
      await deps.storage.deletePrefix(mediaPrefix(id));
      // an upload waits under its own key until its derivatives are made
      await deps.storage.delete(uploadKey(id));
    }
    for (const job of after.queue) await deps.mediaFiles.queueDerivatives(job.id, job.redo);
  }

  return {
    async update(auth: AuthContext, slug: string, id: number, body: UpdateMedium): Promise<OrganiserMedia> {
      const { event } = await access().event(auth, slug, 'media.manage');
      const after: AfterCommit = { removeFiles: [], queue: [] };
      const answer = await deps.db.transaction(async (tx) => {
        const repo = mediaManageRepository(tx);
        const [medium] = await repo.lock(event.id, [id]);
        if (!medium) throw mediumNotFound();
        if (body.poster_seconds !== undefined && medium.type !== 'video')
          throw new ValidationError({ poster_seconds: ['media.not_video'] });
        // decision: a deleted medium kept for its buyers stays hidden; showing it again is refused
        if (body.hidden === false && medium.deletedAt !== null)
          throw new ValidationError({ hidden: ['media.deleted'] });
        if (body.gallery_id !== undefined) {
          await checkGallery(tx, event.id, body.gallery_id);
          await repo.move(event.id, [id], body.gallery_id);
        }
        if (body.tags !== undefined || body.bibs !== undefined) await setTagsAndBibs(tx, event.id, id, body);
        if (body.hidden !== undefined) await repo.setHidden(event.id, [id], body.hidden, deps.now());
        if (body.poster_seconds !== undefined) {
          await repo.setPosterSeconds(event.id, id, body.poster_seconds);
          // a video still processing picks the second up in its running job
          if (medium.status !== 'processing') await reprocess(tx, event.id, [medium], after);
        }
        const row = await repo.read(event.id, id);
        if (!row) throw mediumNotFound();
        return organiserMediaDto(
          deps.mediaFiles,
          row,
          (await mediaBibsRepository(tx).ofMedia([id])).get(id) ?? [],
        );
      });
      await finish(after);
      if (body.bibs !== undefined) await deps.onBibsChanged?.(event.id);
      return answer;
    },

    async remove(auth: AuthContext, slug: string, id: number): Promise<{ outcome: 'deleted' | 'kept' }> {
      const { event } = await access().event(auth, slug, 'media.manage');
      const after: AfterCommit = { removeFiles: [], queue: [] };
      const outcome = await deps.db.transaction(async (tx) => {
        const rows = await mediaManageRepository(tx).lock(event.id, [id]);
        if (rows.length === 0) throw mediumNotFound();
        return (await remove(tx, event.id, rows, after)).get(id);
      });
      await finish(after);
      return { outcome: outcome === 'kept' ? 'kept' : 'deleted' };
    },

    async bulk(auth: AuthContext, slug: string, body: MediaBulk): Promise<MediaBulkResult> {
      const { event } = await access().event(auth, slug, 'media.manage');
      const after: AfterCommit = { removeFiles: [], queue: [] };
      const outcomes = await deps.db.transaction(async (tx) => {
        const repo = mediaManageRepository(tx);
        const rows = await repo.lock(event.id, body.ids);
        const ids = rows.map((r) => r.id);
        const done = new Map<number, Outcome>(ids.map((i) => [i, 'done']));
        switch (body.action) {
          case 'move':
            await checkGallery(tx, event.id, body.gallery_id);
            await repo.move(event.id, ids, body.gallery_id ?? null);
            return done;
          case 'add_tags': {
            if (bibsOf(body.tags ?? []).length > 0) throw bibTagsReserved();
            const tags = [...new Set(body.tags ?? [])];
            await refuseOverTagLimit(repo, event.id, ids, tags);
            await repo.addTags(event.id, ids, tags);
            return done;
          }
          case 'remove_tags':
            if (bibsOf(body.tags ?? []).length > 0) throw bibTagsReserved();
            await repo.removeTags(event.id, ids, body.tags ?? []);
            return done;
          case 'hide':
            await repo.setHidden(event.id, ids, true, deps.now());
            return done;
          case 'unhide':
            await repo.setHidden(event.id, ids, false, deps.now());
            // a deleted medium kept for its buyers stays hidden
            for (const r of rows) if (r.deletedAt !== null) done.set(r.id, 'skipped');
            return done;
          case 'delete':
            return remove(tx, event.id, rows, after);
          case 'reprocess':
            return reprocess(tx, event.id, rows, after);
        }
      });
      await finish(after);
      return { results: body.ids.map((id) => ({ id, outcome: outcomes.get(id) ?? 'not_found' })) };
    },
  };
}
export type MediaManageService = ReturnType<typeof mediaManageService>;
