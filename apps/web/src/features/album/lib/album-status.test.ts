import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { describe, expect, it } from 'vitest';
// the album's fixture lives with the checkins feature, which loads albums
import { makeCheckin } from '../../checkins/test/fixtures';
import { albumStatus, deletionDeadline } from './album-status';

const EMPTY = { total: 0, photos: 0, videos: 0, purchased: 0, favourites: 0 };
const FULL = { total: 40, photos: 36, videos: 4, purchased: 0, favourites: 0 };
const at = (iso: string) => new Date(iso);
const MS = 1;

/** A one-day event on 10 May 2026 (00:00–24:00 UTC) with no photos in the album yet. */
function emptyAlbum(overrides: Partial<Checkin> = {}): Checkin {
  const base = makeCheckin({ photos_summary: EMPTY });
  return makeCheckin({
    photos_summary: EMPTY,
    event: { ...base.event, start_date: '2026-05-10', end_date: '2026-05-10' },
    ...overrides,
  });
}
const availability = (checkin: Checkin, now: string) => albumStatus(checkin, at(now)).availability;
const deadline = (checkin: Checkin, now: string) => albumStatus(checkin, at(now)).deadline;

describe('event and photo availability', () => {
  it('shows the media as soon as the album has any', () => {
    expect(availability(makeCheckin({ photos_summary: FULL }), '2026-05-01T00:00:00Z')).toEqual({
      kind: 'ready',
    });
  });

  it('says the event has not started until 00:00 UTC of its start date', () => {
    const album = emptyAlbum();
    expect(availability(album, '2026-05-09T23:59:59.999Z')).toEqual({
      kind: 'not_started',
      startDate: '2026-05-10',
      stay: false,
    });
    // the same instant written in another zone is the same instant
    expect(availability(album, '2026-05-10T01:59:59.999+02:00').kind).toBe('not_started');
    expect(availability(album, '2026-05-10T00:00:00Z')).toEqual({ kind: 'arriving', late: false });
  });

  it("uses a stay guest's own stay dates, and says it is a stay", () => {
    const base = makeCheckin();
    const album = emptyAlbum({
      event: { ...base.event, experience_type: 'stay', start_date: '2026-05-01', end_date: '2026-05-31' },
      start_of_stay: '2026-05-20',
      end_of_stay: '2026-05-24',
    });
    expect(availability(album, '2026-05-15T12:00:00Z')).toEqual({
      kind: 'not_started',
      startDate: '2026-05-20',
      stay: true,
    });
    expect(availability(album, '2026-05-25T11:59:59Z')).toEqual({ kind: 'arriving', late: false });
  });

  it('has photos arriving until 12 hours after the end, then the late variant while sorting goes on', () => {
    const sorting = emptyAlbum({ is_tagging_completed: false });
    // the event ends at 24:00 UTC on 10 May; 12 hours later is 12:00 UTC on 11 May
    expect(availability(sorting, '2026-05-11T11:59:59.999Z')).toEqual({ kind: 'arriving', late: false });
    expect(availability(sorting, '2026-05-11T12:00:00Z')).toEqual({ kind: 'arriving', late: true });
    expect(availability(sorting, '2026-06-30T00:00:00Z')).toEqual({ kind: 'arriving', late: true });
  });

  it('finds no photos once sorting is done and the 12 hours are over, offering selfie search on face events', () => {
    const album = emptyAlbum();
    expect(availability(album, '2026-05-11T11:59:59.999Z').kind).toBe('arriving');
    expect(availability(album, '2026-05-11T12:00:00Z')).toEqual({ kind: 'none_found', selfieSearch: false });
    const face = emptyAlbum({
      event: { ...emptyAlbum().event, checkin_mode: 'face-checkin' },
      face_inference_status: 'completed',
    });
    expect(availability(face, '2026-05-12T00:00:00Z')).toEqual({ kind: 'none_found', selfieSearch: true });
  });

  it('in a face-search event: not yet processed before the search, none found at once after it (issue 10)', () => {
    const event = { ...emptyAlbum().event, checkin_mode: 'face-checkin' as const };
    // during the event, when a code-only album would still say "on their way"
    const now = '2026-05-10T15:00:00Z';
    expect(availability(emptyAlbum({ event, face_inference_status: 'not_started' }), now)).toEqual({
      kind: 'not_processed',
    });
    expect(availability(emptyAlbum({ event, face_inference_status: 'completed' }), now)).toEqual({
      kind: 'none_found',
      selfieSearch: true,
    });
  });

  it('follows the face search: selfie uploading while pending, not yet processed while processing', () => {
    const now = '2026-05-12T00:00:00Z';
    expect(availability(emptyAlbum({ face_inference_status: 'pending' }), now)).toEqual({
      kind: 'selfie_uploading',
    });
    expect(availability(emptyAlbum({ face_inference_status: 'processing' }), now)).toEqual({
      kind: 'not_processed',
    });
    expect(availability(emptyAlbum({ face_inference_status: 'completed' }), now).kind).toBe('none_found');
    expect(availability(emptyAlbum({ face_inference_status: 'failed' }), now).kind).toBe('none_found');
    // before the event nothing can have been processed yet
    expect(availability(emptyAlbum({ face_inference_status: 'pending' }), '2026-05-01T00:00:00Z').kind).toBe(
      'not_started',
    );
  });

  it('is unavailable when the event hides its media or they were deleted, whatever the dates', () => {
    const hidden = makeCheckin({ photos_summary: FULL, can_see_media: false });
    expect(availability(hidden, '2026-05-12T00:00:00Z')).toEqual({ kind: 'unavailable', reason: 'hidden' });
    const deleted = makeCheckin({ photos_summary: FULL, media_deleted: true });
    expect(availability(deleted, '2026-05-12T00:00:00Z')).toEqual({ kind: 'unavailable', reason: 'deleted' });
    expect(availability(emptyAlbum({ media_deleted: true }), '2026-05-01T00:00:00Z').kind).toBe(
      'unavailable',
    );
  });

  it('keeps showing purchased media after the unpurchased ones were deleted', () => {
    const album = makeCheckin({ photos_summary: { ...FULL, purchased: 3 }, media_deleted: true });
    expect(albumStatus(album, at('2026-09-01T00:00:00Z'))).toMatchObject({
      availability: { kind: 'ready' },
      deadline: { kind: 'deleted' },
    });
  });
});

describe('unpurchased media', () => {
  const DEADLINE = '2026-06-30T10:00:00Z';
  const album = makeCheckin({ photos_summary: FULL, media_available_to: DEADLINE });
  const before = (ms: number) => new Date(Date.parse(DEADLINE) - ms).toISOString();
  const DAY = 86_400_000;
  const expected = { at: '2026-06-30T10:00:00.000Z', day: null };

  it('is simply not purchased without a deadline, or while the deadline is more than 14 days away', () => {
    expect(deadline(makeCheckin({ photos_summary: FULL }), '2026-05-12T00:00:00Z')).toEqual({
      kind: 'not_purchased',
      deadline: null,
    });
    expect(deadline(album, before(14 * DAY + MS))).toEqual({ kind: 'not_purchased', deadline: expected });
  });

  it('warns of the last chance from 14 days before, and calls the last call from 3 days before', () => {
    expect(deadline(album, before(14 * DAY))).toEqual({ kind: 'last_chance', deadline: expected });
    expect(deadline(album, before(3 * DAY + MS))).toEqual({ kind: 'last_chance', deadline: expected });
    expect(deadline(album, before(3 * DAY))).toEqual({
      kind: 'last_call',
      deadline: expected,
      discountPercent: 50,
    });
    expect(deadline(album, before(MS)).kind).toBe('last_call');
  });

  it('is deleting from the deadline on until the media are marked deleted', () => {
    expect(deadline(album, DEADLINE)).toEqual({ kind: 'deleting', deadline: expected });
    expect(deadline(album, '2027-01-01T00:00:00Z').kind).toBe('deleting');
    expect(deadline({ ...album, media_deleted: true }, '2027-01-01T00:00:00Z')).toEqual({ kind: 'deleted' });
  });

  it('says nothing about deletion when everything in the album is bought', () => {
    const bought = { ...album, photos_summary: { ...FULL, purchased: FULL.total } };
    expect(deadline(bought, before(DAY))).toEqual({ kind: 'all_purchased' });
  });

  it('takes a stay deletion date as the end of that day in UTC, and the earlier of two deadlines', () => {
    const stay = makeCheckin({ photos_summary: FULL, last_stay_deletion_date: '2026-06-30' });
    expect(deletionDeadline(stay)).toEqual({ at: '2026-07-01T00:00:00.000Z', day: '2026-06-30' });
    expect(deadline(stay, '2026-06-30T23:59:59.999Z').kind).toBe('last_call');
    expect(deadline(stay, '2026-07-01T00:00:00Z').kind).toBe('deleting');
    // 23:30 in New York on 30 June is already 1 July in UTC: the deadline has passed
    expect(deadline(stay, '2026-06-30T23:30:00-04:00').kind).toBe('deleting');
    expect(deletionDeadline({ ...stay, media_available_to: '2026-06-29T18:00:00+02:00' })).toEqual({
      at: '2026-06-29T16:00:00.000Z',
      day: null,
    });
    expect(deletionDeadline({ ...stay, media_available_to: '2026-08-01T00:00:00Z' })?.day).toBe('2026-06-30');
  });

  it('deletes the photos of event 2511 at the end of the 60th day after the event', () => {
    const event = { ...makeCheckin().event, id: 2511, end_date: '2026-05-11' };
    const album2511 = makeCheckin({ event, media_available_to: '2027-01-01T00:00:00Z' });
    expect(deletionDeadline(album2511)).toEqual({ at: '2026-07-11T00:00:00.000Z', day: '2026-07-10' });
  });
});

describe('HD and the video alert', () => {
  const hd = (checkin: Checkin, now: string) => albumStatus(checkin, at(now)).hd;

  it('offers HD from hd_available_from when HD is delayed, and at once otherwise', () => {
    const delayed = makeCheckin({ hd_serving_type: 'delayed', hd_available_from: '2026-05-20T08:00:00Z' });
    expect(hd(delayed, '2026-05-20T07:59:59.999Z')).toEqual({ kind: 'later', from: '2026-05-20T08:00:00Z' });
    expect(hd(delayed, '2026-05-20T08:00:00Z')).toEqual({ kind: 'available' });
    expect(hd({ ...delayed, hd_available_from: null }, '2030-01-01T00:00:00Z')).toEqual({
      kind: 'later',
      from: null,
    });
    expect(hd(makeCheckin({ hd_available_from: '2026-05-20T08:00:00Z' }), '2026-05-12T00:00:00Z').kind).toBe(
      'available',
    );
  });

  it('has no HD after hd_available_to, nor in the last call', () => {
    const album = makeCheckin({ hd_available_to: '2026-06-01T00:00:00Z' });
    expect(hd(album, '2026-05-31T23:59:59.999Z').kind).toBe('available');
    expect(hd(album, '2026-06-01T00:00:00Z').kind).toBe('unavailable');
    const lastCall = makeCheckin({ photos_summary: FULL, media_available_to: '2026-06-30T00:00:00Z' });
    expect(hd(lastCall, '2026-06-29T00:00:00Z').kind).toBe('unavailable');
  });

  it('alerts about videos only for albums with videos of events from 4 July 2025, near the deadline', () => {
    const event = { ...makeCheckin().event, start_date: '2025-07-04', end_date: '2025-07-04' };
    const album = makeCheckin({ event, photos_summary: FULL, media_available_to: '2025-09-01T00:00:00Z' });
    const alert = (checkin: Checkin, now: string) => albumStatus(checkin, at(now)).videoAlert;
    expect(alert(album, '2025-08-30T00:00:00Z')).toBe(true);
    expect(alert(album, '2025-09-02T00:00:00Z')).toBe(true);
    // far from the deadline, without videos, or for an event before that day: no alert
    expect(alert(album, '2025-07-05T00:00:00Z')).toBe(false);
    expect(alert({ ...album, photos_summary: { ...FULL, videos: 0 } }, '2025-08-30T00:00:00Z')).toBe(false);
    const older = { ...album, event: { ...event, start_date: '2025-07-03', end_date: '2025-07-03' } };
    expect(alert(older, '2025-08-30T00:00:00Z')).toBe(false);
  });
});
