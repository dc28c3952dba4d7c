import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';
import type { RecordedRequest } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { albumLink } from '../components/qr-code-dialog';
import { PENDING_STEP_KEY } from '../steps/pending-step';
import { type Answer, setUpCheckinTestServer } from '../test/checkin-test-server';
import { makeCheckin, makeStep } from '../test/fixtures';

const api = setUpCheckinTestServer({ signedIn: true });
afterEach(() => {
  cleanup();
  // the QR dialog test replaces navigator: a failed assertion must not leave it replaced
  vi.unstubAllGlobals();
});

function serveAlbum(checkin = makeCheckin()) {
  return (req: RecordedRequest): Answer =>
    req.method === 'GET' && req.path.startsWith(`/api/v3/checkins/by-code/${checkin.picacode}/`)
      ? { status: 200, body: checkin }
      : undefined;
}

const openAlbum = async (path = '/checkins/K7M2Q9P', name = 'Alpine Marathon 2026') => {
  const router = renderApp(path);
  await screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
  return router;
};

describe('the album screen', () => {
  it('looks again every 30 s while the photos are on their way, and shows them when they come', async () => {
    // the last day of the event (May 10–11, 2026), before the photographers have uploaded
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-05-11T18:00:00Z') });
    try {
      let total = 0;
      api.answer = (req) =>
        req.method === 'GET' && req.path.startsWith('/api/v3/checkins/by-code/K7M2Q9P/')
          ? {
              status: 200,
              body: makeCheckin({
                photos_summary: { total, photos: total, videos: 0, purchased: 0, favourites: 0 },
              }),
            }
          : undefined;
      await openAlbum();
      expect(screen.getByText('Your photos are on their way')).toBeTruthy();
      const asked = () =>
        api.server.requests.filter((r) => r.path.startsWith('/api/v3/checkins/by-code/')).length;
      const before = asked();
      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(asked()).toBe(before);

      total = 3;
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      const media = screen.getByRole('region', { name: 'Photos and videos' });
      expect(
        await within(media).findByRole('tablist', { name: 'Photo lists' }, { timeout: 5000 }),
      ).toBeTruthy();
      expect(screen.queryByText('Your photos are on their way')).toBeNull();
      expect(asked()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the event, its dates, the album code and the photo tabs', async () => {
    api.answer = serveAlbum();
    await openAlbum('/checkins/k7m2q9p');
    expect(screen.getByText('Alpine Photo')).toBeTruthy();
    expect(screen.getByText('May 10 – 11, 2026')).toBeTruthy();
    expect(screen.getByText('K7M2Q9P')).toBeTruthy();
    const media = screen.getByRole('region', { name: 'Photos and videos' });
    expect(await within(media).findByRole('tablist', { name: 'Photo lists' })).toBeTruthy();
  });

  it('says when the event has not started, and when no photos were found (with the support contact)', async () => {
    api.answer = serveAlbum(
      makeCheckin({
        photos_summary: { total: 0, photos: 0, videos: 0, purchased: 0, favourites: 0 },
        event: { ...makeCheckin().event, start_date: '2999-06-01', end_date: '2999-06-02' },
      }),
    );
    await openAlbum();
    expect(screen.getByText('The event has not started yet')).toBeTruthy();
    expect(
      screen.getByText('The event begins on June 1, 2999. Your photos will appear here after that.'),
    ).toBeTruthy();
    cleanup();

    api.answer = serveAlbum(
      makeCheckin({
        picacode: 'EMPTY001',
        photos_summary: { total: 0, photos: 0, videos: 0, purchased: 0, favourites: 0 },
      }),
    );
    await openAlbum('/checkins/EMPTY001');
    expect(screen.getByText('No photos found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/help#contact');
  });

  it('shows the code in large letters with the zero / letter O tip, and a QR code of the album link', async () => {
    api.answer = serveAlbum();
    await openAlbum();
    fireEvent.click(screen.getByRole('button', { name: 'Show code' }));
    const codeDialog = screen.getByRole('dialog', { name: 'Your album code' });
    expect(within(codeDialog).getByText('K7M2Q9P')).toBeTruthy();
    expect(
      within(codeDialog).getByText(
        'Look closely at round characters: the digit zero (0) and the letter O are different.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(codeDialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    fireEvent.click(screen.getByRole('button', { name: 'QR code' }));
    const qrDialog = screen.getByRole('dialog', { name: 'QR code of the album' });
    const qr = await within(qrDialog).findByRole('img', { name: 'QR code of the album K7M2Q9P' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(qrDialog).getByText(`${window.location.origin}/checkins?picacode=K7M2Q9P`)).toBeTruthy();
    expect(albumLink('K7M2Q9P', 'https://fotodrop.example')).toBe(
      'https://fotodrop.example/checkins?picacode=K7M2Q9P',
    );
    expect(
      within(qrDialog).getByRole('link', { name: 'Download the QR code' }).getAttribute('download'),
    ).toBe('album-K7M2Q9P.svg');

    // "Share with a friend" without a share sheet: the link is copied, and the share counted
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    localStorage.removeItem(STORAGE_KEYS.metricQueue);
    fireEvent.click(within(qrDialog).getByRole('button', { name: 'Share with a friend' }));
    expect(await within(qrDialog).findByText('Link copied: send it to your friend.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/checkins?picacode=K7M2Q9P`);
    const queued = JSON.parse(localStorage.getItem(STORAGE_KEYS.metricQueue) ?? '[]') as { type: string }[];
    expect(queued.filter((m) => m.type === 'share_with_friend_created')).toHaveLength(1);
  });

  it('removes the album after the confirmation and goes back to the list with a notice', async () => {
    const album = serveAlbum();
    api.answer = (req) =>
      req.method === 'DELETE' && req.path === '/api/v2/checkins/41/'
        ? { status: 200, body: { detail: 'Removed.' } }
        : album(req);
    const router = await openAlbum();
    fireEvent.click(screen.getByRole('button', { name: 'Remove album' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this album?' });
    expect(
      within(dialog).getByText(
        'Your biometric data for this album (selfies and face search data) are deleted as well. This cannot be undone.',
      ),
    ).toBeTruthy();
    // the safe choice has the focus
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove album' }));

    expect(
      await screen.findByText(
        'The album K7M2Q9P has been removed, together with its biometric data.',
        {},
        // the album list's chunk loads first: slow on a busy machine
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkins');
    const removal = api.server.requests.findIndex((r) => r.method === 'DELETE');
    expect(api.server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    // the list starts again from page 1, and the removed code is not submitted again
    await vi.waitFor(() =>
      expect(
        api.server.requests.slice(removal).some((r) => r.path === '/api/v3/checkins/?page=1&page_size=12'),
      ).toBe(true),
    );
    expect(api.server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  }, 20_000);

  it('keeps the album while photos of it are in the cart (400 album_in_cart)', async () => {
    const album = serveAlbum();
    api.answer = (req) =>
      req.method === 'DELETE'
        ? {
            status: 400,
            body: { code: 'album_in_cart', message: 'Photos of this album are in the cart.' },
          }
        : album(req);
    const router = await openAlbum();
    fireEvent.click(screen.getByRole('button', { name: 'Remove album' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this album?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove album' }));
    expect(
      await within(dialog).findByText(
        'This album cannot be removed while photos from it are in your cart. Remove them from the cart first.',
      ),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkins/K7M2Q9P');
  });

  it('says so when the user has no album with the code', async () => {
    renderApp('/checkins/NOPE1234');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Album not found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my albums' }).getAttribute('href')).toBe('/checkins');
  });
});

describe('/complete-checkin', () => {
  it('stores the token of the link, completes the stored step and opens the album', async () => {
    useAppStore.getState().logout();
    sessionStorage.setItem(PENDING_STEP_KEY, JSON.stringify(makeStep({ id: 77, complete_token: 'ct-77' })));
    const album = serveAlbum();
    api.answer = (req) =>
      req.path === '/api/v2/complete-checkin/77/' ? { status: 200, body: makeCheckin() } : album(req);
    const router = await openAlbum('/complete-checkin?t=link-token');
    expect(here(router)).toBe('/checkins/K7M2Q9P');
    expect(useAppStore.getState().token).toBe('link-token');
    const post = api.server.requests.find((r) => r.path === '/api/v2/complete-checkin/77/')!;
    expect(post.headers.authorization).toBe('Token link-token');
    expect(JSON.parse(post.body)).toEqual({ platform: 'site', complete_token: 'ct-77' });
    expect(sessionStorage.getItem(PENDING_STEP_KEY)).toBeNull();
  });

  it('takes id and complete_token from the link, and opens the modal of a further step', async () => {
    api.answer = (req) =>
      req.path === '/api/v2/complete-checkin/5/'
        ? { status: 303, body: makeStep({ id: 5, checkin_step: 'face_recognition', privacy: null }) }
        : undefined;
    renderApp('/complete-checkin?id=5&complete_token=abc');
    expect(
      await screen.findByRole('dialog', { name: 'Find your photos with a selfie' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(JSON.parse(api.server.requests.find((r) => r.method === 'POST')!.body).complete_token).toBe('abc');
  });

  it('goes to the check-in error screen when there is nothing to complete or completing fails', async () => {
    const router = renderApp('/complete-checkin');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'We could not open this album' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkin-error');
  });

  it('sends a logged-out visitor without a token to the login first', async () => {
    useAppStore.getState().logout();
    const router = renderApp('/complete-checkin?id=5&complete_token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 5000 })).toBeTruthy();
    expect(here(router)).toBe('/login?next=%2Fcomplete-checkin%3Fid%3D5%26complete_token%3Dabc');
  });
});
