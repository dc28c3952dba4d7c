import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/setup';
// the album's fixture lives with the checkins feature, which loads albums
import { makeCheckin } from '../../checkins/test/fixtures';
import { albumStatus } from '../lib/album-status';
import { AlbumStatusBanner } from './album-status-banner';

beforeAll(initTestI18n);
afterEach(cleanup);

const FULL = { total: 40, photos: 36, videos: 4, purchased: 0, favourites: 0 };
// noon UTC: the same calendar day wherever the test runs
const DEADLINE = '2026-06-30T12:00:00Z';

function show(overrides: Partial<Checkin>, now: string) {
  const checkin = makeCheckin({ photos_summary: FULL, media_available_to: DEADLINE, ...overrides });
  const { container } = render(
    <AlbumStatusBanner status={albumStatus(checkin, new Date(now))} showPrices={checkin.show_prices} />,
  );
  return container;
}

describe('the deadline banner above the media', () => {
  it('says nothing while the deadline is far', () => {
    expect(show({}, '2026-05-01T00:00:00Z').textContent).toBe('');
  });

  it('warns of the last chance with the date, and can be hidden for this visit', () => {
    show({}, '2026-06-20T00:00:00Z');
    const warning = screen.getByRole('status');
    expect(warning.textContent).toContain('Last chance to buy your photos');
    expect(warning.textContent).toMatch(/Photos you have not bought are deleted after June 30, 2026/);
    expect(warning.textContent).toContain('Photos you buy are kept.');
    fireEvent.click(screen.getByRole('button', { name: 'Hide this notice' }));
    expect(screen.queryByText('Last chance to buy your photos')).toBeNull();
  });

  it('makes the last call an alert that cannot be hidden: date, SD at 50% off, no HD', () => {
    show({}, '2026-06-28T00:00:00Z');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(
      /Last call: photos you have not bought are deleted after June 30, 2026/,
    );
    expect(alert.textContent).toContain(
      'Until then SD photos are 50% off, and HD photos are no longer available.',
    );
    expect(screen.queryByRole('button', { name: 'Hide this notice' })).toBeNull();
  });

  it('leaves the discount out of the last call when the event hides prices', () => {
    show({ show_prices: false }, '2026-06-28T00:00:00Z');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toContain('%');
    expect(alert.textContent).toContain('HD photos are no longer available.');
  });

  it('shows a stay deletion date as that calendar day', () => {
    show({ media_available_to: null, last_stay_deletion_date: '2026-07-02' }, '2026-07-01T00:00:00Z');
    expect(screen.getByRole('alert').textContent).toContain('deleted after July 2, 2026');
  });

  it('tells that unpurchased photos are being deleted, then that they were deleted', () => {
    show({}, '2026-07-01T00:00:00Z');
    expect(screen.getByRole('status').textContent).toContain('Unpurchased photos are being deleted');
    cleanup();
    show({ media_deleted: true, photos_summary: { ...FULL, purchased: 2 } }, '2026-07-10T00:00:00Z');
    expect(screen.getByRole('status').textContent).toContain(
      'Unpurchased photos have been deletedThe photos you bought are kept in this album.',
    );
  });

  it('adds the video alert to albums with videos near the deadline', () => {
    show({}, '2026-06-28T00:00:00Z');
    expect(screen.getByRole('alert').textContent).toContain(
      'This includes videos: since July 4, 2025, videos you have not bought are deleted together with the photos.',
    );
    cleanup();
    show({ photos_summary: { ...FULL, videos: 0 } }, '2026-06-28T00:00:00Z');
    expect(screen.getByRole('alert').textContent).not.toContain('videos');
  });

  it('says from when HD downloads come when HD is delayed', () => {
    const later = show(
      { media_available_to: null, hd_serving_type: 'delayed', hd_available_from: '2026-05-20T12:00:00Z' },
      '2026-05-12T00:00:00Z',
    );
    expect(later.textContent).toMatch(/^HD downloads are available from May 20, 2026/);
    cleanup();
    const noDate = show({ media_available_to: null, hd_serving_type: 'delayed' }, '2026-05-12T00:00:00Z');
    expect(noDate.textContent).toBe('HD downloads become available some time after the event.');
  });
});
