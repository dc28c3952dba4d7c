import { LAST_CALL_SD_DISCOUNT_PERCENT } from '@fotodrop/contract';
import { type Deadline, deadlinePhase, deletionDeadline } from '@fotodrop/contract/rules/album-deadline';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { mediaPrefix } from '../../media/variants';
import { type NoticeKind, unpurchasedMediaRepository } from '../../repositories/unpurchased-media.repository';
import { linkBaseResolver } from '../accounts/link-base';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { unpurchasedEmail } from './unpurchased-email';

/** Media deleted per transaction: their files go inside it, so a batch stays short. */
const DELETE_BATCH = 100;
/**
 * decision: an order still open (awaiting payment, processing, a bank transfer not yet received)
 * holds off the deletion of its event's media for this long after it was placed, so a payment that
 * arrives late still finds what it bought; an order abandoned longer than that no longer does.
 */
const OPEN_ORDER_HOLD_MS = 14 * 86_400_000;

export interface LifecycleRun {
  notices: number;
  deleted: number;
}

type EventRow = Awaited<
  ReturnType<ReturnType<typeof unpurchasedMediaRepository>['eventsWithDeadline']>
>[number];

/** The last day photos can be bought: the deadline's day, or the day of its instant (UTC). */
function lastDay(deadline: Deadline): string {
  return deadline.day ?? new Date(Date.parse(deadline.at) - 1).toISOString().slice(0, 10);
}

/**
 * The unpurchased-media lifecycle (albums spec §4 "Unpurchased media", §9), run by a scheduled
 * job: each album owner gets the last-chance warning and the last call once each, when the
 * album's event reaches those points (`rules/album-deadline.ts`, the same rule the cart prices the
 * last call with); after the deadline the event's media that nobody bought are deleted, files and
 * rows, and the event is marked `media_deleted` once none is left. Purchased media are kept.
 */
export function unpurchasedLifecycle(deps: {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  now: () => Date;
  /** PUBLIC_URL: album links in the notices (a branded organisation's own subdomain). */
  publicUrl: string;
}) {
  const repo = () => unpurchasedMediaRepository(deps.db);
  const links = linkBaseResolver(deps.db, deps.publicUrl);

  async function notify(event: EventRow, kind: NoticeKind, deadline: Deadline): Promise<number> {
    const albums = await repo().albumsOwed(event.id, kind);
    if (albums.length === 0) return 0;
    const base = await links.forRequest({ host: undefined, eventOwnerId: event.organisationId });
    let sent = 0;
    for (const album of albums) {
      const message = unpurchasedEmail(kind, album, {
        eventName: event.name,
        url: `${base}/checkins/${encodeURIComponent(album.picacode)}`,
        day: lastDay(deadline),
        discountPercent: LAST_CALL_SD_DISCOUNT_PERCENT,
      });
      // Recorded first (only the run that records it sends it), given back when the send fails so
      // the next run tries again. Not one transaction: on PGlite the queue shares its one connection.
      if (!(await repo().recordNotice(album.checkinId, kind))) continue;
      try {
        await deps.jobs.send(MAIL_QUEUE, message, { singletonKey: `${kind}-${album.checkinId}` });
      } catch (error) {
        await repo().forgetNotice(album.checkinId, kind);
        throw error;
      }
      sent++;
    }
    return sent;
  }

  async function deleteUnpurchased(event: EventRow): Promise<number> {
    const now = deps.now().getTime();
    if (await repo().hasOpenOrders(event.id, new Date(now - OPEN_ORDER_HOLD_MS))) return 0;
    let deleted = 0;
    for (;;) {
      // Rows and files in one transaction: a crash part way leaves the rows, and the next run
      // deletes them (and whatever files are left) again.
      const ids = await deps.db.transaction(async (tx) => {
        const gone = await unpurchasedMediaRepository(tx).deleteUnpurchased(event.id, DELETE_BATCH);
        for (const id of gone) {
          await deps.storage.deletePrefix(mediaPrefix(id));
          // An upload waits under this key until its derivatives are made (media-files.service).
          await deps.storage.delete(`uploads/${id}`);
        }
        return gone;
      });
      deleted += ids.length;
      if (ids.length < DELETE_BATCH) break;
    }
    if ((await repo().countUnpurchased(event.id)) === 0) await repo().markMediaDeleted(event.id);
    return deleted;
  }

  return {
    async run(): Promise<LifecycleRun> {
      const result: LifecycleRun = { notices: 0, deleted: 0 };
      const now = deps.now().getTime();
      for (const event of await repo().eventsWithDeadline()) {
        const deadline = deletionDeadline({
          event_id: event.id,
          event_end_date: event.endDate,
          media_available_to: event.mediaAvailableTo?.toISOString() ?? null,
          last_stay_deletion_date: event.lastStayDeletionDate,
        });
        if (!deadline) continue;
        const phase = deadlinePhase(deadline, now);
        if (phase === 'last_chance' || phase === 'last_call')
          result.notices += await notify(event, phase, deadline);
        else if (phase === 'passed') result.deleted += await deleteUnpurchased(event);
      }
      return result;
    },
  };
}
export type UnpurchasedLifecycle = ReturnType<typeof unpurchasedLifecycle>;
