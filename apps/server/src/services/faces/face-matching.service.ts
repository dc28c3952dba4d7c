import { descriptorDistance } from '../../adapters/faces/face-engine';
import type { FaceIndex } from '../../adapters/faces/face-index';
import type { Db } from '../../db/client';
import { facesRepository, type MatchCandidate } from '../../repositories/faces.repository';
import { FACE_BANDS, faceBand } from './face-bands';

/** A stay guest's dates: only photos taken within them can be theirs. */
interface StayDates {
  startOfStay: string | null;
  endOfStay: string | null;
}
const withinStay = (takenOn: string, stay: StayDates) =>
  (!stay.startOfStay || takenOn >= stay.startOfStay) && (!stay.endOfStay || takenOn <= stay.endOfStay);

interface FaceDistance {
  faceId: number;
  distance: number;
}

/**
 * Turns face distances into an album's matches: per medium the nearest face, its band (auto in
 * the album, ask in "Is this you?", else out), never on faces hidden by deep anonymous mode, only
 * within a stay's dates. The participant's answers survive every re-match.
 */
export function faceMatchingService(deps: { db: Db; faceIndex: FaceIndex }) {
  const repo = () => facesRepository(deps.db);

  async function candidates(
    distances: FaceDistance[],
    stay: StayDates,
    hidden: Set<number>,
  ): Promise<MatchCandidate[]> {
    const usable = distances.filter((d) => !hidden.has(d.faceId));
    const info = new Map(
      (await repo().facesWithMedia(usable.map((d) => d.faceId))).map((f) => [f.faceId, f]),
    );
    const best = new Map<number, MatchCandidate>();
    for (const { faceId, distance } of usable) {
      const face = info.get(faceId);
      if (!face?.ready || !withinStay(face.takenOn, stay)) continue;
      const band = faceBand(distance, face.sizePx);
      if (band === 'out') continue;
      const known = best.get(face.mediaId);
      // a clear match beats a closer face that is too small to trust
      const rank = (c: { decision: string; distance: number }) =>
        (c.decision === 'auto' ? 0 : 1) + c.distance;
      const candidate: MatchCandidate = { mediaId: face.mediaId, faceId, distance, decision: band };
      if (!known || rank(candidate) < rank(known)) best.set(face.mediaId, candidate);
    }
    return [...best.values()];
  }

  return {
    /** Searches the album's event with all its selfies and writes the album's matches. */
    async matchAlbum(checkinId: number): Promise<void> {
      const album = await repo().albumForMatching(checkinId);
      if (!album) return;
      const selfies = await repo().selfieDescriptors(checkinId);
      const hits =
        selfies.length === 0
          ? []
          : await deps.faceIndex.search(album.photoServiceId, selfies, FACE_BANDS.askMax);
      const hidden = await repo().deepHiddenFaces(album.photoServiceId, checkinId);
      const found = await candidates(hits, album, hidden);
      await deps.db.transaction(async (tx) => facesRepository(tx).applyMatches(checkinId, 'all', found));
    },

    /**
     * A newly indexed medium against every album of its event that searches by face: how a photo
     * uploaded after the selfie reaches the album without the participant doing anything.
     */
    async matchMedia(mediaId: number): Promise<void> {
      const found = await repo().facesOfMedia(mediaId);
      const photoServiceId =
        found[0]?.photoServiceId ?? (await repo().mediaForIndexing(mediaId))?.photoServiceId;
      if (photoServiceId === undefined) return;
      for (const album of await repo().searchingAlbums(photoServiceId)) {
        const hidden = await repo().deepHiddenFaces(photoServiceId, album.checkinId);
        const distances = found.map((face) => ({
          faceId: face.id,
          distance: Math.min(...album.descriptors.map((d) => descriptorDistance(d, face.descriptor))),
        }));
        const matched = await candidates(distances, album, hidden);
        await deps.db.transaction(async (tx) =>
          facesRepository(tx).applyMatches(album.checkinId, [mediaId], matched),
        );
      }
    },

    /** The album's search status with how many media its matches show. */
    async inferenceStatus(checkinId: number) {
      const album = await repo().albumForMatching(checkinId);
      const summary = await repo().matchSummary(checkinId);
      const status = album?.faceInferenceStatus ?? 'not_started';
      return {
        status,
        matched_count: status === 'not_started' || status === 'pending' ? null : summary.shown,
        updated_at: summary.updatedAt?.toISOString() ?? null,
      };
    },

    /** Takes faces out of every other album's matches (deep anonymous mode). */
    unmatchFaces: (faceIds: number[], exceptCheckinId: number) =>
      repo().unmatchFaces(faceIds, exceptCheckinId),
  };
}
export type FaceMatchingService = ReturnType<typeof faceMatchingService>;
