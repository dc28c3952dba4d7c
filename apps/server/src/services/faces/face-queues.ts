/** Job queues of face search (pg-boss; any process running workers takes them). */

/** `{ mediaId }`: find the faces of one ready photo or video poster, then match them. */
export const FACE_INDEX_QUEUE = 'face-index';
/** `{ checkinId }`: search the album's event with its selfies (face-inference). */
export const FACE_MATCH_QUEUE = 'face-match-album';
/** `{ checkinId }`: apply (or undo) an album's anonymous mode over its event. */
export const ANONYMIZATION_QUEUE = 'face-anonymization';
/** `{}`: delete selfie descriptors past their retention period. */
export const SELFIE_RETENTION_QUEUE = 'selfie-retention';
