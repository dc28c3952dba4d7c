import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeCheckin } from '../../checkins/test/fixtures';
import { setUpSelfieTestServer } from '../test/selfie-test-server';

const api = setUpSelfieTestServer();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const EMPTY = { total: 0, photos: 0, videos: 0, purchased: 0, favourites: 0 };

function faceAlbum(overrides: Partial<Checkin> = {}): Checkin {
  const base = makeCheckin();
  return makeCheckin({
    picacode: 'SELFIE24',
    photos_summary: EMPTY,
    ...overrides,
    event: { ...base.event, checkin_mode: 'face-checkin' },
  });
}

const albumCalls = () =>
  api.server.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v3/checkins/by-code/'))
    .length;

describe('the album of a face-search event', () => {
  it('says the photos are not processed yet while the search runs, then loads again when it is done', async () => {
    let status = 'processing';
    api.answer = (req) => {
      if (req.path.startsWith('/api/v3/checkins/by-code/'))
        return {
          status: 200,
          body: faceAlbum({ face_inference_status: status as Checkin['face_inference_status'] }),
        };
      if (req.path === '/api/v3/checkins/41/face-inference-status/')
        return { status: 200, body: { status, matched_count: null, updated_at: null } };
      if (req.path === '/api/v3/checkins/41/face-review/') return { status: 200, body: { results: [] } };
      return undefined;
    };
    renderApp('/checkins/SELFIE24');
    expect(
      await screen.findByText('Your photos have not been processed yet', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('We are looking for you in the photos of the event…')).toBeTruthy();
    const before = albumCalls();
    status = 'completed';
    // the status is asked again every 2 s; when the search is done the album loads again
    expect(await screen.findByText('No photos found', undefined, { timeout: 6000 })).toBeTruthy();
    expect(albumCalls()).toBeGreaterThan(before);
    expect(screen.queryByText('We are looking for you in the photos of the event…')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/help#contact');
  }, 15_000);

  it('"Is this you?": a banner with the count, each photo with its face framed, yes and no answered', async () => {
    let results = [
      { media_id: 301, thumbnail_url: '/thumbs/301.jpg', face: { x: 0.1, y: 0.2, width: 0.3, height: 0.25 } },
      { media_id: 302, thumbnail_url: '/thumbs/302.jpg', face: null },
    ];
    api.answer = (req) => {
      if (req.path.startsWith('/api/v3/checkins/by-code/'))
        return { status: 200, body: faceAlbum({ face_inference_status: 'completed' }) };
      if (req.path === '/api/v3/checkins/41/face-inference-status/')
        return { status: 200, body: { status: 'completed', matched_count: 0, updated_at: null } };
      if (req.path === '/api/v3/checkins/41/face-review/') return { status: 200, body: { results } };
      const answer = /^\/api\/v3\/checkins\/41\/face-review\/(\d+)\/$/.exec(req.path);
      if (req.method === 'POST' && answer) {
        results = results.filter((r) => r.media_id !== Number(answer[1]));
        return { status: 200, body: { results } };
      }
      return undefined;
    };
    renderApp('/checkins/SELFIE24');
    expect(await screen.findByText('2 photos might show you.', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Is this you?' }));

    const dialog = await screen.findByRole('dialog', { name: 'Is this you?' });
    expect(within(dialog).getByText('2 photos left')).toBeTruthy();
    const photo = within(dialog).getByRole('img', { name: /A photo that might show you/ });
    expect(photo.getAttribute('src')).toBe('/thumbs/301.jpg');
    const box = dialog.querySelector<HTMLElement>('.face-review-box')!;
    expect([box.style.left, box.style.top, box.style.width, box.style.height]).toEqual([
      '10%',
      '20%',
      '30%',
      '25%',
    ]);
    const before = albumCalls();
    fireEvent.click(within(dialog).getByRole('button', { name: "Yes, that's me" }));

    expect(await within(dialog).findByText('1 photo left')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('img', { name: /A photo that might show you/ })
        .getAttribute('src'),
    ).toBe('/thumbs/302.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, not me' }));

    // the last answer closes the review; a "yes" added a photo, so the album loads again
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(albumCalls()).toBeGreaterThan(before));
    const posted = api.server.requests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => [r.path, JSON.parse(r.body)])).toEqual([
      ['/api/v3/checkins/41/face-review/301/', { is_me: true }],
      ['/api/v3/checkins/41/face-review/302/', { is_me: false }],
    ]);
    expect(screen.queryByText(/might show you/)).toBeNull();
  });
});
