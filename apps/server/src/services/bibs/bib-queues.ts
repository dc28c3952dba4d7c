/** Job queue of bib recognition (pg-boss; any process running workers takes it). */

/** Read the bibs on one ready photo of an event with bib recognition on. */
export const BIB_READ_QUEUE = 'media-bibs';

export interface BibReadJob {
  mediaId: number;
  /**
   * A re-read asked at this time (database clock, ISO): a photo read since then is not read
   * again. Absent for the reading after upload.
   */
  askedAt?: string;
}

/** One waiting job per photo where the queue honours keys (pg-boss policy "short"). */
export const bibReadKey = (mediaId: number) => `media-bibs-${mediaId}`;
