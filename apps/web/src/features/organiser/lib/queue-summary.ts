import type { UploadItem, UploadState } from './upload-queue';

export type Counts = Record<UploadState['kind'], number>;

export interface QueueSummary {
  counts: Counts;
  /** Files that went or will go to the server (not skipped, not cancelled). */
  toSend: number;
  /** Bytes of those, and how many have arrived. */
  bytes: { sent: number; total: number };
  /** The rows worth a line each, in queue order: in flight, needing the organiser, the last few finished. */
  rows: UploadItem[];
  /** Rows needing the organiser beyond those shown. */
  moreProblems: number;
}

/** Finished files still shown one by one, newest last, so a duplicate or a refusal can be seen as such. */
export const RECENT_FINISHED = 10;
/** Waiting files shown by name: the next ones to go. */
export const NEXT_WAITING = 3;

const SENT = new Set<UploadState['kind']>(['processing', 'ready', 'duplicate', 'rejected']);
const PROBLEM = new Set<UploadState['kind']>(['failed', 'rejected', 'cancelled']);
const FINISHED = new Set<UploadState['kind']>(['processing', 'ready', 'duplicate']);

/**
 * What the queue view shows of thousands of files: totals for everything, a line only for the few
 * that matter now. One pass over the rows, so 5,000 files cost a few milliseconds a redraw.
 */
// decision: no virtualised list of every file — a summary (counts and total progress), the files
// in flight, the failed, refused and cancelled ones (first `problemLimit`, more on request) and the
// last few finished. An organiser acts on those; 4,000 "waiting" lines help nobody.
export function summarise(items: readonly UploadItem[], problemLimit: number): QueueSummary {
  const counts = Object.fromEntries(
    [
      'checking',
      'held',
      'queued',
      'uploading',
      'processing',
      'ready',
      'duplicate',
      'rejected',
      'failed',
      'cancelled',
    ].map((k) => [k, 0]),
  ) as Counts;
  let sent = 0;
  let total = 0;
  let problems = 0;
  const finished: UploadItem[] = [];
  const shown = new Set<UploadItem>();
  for (const item of items) {
    const { state } = item;
    counts[state.kind]++;
    if (PROBLEM.has(state.kind) && problems++ < problemLimit) shown.add(item);
    if (state.kind === 'held' || state.kind === 'cancelled') continue;
    // a size not read yet counts once it is (the queue reads them a few at a time)
    const size = item.size ?? 0;
    total += size;
    if (state.kind === 'uploading') {
      sent += state.loaded;
      shown.add(item);
    } else if (SENT.has(state.kind)) sent += size;
    if (FINISHED.has(state.kind)) finished.push(item);
    if (state.kind === 'queued' && counts.queued <= NEXT_WAITING) shown.add(item);
  }
  for (const item of finished.slice(-RECENT_FINISHED)) shown.add(item);
  return {
    counts,
    toSend: items.length - counts.held - counts.cancelled,
    bytes: { sent, total },
    // in the order chosen: a row keeps its place (and its focused button) as its state changes
    rows: items.filter((item) => shown.has(item)),
    moreProblems: Math.max(0, problems - problemLimit),
  };
}
