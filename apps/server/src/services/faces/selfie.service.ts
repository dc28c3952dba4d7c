import { type addFaceBodySchema, ErrorCode, type faceInferenceBodySchema } from '@fotodrop/contract';
import type { z } from 'zod';
import type { FaceEngine } from '../../adapters/faces/face-engine';
import type { Db } from '../../db/client';
import { DomainError, NotFoundError, ValidationError } from '../../http/errors';
import { type CheckinWithContext, checkinsRepository } from '../../repositories/checkins.repository';
import { selfiesRepository } from '../../repositories/faces.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { Limit, RateLimiter } from '../accounts/rate-limiter';
import { track } from '../metrics/tracking';
import type { FaceIndexingService } from './face-indexing.service';
import type { FaceMatchingService } from './face-matching.service';
import { SELFIE_MESSAGES, selfieFace } from './selfie-rules';

/** Selfies per account and hour: retakes and a second person fit, a script trying faces does not. */
export const SELFIE_LIMIT: Limit = { max: 20, windowSeconds: 60 * 60 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The participant's side of face search: selfies (only their descriptors are kept, never the
 * image), the search over the event, its status, and the "Is this you?" answers.
 */
export function selfieService(deps: {
  db: Db;
  now: () => Date;
  engine: FaceEngine;
  indexing: FaceIndexingService;
  matching: FaceMatchingService;
  limiter: Pick<RateLimiter, 'consume'>;
  /** Days a selfie descriptor is kept before it is deleted anyway (SELFIE_RETENTION_DAYS). */
  retentionDays: number;
  thumbnailUrl: (mediaId: number, hidden?: readonly number[]) => string;
  /** Faces of other participants in anonymous mode that this viewer must see blurred, per medium. */
  hiddenFor: (viewerId: number, mediaIds: number[]) => Promise<Map<number, number[]>>;
  /** Completes a check-in whose face_recognition step the selfie answered. */
  completeFaceStep: (checkinId: number) => Promise<unknown>;
}) {
  const repo = () => selfiesRepository(deps.db);

  /** The caller's album in a face-search event; another user's answers like a missing one. */
  async function faceAlbum(auth: AuthContext, id: number): Promise<CheckinWithContext> {
    const found = await checkinsRepository(deps.db).findForUser(auth.user.id, id);
    if (!found) throw new NotFoundError('Album not found.');
    if (found.service.checkinMode !== 'face-checkin') {
      throw new DomainError(
        400,
        ErrorCode.faceSearchUnavailable,
        'This event does not search photos by face.',
      );
    }
    return found;
  }
  const completeAlbum = async (auth: AuthContext, id: number) => {
    const album = await faceAlbum(auth, id);
    if (album.checkin.status !== 'complete') throw new NotFoundError('Album not found.');
    return album;
  };

  return {
    async addFace(auth: AuthContext, id: number, body: z.output<typeof addFaceBodySchema>) {
      const album = await faceAlbum(auth, id);
      const { checkin } = album;
      if (checkin.status === 'pending' && checkin.pendingStep !== 'face_recognition') {
        throw new DomainError(400, ErrorCode.stepRequired, 'Complete the previous step of this album first.');
      }
      if (body.additional_person === 'true' && body.multi_person_consent !== 'true') {
        throw new ValidationError({ multi_person_consent: ['selfie.multi_person_consent_required'] });
      }
      await deps.limiter.consume(`selfie:account:${auth.user.id}`, SELFIE_LIMIT);
      const image = Buffer.from(await body.selfie.arrayBuffer());
      let detection: Awaited<ReturnType<FaceEngine['detect']>>;
      try {
        detection = await deps.engine.detect(image, 'selfie');
      } catch {
        throw new ValidationError({ selfie: ['selfie.unreadable'] });
      }
      const found = selfieFace(detection);
      if ('reason' in found) {
        throw new DomainError(400, ErrorCode.selfieRejected, SELFIE_MESSAGES[found.reason], {
          reason: found.reason,
        });
      }
      const stored = await repo().insert({
        checkinId: checkin.id,
        userId: auth.user.id,
        descriptor: Array.from(found.face.descriptor),
        additionalPerson: body.additional_person === 'true',
        multiPersonConsent: body.multi_person_consent === 'true',
        expiresAt: new Date(deps.now().getTime() + deps.retentionDays * DAY_MS),
      });
      await track(deps.db, { type: 'selfie_added', userId: auth.user.id, payload: { album_id: checkin.id } });
      // The search starts at once (over the stay's dates if the code has them); the date step
      // of a stay restarts it with the guest's own dates.
      await deps.indexing.queueAlbumSearch(checkin.id);
      if (checkin.status === 'pending') await deps.completeFaceStep(checkin.id);
      return { face_id: stored.id, status: 'pending' as const };
    },

    async startSearch(auth: AuthContext, id: number, body: z.output<typeof faceInferenceBodySchema>) {
      const album = await completeAlbum(auth, id);
      if ((await repo().count(id)) === 0) {
        throw new DomainError(
          400,
          ErrorCode.selfieRequired,
          'Take a selfie first: the search looks for your face.',
        );
      }
      if (body.start_of_stay || body.end_of_stay) {
        const { startDate, endDate } = album.service;
        const outside = (d: string | undefined) => d !== undefined && (d < startDate || d > endDate);
        if (outside(body.start_of_stay) || outside(body.end_of_stay)) {
          throw new ValidationError({ start_of_stay: ['stay.outside_event'] });
        }
        await checkinsRepository(deps.db).update(id, {
          startOfStay: body.start_of_stay ?? null,
          endOfStay: body.end_of_stay ?? null,
        });
      }
      await deps.indexing.queueAlbumSearch(id);
      return deps.matching.inferenceStatus(id);
    },

    async status(auth: AuthContext, id: number) {
      await completeAlbum(auth, id);
      return deps.matching.inferenceStatus(id);
    },

    async review(auth: AuthContext, id: number) {
      await completeAlbum(auth, id);
      const rows = await repo().askList(id);
      const hidden = await deps.hiddenFor(
        auth.user.id,
        rows.map((r) => r.mediaId),
      );
      return {
        results: rows.map((r) => ({
          media_id: r.mediaId,
          thumbnail_url: deps.thumbnailUrl(r.mediaId, hidden.get(r.mediaId)),
          face: r.box,
        })),
      };
    },

    async answer(auth: AuthContext, id: number, mediaId: number, isMe: boolean) {
      await completeAlbum(auth, id);
      if (!(await repo().answer(id, mediaId, isMe, deps.now()))) throw new NotFoundError('Photo not found.');
      return this.review(auth, id);
    },

    /** The retention job: selfie descriptors past their period are deleted, whatever the album. */
    deleteExpired: () => repo().deleteExpired(deps.now()),
  };
}
export type SelfieService = ReturnType<typeof selfieService>;
