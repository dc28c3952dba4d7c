import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/setup';
// the album's fixture lives with the checkins feature, which loads albums
import { makeCheckin } from '../../checkins/test/fixtures';
import { AlbumMedia } from './album-media';

beforeAll(initTestI18n);
afterEach(cleanup);

const EMPTY = { total: 0, photos: 0, videos: 0, purchased: 0, favourites: 0 };
const event = { ...makeCheckin().event, start_date: '2026-06-01', end_date: '2026-06-01' };

/** The album's media area for an album without photos, at `now`. */
function show(overrides: Partial<Checkin>, now: string) {
  render(
    <MemoryRouter>
      <AlbumMedia checkin={makeCheckin({ photos_summary: EMPTY, event, ...overrides })} now={new Date(now)} />
    </MemoryRouter>,
  );
  return screen.getByRole('status');
}

describe('the availability panel in place of the grid', () => {
  it('gives the start date of an event that has not started, without a countdown', () => {
    const panel = show({}, '2026-05-31T20:00:00Z');
    expect(panel.querySelector('h3')?.textContent).toBe('The event has not started yet');
    expect(panel.textContent).toContain(
      'The event begins on June 1, 2026. Your photos will appear here after that.',
    );
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it("speaks of the guest's stay for a stay", () => {
    const panel = show(
      {
        event: { ...event, experience_type: 'stay' },
        start_of_stay: '2026-06-03',
        end_of_stay: '2026-06-07',
      },
      '2026-06-02T12:00:00Z',
    );
    expect(panel.textContent).toContain('Your stay begins on June 3, 2026.');
  });

  it('says the photos are on their way, and that they are still being sorted after 12 hours', () => {
    expect(show({}, '2026-06-01T09:00:00Z').textContent).toContain('Your photos are on their way');
    cleanup();
    const late = show({ is_tagging_completed: false }, '2026-06-02T12:00:00Z');
    expect(late.textContent).toContain('Your photos are still being sorted');
    expect(late.textContent).toContain('check back later');
  });

  it('follows the selfie search while it uploads and processes', () => {
    expect(show({ face_inference_status: 'pending' }, '2026-06-03T00:00:00Z').textContent).toContain(
      'Your selfie is being uploaded',
    );
    cleanup();
    expect(show({ face_inference_status: 'processing' }, '2026-06-03T00:00:00Z').textContent).toContain(
      'Your photos have not been processed yet',
    );
  });

  it('offers the support contact when no photos were found', () => {
    const panel = show({}, '2026-06-03T00:00:00Z');
    expect(panel.textContent).toContain('No photos found');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/help#contact');
  });

  it('says the photos are unavailable when hidden or deleted, even with photos in the album', () => {
    const full = { ...EMPTY, total: 12, photos: 12 };
    const hidden = show({ photos_summary: full, can_see_media: false }, '2026-06-03T00:00:00Z');
    expect(hidden.textContent).toContain(
      'The organiser does not show the photos of this event at the moment.',
    );
    cleanup();
    const deleted = show({ photos_summary: full, media_deleted: true }, '2026-06-03T00:00:00Z');
    expect(deleted.textContent).toContain('The photos of this event are no longer available.');
    expect(screen.queryByRole('link', { name: 'Contact support' })).toBeNull();
  });
});
