import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import {
  LAST_CALL_SD_DISCOUNT_PERCENT,
  PHOTOS_ARRIVING_VARIANT_HOURS,
  VIDEO_ALERT_DATE,
} from '@fotodrop/contract/constants';
import {
  type Deadline,
  deadlinePhase,
  deletionDeadline as sharedDeadline,
} from '@fotodrop/contract/rules/album-deadline';

export type { Deadline };

/**
 * What an album can show and how long its unpurchased media stay (albums spec §4 "Event and photo
 * availability" and "Unpurchased media"), decided from the check-in, its photos summary and the
 * current instant. Pure: the screen passes `now`, tests pass any instant.
 *
 * Time: every comparison is between instants. The API gives events calendar dates only and no
 * time zone, so a date-only field means that whole day in UTC: an event starts at 00:00 UTC of
 * its start date and ends at 24:00 UTC of its end date; a deletion date deletes at 24:00 UTC.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type Availability =
  /** The album has media to show. */
  | { kind: 'ready' }
  | { kind: 'unavailable'; reason: 'deleted' | 'hidden' }
  | { kind: 'not_started'; startDate: string; stay: boolean }
  /** The face search has the selfie but has not started on the event's photos. */
  | { kind: 'selfie_uploading' }
  /** The face search is going through the event's photos. */
  | { kind: 'not_processed' }
  /** `late`: 12 hours after the end and the photographers have still not finished sorting. */
  | { kind: 'arriving'; late: boolean }
  /** `selfieSearch`: the event finds photos by selfie, so a selfie could find what the code did not. */
  | { kind: 'none_found'; selfieSearch: boolean };

export type DeadlineState =
  | { kind: 'not_purchased'; deadline: Deadline | null }
  /** Everything in the album is bought: nothing will be deleted. */
  | { kind: 'all_purchased' }
  | { kind: 'last_chance'; deadline: Deadline }
  | { kind: 'last_call'; deadline: Deadline; discountPercent: number }
  | { kind: 'deleting'; deadline: Deadline }
  | { kind: 'deleted' };

export type HdState =
  | { kind: 'available' }
  /** `from` null: the event gives no date, only "some time after the event". */
  | { kind: 'later'; from: string | null }
  | { kind: 'unavailable' };

export interface AlbumStatus {
  availability: Availability;
  deadline: DeadlineState;
  hd: HdState;
  /** The album has videos and the video rule of VIDEO_ALERT_DATE applies to its deadline. */
  videoAlert: boolean;
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dayEnd = (date: string) => dayStart(date) + DAY_MS;

/** The album's own period: a stay guest's stay dates when the code carries them, else the event's. */
function period(checkin: Checkin) {
  const start = checkin.start_of_stay ?? checkin.event.start_date;
  const end = checkin.end_of_stay ?? checkin.event.end_date;
  return { start, startMs: dayStart(start), endMs: dayEnd(end) };
}

/** The per-album deadline of a loaded check-in (the shared rule in the contract). */
export function deletionDeadline(checkin: Checkin): Deadline | null {
  return sharedDeadline({
    event_id: checkin.event.id,
    event_end_date: checkin.event.end_date,
    media_available_to: checkin.media_available_to,
    last_stay_deletion_date: checkin.last_stay_deletion_date,
  });
}

function availabilityOf(checkin: Checkin, now: number): Availability {
  const summary = checkin.photos_summary;
  if (!checkin.can_see_media) return { kind: 'unavailable', reason: 'hidden' };
  // Purchased media are kept: an album with purchases still shows them after the deletion.
  if (checkin.media_deleted && (summary?.purchased ?? 0) === 0)
    return { kind: 'unavailable', reason: 'deleted' };
  if ((summary?.total ?? 0) > 0) return { kind: 'ready' };
  const { start, startMs, endMs } = period(checkin);
  if (now < startMs)
    return { kind: 'not_started', startDate: start, stay: checkin.event.experience_type === 'stay' };
  if (checkin.face_inference_status === 'pending') return { kind: 'selfie_uploading' };
  if (checkin.face_inference_status === 'processing') return { kind: 'not_processed' };
  if (checkin.event.checkin_mode === 'face-checkin') {
    // issue 10: the album's photos are those the search matched: before it ran they are not
    // processed; once it ran (or failed) without a match there are none, and a new selfie may
    // help (photos uploaded later are matched by themselves)
    if (checkin.face_inference_status === 'not_started') return { kind: 'not_processed' };
    return { kind: 'none_found', selfieSearch: true };
  }
  const late = now >= endMs + PHOTOS_ARRIVING_VARIANT_HOURS * HOUR_MS;
  if (!late) return { kind: 'arriving', late: false };
  if (!checkin.is_tagging_completed) return { kind: 'arriving', late: true };
  return { kind: 'none_found', selfieSearch: false };
}

function deadlineOf(checkin: Checkin, now: number): DeadlineState {
  if (checkin.media_deleted) return { kind: 'deleted' };
  const summary = checkin.photos_summary;
  if (summary && summary.total > 0 && summary.purchased >= summary.total) return { kind: 'all_purchased' };
  const deadline = deletionDeadline(checkin);
  if (!deadline) return { kind: 'not_purchased', deadline: null };
  const phase = deadlinePhase(deadline, now);
  if (phase === 'passed') return { kind: 'deleting', deadline };
  if (phase === 'last_call')
    return { kind: 'last_call', deadline, discountPercent: LAST_CALL_SD_DISCOUNT_PERCENT };
  if (phase === 'last_chance') return { kind: 'last_chance', deadline };
  return { kind: 'not_purchased', deadline };
}

function hdOf(checkin: Checkin, deadline: DeadlineState, now: number): HdState {
  if (deadline.kind === 'last_call' || deadline.kind === 'deleting' || deadline.kind === 'deleted') {
    return { kind: 'unavailable' };
  }
  if (checkin.hd_available_to && now >= Date.parse(checkin.hd_available_to)) return { kind: 'unavailable' };
  if (checkin.hd_serving_type !== 'delayed') return { kind: 'available' };
  const from = checkin.hd_available_from;
  if (from && now >= Date.parse(from)) return { kind: 'available' };
  return { kind: 'later', from };
}

/**
 * The video alert: from VIDEO_ALERT_DATE on, unpurchased videos are deleted at the album's deadline
 * together with the photos. It concerns albums with videos of events that ended on or after that
 * day, while the deadline is near or passing.
 */
function videoAlertOf(checkin: Checkin, deadline: DeadlineState): boolean {
  if ((checkin.photos_summary?.videos ?? 0) === 0) return false;
  if (checkin.event.end_date < VIDEO_ALERT_DATE) return false;
  return deadline.kind === 'last_chance' || deadline.kind === 'last_call' || deadline.kind === 'deleting';
}

export function albumStatus(checkin: Checkin, now: Date = new Date()): AlbumStatus {
  const at = now.getTime();
  const deadline = deadlineOf(checkin, at);
  return {
    availability: availabilityOf(checkin, at),
    deadline,
    hd: hdOf(checkin, deadline, at),
    videoAlert: videoAlertOf(checkin, deadline),
  };
}

/** How often an album that is waiting for its photos asks again (the album screen polls while open). */
export const AWAITING_MEDIA_POLL_MS = 30_000;

/**
 * Whether photos are on their way to this album, so the screen should look again by itself: a
 * participant who opens the album right after the finish sees the photos appear without reloading.
 * Not before the event (nothing can arrive) and not once the photographers have finished tagging.
 */
export function albumAwaitsMedia(checkin: Checkin, now: Date = new Date()): boolean {
  const { kind } = availabilityOf(checkin, now.getTime());
  return kind === 'arriving' || kind === 'selfie_uploading' || kind === 'not_processed';
}
