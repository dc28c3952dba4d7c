import { type Anonymization, type AnonymizationKind, ErrorCode, isLanguage } from '@fotodrop/contract';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { DomainError, NotFoundError } from '../../http/errors';
import { anonymizationEmail } from '../../mail/anonymization-email';
import {
  type BlurrableVariant,
  blurredPrefix,
  blurVariantKey,
  makeBlurred,
  PREMADE,
} from '../../media/face-blur';
import { anonymizationRepository } from '../../repositories/anonymization.repository';
import { checkinsRepository } from '../../repositories/checkins.repository';
import { facesRepository } from '../../repositories/faces.repository';
import { usersRepository } from '../../repositories/users.repository';
import type { AuthContext } from '../accounts/auth.service';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { ANONYMIZATION_QUEUE } from './face-queues';

/** What the anonymization job is handed: the e-mail's link origin is resolved in the request. */
export interface AnonymizationJob {
  checkinId: number;
  kind: AnonymizationKind;
  linkBase: string;
}

/** The state is read again after this many media, so a job whose album was turned off stops soon. */
const RECHECK_EVERY = 20;

/**
 * The sets of faces a medium is shown with hidden, one per kind of viewer: everyone else sees
 * every anonymized face hidden; each anonymized participant sees the others' hidden, their own clear.
 */
export function viewerSets(found: { faceId: number; userId: number }[]): number[][] {
  const users = new Set(found.map((f) => f.userId));
  const sets = new Map<string, number[]>();
  for (const viewer of [null, ...users]) {
    const ids = [...new Set(found.filter((f) => f.userId !== viewer).map((f) => f.faceId))].sort(
      (a, b) => a - b,
    );
    if (ids.length > 0) sets.set(ids.join(','), ids);
  }
  return [...sets.values()];
}

/**
 * Anonymous mode (albums spec §4): off → pending ("processing") → on ("active"), and back off.
 * Hiding is decided when a page is listed (`hiddenFor`: the faces of every other anonymized album
 * in each medium), so it takes effect at once; the job makes the blurred files ahead of requests
 * and turns the album `on` once every medium is done. Deep also takes the user's faces out of
 * everyone else's matches and confirms by e-mail.
 */
export function anonymizationService(deps: { db: Db; jobs: JobQueue; storage: Storage }) {
  const repo = () => anonymizationRepository(deps.db);

  async function ownAlbum(userId: number, checkinId: number) {
    const found = await checkinsRepository(deps.db).findForUser(userId, checkinId);
    if (found?.checkin.status !== 'complete') throw new NotFoundError('Album not found.');
    return found;
  }

  /** Blurs one medium for every kind of viewer; the files a page needs first. */
  async function processMedium(mediaId: number) {
    const found = await repo().hiddenFacesIn([mediaId]);
    for (const faceIds of viewerSets(found)) {
      const ok = await makeOnRequest(mediaId, faceIds, PREMADE);
      await repo().recordVariant(mediaId, faceIds, blurVariantKey(faceIds), ok ? 'ready' : 'failed');
    }
  }

  /**
   * Makes the blurred files of one variant unless stored; false when a face is gone (re-indexed)
   * or the medium's own files are missing: the caller then serves nothing, never the clear file.
   */
  async function makeOnRequest(
    mediaId: number,
    faceIds: number[],
    variants: readonly BlurrableVariant[],
  ): Promise<boolean> {
    const boxes = await repo().boxes(mediaId, faceIds);
    if (boxes.length !== new Set(faceIds).size) return false;
    for (const variant of variants) {
      if (
        !(await makeBlurred(
          deps.storage,
          mediaId,
          faceIds,
          boxes.map((b) => b.box),
          variant,
        ))
      )
        return false;
    }
    return true;
  }

  return {
    async anonymize(
      auth: AuthContext,
      checkinId: number,
      kind: AnonymizationKind,
      ctx: { linkBase: string },
    ): Promise<Anonymization> {
      await ownAlbum(auth.user.id, checkinId);
      const started = await deps.db.transaction(async (tx) => {
        const r = anonymizationRepository(tx);
        const album = await r.lockAlbum(checkinId);
        if (!album) throw new NotFoundError('Album not found.');
        if (album.state !== 'off') {
          // decision: asking again for the kind already asked is answered with the state (idempotent).
          if (album.kind === kind) return null;
          throw new DomainError(
            400,
            ErrorCode.anonymizationState,
            'Anonymous mode is already on with another kind. Turn it off first.',
          );
        }
        await r.setState(checkinId, 'pending', kind);
        // Deep: nobody else is matched on these faces from this moment (matching excludes them).
        if (kind === 'deep') {
          const faceIds = (await r.facesOf(checkinId)).map((f) => f.faceId);
          await facesRepository(tx).unmatchFaces(faceIds, checkinId);
        }
        return true;
      });
      if (started) {
        try {
          await deps.jobs.send<AnonymizationJob>(
            ANONYMIZATION_QUEUE,
            { checkinId, kind, linkBase: ctx.linkBase },
            { retryLimit: 3, expireInSeconds: 2 * 3600 },
          );
        } catch (error) {
          await repo().setState(checkinId, 'off', null);
          throw error;
        }
      }
      return this.state(checkinId);
    },

    async deanonymize(auth: AuthContext, checkinId: number): Promise<Anonymization> {
      await ownAlbum(auth.user.id, checkinId);
      const wasOn = await deps.db.transaction(async (tx) => {
        const r = anonymizationRepository(tx);
        const album = await r.lockAlbum(checkinId);
        if (!album) throw new NotFoundError('Album not found.');
        if (album.state === 'off') return false;
        await r.setState(checkinId, 'off', null);
        return true;
      });
      // Blurred files of this user's faces are no longer needed; one still needed for someone
      // else's faces is made again on its next request.
      if (wasOn) {
        const faceIds = (await repo().facesOf(checkinId)).map((f) => f.faceId);
        const variants = await repo().variantsWithFaces(faceIds);
        for (const v of variants) await deps.storage.deletePrefix(blurredPrefix(v.mediaId, v.key));
        await repo().deleteVariants(variants.map((v) => v.id));
      }
      return this.state(checkinId);
    },

    async state(checkinId: number): Promise<Anonymization> {
      const album = await repo().lockAlbum(checkinId);
      return { state: album?.state ?? 'off', kind: album?.state === 'off' ? null : (album?.kind ?? null) };
    },

    /**
     * The job: blurs every medium the album's faces are in, then turns the album on — only if it
     * is still pending with the kind the job was started for (turned off meanwhile: it stays off).
     * Idempotent: files already stored are kept.
     */
    async run(job: AnonymizationJob): Promise<void> {
      const isCurrent = async () => {
        const album = await repo().lockAlbum(job.checkinId);
        return album?.state === 'pending' && album.kind === job.kind;
      };
      if (!(await isCurrent())) return;
      const faces = await repo().facesOf(job.checkinId);
      if (job.kind === 'deep')
        await facesRepository(deps.db).unmatchFaces(
          faces.map((f) => f.faceId),
          job.checkinId,
        );
      const mediaIds = [...new Set(faces.map((f) => f.mediaId))];
      for (const [i, mediaId] of mediaIds.entries()) {
        if (i > 0 && i % RECHECK_EVERY === 0 && !(await isCurrent())) return;
        await processMedium(mediaId);
      }
      const turnedOn = await repo().completeIfPending(job.checkinId, job.kind);
      if (!turnedOn || job.kind !== 'deep') return;
      const found = await checkinsRepository(deps.db).findForUser(
        (await repo().lockAlbum(job.checkinId))?.userId ?? -1,
        job.checkinId,
      );
      const user = found && (await usersRepository(deps.db).findById(found.checkin.userId));
      if (!found || !user) return;
      await deps.jobs.send(
        MAIL_QUEUE,
        anonymizationEmail({
          to: user.email,
          name: user.firstName || user.email,
          language: isLanguage(user.language) ? user.language : 'en',
          eventName: found.service.name,
          photos: mediaIds.length,
          link: `${job.linkBase}/checkins/${encodeURIComponent(found.picacode.code)}`,
        }),
      );
    },

    /** Per medium of a page, the faces `viewerId` (null: a visitor) must be shown hidden: one statement. */
    hiddenFor: (viewerId: number | null, mediaIds: number[]) => repo().hiddenFromViewer(viewerId, mediaIds),

    /** A blurred file asked for before the job made it (file route); false: serve nothing. */
    makeBlurredFile: (mediaId: number, faceIds: number[], variant: BlurrableVariant) =>
      makeOnRequest(mediaId, faceIds, [variant]),
  };
}
export type AnonymizationService = ReturnType<typeof anonymizationService>;
