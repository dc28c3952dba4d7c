/** A stored face (row of `faces`) as the index needs it. */
export interface IndexedFace {
  id: number;
  photoServiceId: number;
  mediaId: number;
  descriptor: Float32Array;
}

/** A face of the event close enough to one of the query descriptors. */
export interface FaceHit {
  faceId: number;
  mediaId: number;
  /** The smallest euclidean distance to any of the query descriptors. */
  distance: number;
}

/**
 * Nearest-face search within one event. The `faces` table is the truth; an index only makes
 * searching it fast. Two implementations pass one contract test suite
 * (`face-index-contract.ts`): pgvector (PGlite ships the extension) and an exact scan of the
 * event's descriptors held in memory (PostgreSQL servers without the extension).
 */
export interface FaceIndex {
  readonly kind: 'pgvector' | 'exact';
  /** Makes faces already stored in `faces` searchable. Adding a face twice changes nothing. */
  add(faces: IndexedFace[]): Promise<void>;
  /** Forgets every face of these media (re-indexing replaced them, or the media were deleted). */
  removeMedia(mediaIds: number[]): Promise<void>;
  /**
   * The faces of event `photoServiceId` within `maxDistance` of any of `queries`, each face once
   * with its smallest distance, nearest first.
   */
  search(photoServiceId: number, queries: Float32Array[], maxDistance: number): Promise<FaceHit[]>;
}
