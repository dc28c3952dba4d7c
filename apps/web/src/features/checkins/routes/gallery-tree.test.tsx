import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { here, renderApp } from '../../../test/render-app';
import { fakeAlbum } from '../../album/test/fake-album';
import { setUpCheckinTestServer } from '../test/checkin-test-server';
import { makeCheckin } from '../test/fixtures';

const api = setUpCheckinTestServer({ signedIn: true });
afterEach(cleanup);

beforeEach(() => {
  const album = fakeAlbum();
  const checkin = makeCheckin();
  api.answer = (req) =>
    req.method === 'GET' && req.path.startsWith(`/api/v3/checkins/by-code/${checkin.picacode}/`)
      ? { status: 200, body: checkin }
      : album.handler(req);
});

describe('a gallery link opened on its own (reloaded or shared)', () => {
  it('opens that gallery, loading its album first', async () => {
    const router = renderApp('/checkins/K7M2Q9P/gallery_tree/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Start' }, { timeout: 5000 })).toBeTruthy();
    expect(here(router)).toBe('/checkins/K7M2Q9P/gallery_tree/5');
    expect(api.server.requests.some((r) => r.path.startsWith('/api/v3/checkins/41/gallery_tree/5/'))).toBe(
      true,
    );
  });

  it('goes to the album screen, which says why, when the user has no album with the code', async () => {
    const router = renderApp('/checkins/NOPE1234/gallery_tree/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Album not found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkins/NOPE1234');
  });

  it('goes to the album screen without a gallery id', async () => {
    const router = renderApp('/checkins/K7M2Q9P/gallery_tree');
    await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 });
    expect(here(router)).toBe('/checkins/K7M2Q9P');
  });
});
