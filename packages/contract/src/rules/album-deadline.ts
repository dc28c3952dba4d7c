import { EVENT_2511_DELETION_DAYS, EVENT_2511_ID } from '../constants';

/**
 * When an album's unpurchased media go (albums spec §4 "Unpurchased media"), shared by the album
 * screen (warnings) and the cart (the last call's discount).
 *
 * Time: every comparison is between instants. Events have calendar dates only and no time zone,
 * so a date-only field means that whole day in UTC: a deletion date deletes at 24:00 UTC.
 */

const DAY_MS = 86_400_000;

/** The last-chance warning shows from this many days before the deadline. */
export const LAST_CHANCE_DAYS = 14;
/** The last call (SD at a discount, no HD) runs this many days before the deadline. */
export const LAST_CALL_DAYS = 3;

/** What the deadline is decided from: fields of the check-in and its event. */
export interface DeadlineSource {
  event_id: number;
  event_end_date: string;
  media_available_to: string | null;
  last_stay_deletion_date: string | null;
}

/** An instant, and the calendar day when the source was a date. */
export interface Deadline {
  at: string;
  day: string | null;
}

export type DeadlinePhase = 'open' | 'last_chance' | 'last_call' | 'passed';

const dayEnd = (date: string) => Date.parse(`${date}T00:00:00Z`) + DAY_MS;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The per-album deadline: the earlier of media_available_to and the end of last_stay_deletion_date;
 * event 2511 instead deletes at the end of the 60th day after the event.
 */
export function deletionDeadline(source: DeadlineSource): Deadline | null {
  if (source.event_id === EVENT_2511_ID) {
    const day = isoDay(dayEnd(source.event_end_date) - DAY_MS + EVENT_2511_DELETION_DAYS * DAY_MS);
    return { at: new Date(dayEnd(day)).toISOString(), day };
  }
  const candidates: { ms: number; deadline: Deadline }[] = [];
  if (source.media_available_to) {
    const ms = Date.parse(source.media_available_to);
    candidates.push({ ms, deadline: { at: new Date(ms).toISOString(), day: null } });
  }
  if (source.last_stay_deletion_date) {
    const ms = dayEnd(source.last_stay_deletion_date);
    candidates.push({
      ms,
      deadline: { at: new Date(ms).toISOString(), day: source.last_stay_deletion_date },
    });
  }
  candidates.sort((a, b) => a.ms - b.ms);
  return candidates[0]?.deadline ?? null;
}

/** Where `now` stands against a deadline. */
export function deadlinePhase(deadline: Deadline, now: number): DeadlinePhase {
  const left = Date.parse(deadline.at) - now;
  if (left <= 0) return 'passed';
  if (left <= LAST_CALL_DAYS * DAY_MS) return 'last_call';
  if (left <= LAST_CHANCE_DAYS * DAY_MS) return 'last_chance';
  return 'open';
}
