import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { leaveSite } from '../../../shared/utils/leave-site';
import { here, renderApp } from '../../../test/render-app';
import { makeMediaList } from '../../album/test/fake-album';
import { startLinkedAlbum, takeEarlyUser, takeLinkedCheckin } from '../api/early-album';
import { PREVIEW_STORAGE_KEYS } from '../api/preview';
import { setUpCheckinTestServer } from '../test/checkin-test-server';
import { makeCheckin, makePreview } from '../test/fixtures';

const api = setUpCheckinTestServer({ signedIn: false });
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const previewCall = () => api.server.requests.find((r) => r.path.startsWith('/api/v2/photos-preview/'));

describe('/preview', () => {
  it('shows a visitor the preview and keeps what the check-in needs', async () => {
    api.answer = (req) =>
      req.path.startsWith('/api/v2/photos-preview/')
        ? {
            status: 200,
            body: makePreview({
              pica_service_id: 2394,
              disable_social_login: true,
              experience_type: 'stay',
              start_of_stay: '2026-07-01',
              end_of_stay: '2026-07-08',
              campaign_code: 'SUMMER',
              campaign_expires_at: '2030-01-01T00:00:00Z',
            }),
          }
        : undefined;
    renderApp('/preview?ep=E1&ps=S9&redirect=%2Fprofile%2Fresume');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(previewCall()!.path).toBe('/api/v2/photos-preview/?ep=E1&ps=S9');
    expect(screen.getByText('Holiday stay')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Preview of the photos' })).getAllByRole('img'),
    ).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe(
      '/signup?next=%2Fcheckins%3Fpicacode%3DK7M2Q9P',
    );
    const { preview, campaign } = useAppStore.getState();
    expect(preview).toEqual({
      isPreviewCheckin: true,
      autoCheckinPicacode: 'K7M2Q9P',
      source: 'newsletter',
      tags: ['spring'],
      marketingCheck: true,
      disableSocialLogin: true,
      stay: { start: '2026-07-01', end: '2026-07-08' },
      redirect: '/profile/resume',
    });
    expect(campaign).toEqual({ campaign_code: 'SUMMER', campaign_expires_at: '2030-01-01T00:00:00Z' });
  });

  it('asks for the preview once, and loads the first screen of photos at once (issue 20)', async () => {
    const photos = [1, 2, 3, 4, 5, 6].map((id) => ({ id, thumbnail_url: `https://cdn.example/${id}.jpg` }));
    api.answer = (req) =>
      req.path.startsWith('/api/v2/photos-preview/')
        ? { status: 200, body: makePreview({ photos }) }
        : undefined;
    renderApp('/preview?picacode=K7M2Q9P');
    const list = await screen.findByRole('list', { name: 'Preview of the photos' }, { timeout: 5000 });
    const images = within(list).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high');
    // their downloads started as the answer arrived, before the screen rendered them
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual(
      photos.slice(0, 4).map((p) => p.thumbnail_url),
    );
    expect(api.server.requests.filter((r) => r.path.startsWith('/api/v2/photos-preview/'))).toHaveLength(1);
  });

  const firstPage = {
    results: makeMediaList(3),
    pagination: { total: 3, num_pages: 1, page_size: 40, page_number: 1 },
  };
  const album = { ...makeCheckin(), first_page: firstPage };
  const createCall = () => api.server.requests.find((r) => r.path.startsWith('/api/v2/checkins/'));
  const byCodeCalls = () => api.server.requests.filter((r) => r.path.startsWith('/api/v3/checkins/by-code/'));

  it("opens a logged-in user's album with one call after the preview, its photos from that answer (issue 20)", async () => {
    useAppStore.getState().setAuth('k1');
    api.answer = (req) => {
      if (req.path.startsWith('/api/v2/photos-preview/')) return { status: 200, body: makePreview() };
      if (req.path === '/api/v2/checkins/?include_album=true')
        return { status: 201, body: { ...makeCheckin(), album } };
      return undefined;
    };
    const router = renderApp('/preview?picacode=k7m2q9p');
    await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 });
    expect(here(router)).toBe('/checkins/K7M2Q9P');
    expect(await screen.findByAltText('Photo 1 of 3')).toBeTruthy();
    expect(JSON.parse(createCall()!.body)).toEqual({
      picacode: 'K7M2Q9P',
      platform: 'site',
      source: 'newsletter',
      tags: ['spring'],
    });
    // the album and its first page came with the check-in: not asked for again
    expect(byCodeCalls()).toHaveLength(0);
    expect(api.server.requests.filter((r) => r.path.startsWith('/api/v2/checkins/'))).toHaveLength(1);
    expect(api.server.requests.some((r) => r.path.includes('/gallery_tree/0/media/'))).toBe(false);
    // the code is used: the album list does not submit it again
    expect(useAppStore.getState().preview?.autoCheckinPicacode).toBeNull();
  });

  it('opens the album a logged-in user already has (a second tap) from the same one call', async () => {
    useAppStore.getState().setAuth('k1');
    api.answer = (req) => {
      if (req.path.startsWith('/api/v2/photos-preview/')) return { status: 200, body: makePreview() };
      if (req.path === '/api/v2/checkins/?include_album=true')
        return {
          status: 400,
          body: {
            code: 'checkin_exists_for_user',
            message: 'You already have this album.',
            data: { picacode: 'K7M2Q9P', album },
          },
        };
      return undefined;
    };
    const router = renderApp('/preview?picacode=k7m2q9p');
    await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 });
    expect(here(router)).toBe('/checkins/K7M2Q9P');
    expect(await screen.findByAltText('Photo 1 of 3')).toBeTruthy();
    expect(byCodeCalls()).toHaveLength(0);
  });

  it('sends a logged-in user to the albums, where the code opens, when the answer brings no album', async () => {
    useAppStore.getState().setAuth('k1');
    api.answer = (req) => {
      if (req.path.startsWith('/api/v2/photos-preview/')) return { status: 200, body: makePreview() };
      if (req.path.startsWith('/api/v2/checkins/')) return { status: 201, body: makeCheckin() };
      if (req.path.startsWith('/api/v3/checkins/by-code/')) return { status: 200, body: makeCheckin() };
      return undefined;
    };
    const router = renderApp('/preview?picacode=k7m2q9p');
    await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 });
    await vi.waitFor(() => expect(here(router)).toBe('/checkins/K7M2Q9P'));
    expect(byCodeCalls()).toHaveLength(1);
  });

  it('logs a partner app in with its access token, then goes to the albums', async () => {
    api.answer = (req) => {
      if (req.path.startsWith('/api/v2/photos-preview/'))
        return { status: 200, body: makePreview({ picacode: null }) };
      if (req.path === '/api/accounts/ibi/convert-token/')
        return { status: 200, body: { access_token: 'partner-key', token_type: 'Bearer' } };
      return undefined;
    };
    const router = renderApp('/preview?pc=P1&pica_service=7&accessToken=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My albums' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkins');
    expect(previewCall()!.path).toBe('/api/v2/photos-preview/?pc=P1&pica_service=7');
    expect(
      JSON.parse(api.server.requests.find((r) => r.path === '/api/accounts/ibi/convert-token/')!.body),
    ).toEqual({
      access_token: 'abc',
    });
    expect(useAppStore.getState()).toMatchObject({ token: 'partner-key', tokenType: 'Bearer' });
    expect(localStorage.getItem(PREVIEW_STORAGE_KEYS.cookieConsent)).toBe('all');
    expect(sessionStorage.getItem(PREVIEW_STORAGE_KEYS.environment)).toBe('webview');
  });

  it('goes home when the partner token is refused', async () => {
    api.answer = (req) => {
      if (req.path.startsWith('/api/v2/photos-preview/')) return { status: 200, body: makePreview() };
      if (req.path === '/api/accounts/ibi/convert-token/')
        return { status: 400, body: { code: 'invalid_external_token', message: 'Bad token.' } };
      return undefined;
    };
    const router = renderApp('/preview?picacode=K7M2Q9P&accessToken=bad');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your event photos, found in seconds' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(here(router)).toBe('/');
    expect(useAppStore.getState().token).toBeNull();
  });

  it('follows the sso_url of the answer', async () => {
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    api.answer = (req) =>
      req.path.startsWith('/api/v2/photos-preview/')
        ? { status: 200, body: makePreview({ sso_url: 'https://sso.example/login?r=1' }) }
        : undefined;
    renderApp('/preview?picacode=K7M2Q9P');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example/login?r=1'), {
      timeout: 5000,
    });
  });

  it('shows a visitor the home page, without asking to log in, when the link holds no code', async () => {
    for (const link of ['/preview', '/preview?ep=E1']) {
      const router = renderApp(link);
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Your event photos, found in seconds' },
          { timeout: 5000 },
        ),
      ).toBeTruthy();
      expect(here(router)).toBe('/');
      expect(screen.queryByRole('heading', { level: 1, name: 'Log in' })).toBeNull();
      cleanup();
    }
    expect(previewCall()).toBeUndefined();
  });

  it("keeps a campaign link's campaign for the checkout, though it names no album (issue 19)", async () => {
    const router = renderApp(
      '/preview?campaign_code=SPRING25&campaign_expires_at=2099-04-30T22%3A00%3A00.000Z',
    );
    await vi.waitFor(() => expect(here(router)).toBe('/'), { timeout: 5000 });
    expect(useAppStore.getState().campaign).toEqual({
      campaign_code: 'SPRING25',
      campaign_expires_at: '2099-04-30T22:00:00.000Z',
    });
    expect(previewCall()).toBeUndefined();
  });

  it('tells a visitor stopped by the album-code limit how long to wait, without a login or a retry', async () => {
    api.answer = (req) =>
      req.path.startsWith('/api/v2/photos-preview/')
        ? {
            status: 429,
            headers: { 'Retry-After': '1800' },
            body: {
              code: 'too_many_attempts',
              message: 'Too many attempts. Please wait 30 minute(s) and try again.',
              data: { retry_after_seconds: 1800 },
            },
          }
        : undefined;
    const router = renderApp('/preview?picacode=K7M2Q9P');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('Too many attempts. Please wait 30 minutes and try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'We could not open this album' })).toBeTruthy();
    expect(here(router)).toBe('/preview?picacode=K7M2Q9P');
    expect(api.server.requests.filter((r) => r.path.startsWith('/api/v2/photos-preview/'))).toHaveLength(1);
  });

  it('goes to the check-in error screen when the preview cannot be loaded', async () => {
    useAppStore.getState().setAuth('k1');
    api.answer = (req) =>
      req.path.startsWith('/api/v2/photos-preview/')
        ? { status: 404, body: { code: 'not_found', message: 'No preview.' } }
        : undefined;
    const router = renderApp('/preview?picacode=NOPE');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'We could not open this album' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkin-error');
    cleanup();

    // a logged-in user's link without a code opens the album list, where codes are entered
    api.server.requests.length = 0;
    const incomplete = renderApp('/preview?ep=E1');
    await screen.findByRole('heading', { level: 1, name: 'My albums' }, { timeout: 5000 });
    expect(here(incomplete)).toBe('/checkins');
    expect(previewCall()).toBeUndefined();
  });

  it('tells a visitor whose code is wrong so, with a way back to the code field, not a login (issue 17)', async () => {
    api.answer = (req) =>
      req.path.startsWith('/api/v2/photos-preview/')
        ? { status: 400, body: { code: 'invalid_picacode', message: 'The code entered is not valid' } }
        : undefined;
    const router = renderApp('/preview?picacode=NOPE123');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('The code entered is not valid');
    expect(here(router)).toBe('/preview?picacode=NOPE123');
    expect(screen.getByRole('link', { name: 'Try another code' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('heading', { level: 1, name: 'Log in' })).toBeNull();
  });

  it("opens the album of a logged-in user's half link that names a code (pc without ps, issue 17)", async () => {
    useAppStore.getState().setAuth('k1');
    api.answer = (req) => {
      if (req.path === '/api/v2/checkins/') return { status: 201, body: makeCheckin() };
      if (req.path.startsWith('/api/v3/checkins/by-code/')) return { status: 200, body: makeCheckin() };
      return undefined;
    };
    const router = renderApp('/preview?pc=k7m2q9p&campaign_code=SUMMER10');
    await vi.waitFor(() => expect(here(router)).toBe('/checkins/K7M2Q9P'), { timeout: 5000 });
    expect(previewCall()).toBeUndefined();
  });

  describe('with the answer the server put in the page (issue 20)', () => {
    /** The page as the server answers /preview?…: the preview call's answer in a JSON script. */
    const embed = (query: Record<string, string>, status: number, body: unknown) => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = 'fotodrop-preview';
      script.textContent = JSON.stringify({ query, status, body });
      document.head.append(script);
    };
    afterEach(() => document.getElementById('fotodrop-preview')?.remove());

    it('shows the preview from the page without calling the API, then calls it for the next link', async () => {
      embed({ picacode: 'K7M2Q9P', source: 'mail' }, 200, makePreview({ event_name: 'From the page' }));
      api.answer = (req) =>
        req.path.startsWith('/api/v2/photos-preview/')
          ? { status: 200, body: makePreview({ event_name: 'From the API' }) }
          : undefined;
      renderApp('/preview?picacode=K7M2Q9P&source=mail&redirect=%2Fprofile');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'From the page' }, { timeout: 5000 }),
      ).toBeTruthy();
      expect(previewCall()).toBeUndefined();
      expect(useAppStore.getState().preview?.autoCheckinPicacode).toBe('K7M2Q9P');
      cleanup();

      // taken once: the same link opened again in this page asks the server
      renderApp('/preview?picacode=K7M2Q9P&source=mail');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'From the API' }, { timeout: 5000 }),
      ).toBeTruthy();
      expect(api.server.requests.filter((r) => r.path.startsWith('/api/v2/photos-preview/'))).toHaveLength(1);
    });

    it("shows the page's refusal of a wrong or stopped code, without asking again", async () => {
      embed({ picacode: 'K7M2Q9P' }, 429, {
        code: 'too_many_attempts',
        message: 'Too many attempts. Please wait 30 minute(s) and try again.',
        data: { retry_after_seconds: 1800 },
      });
      const router = renderApp('/preview?picacode=K7M2Q9P');
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert.textContent).toBe('Too many attempts. Please wait 30 minutes and try again.');
      expect(here(router)).toBe('/preview?picacode=K7M2Q9P');
      expect(previewCall()).toBeUndefined();
    });

    it("starts a logged-in runner's check-in and user with the page, one call each, and opens the album", async () => {
      embed({ picacode: 'k7m2q9p' }, 200, makePreview());
      useAppStore.getState().setAuth('k1');
      api.answer = (req) =>
        req.path === '/api/v2/checkins/?include_album=true'
          ? { status: 201, body: { ...makeCheckin(), album } }
          : undefined;
      // what the page's start does (early-album.ts), before the route's chunks are in
      startLinkedAlbum('/preview', '?picacode=k7m2q9p');
      await vi.waitFor(() => expect(createCall()).toBeTruthy());
      const router = renderApp('/preview?picacode=k7m2q9p');
      await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 });
      expect(here(router)).toBe('/checkins/K7M2Q9P');
      expect(await screen.findByAltText('Photo 1 of 3')).toBeTruthy();
      expect(JSON.parse(createCall()!.body)).toEqual({
        picacode: 'K7M2Q9P',
        platform: 'site',
        source: 'newsletter',
        tags: ['spring'],
      });
      expect(api.server.requests.filter((r) => r.path.startsWith('/api/v2/checkins/'))).toHaveLength(1);
      expect(api.server.requests.filter((r) => r.path.startsWith('/api/v2/users/me/'))).toHaveLength(1);
      expect(previewCall()).toBeUndefined();
      expect(byCodeCalls()).toHaveLength(0);
      expect(useAppStore.getState().preview?.autoCheckinPicacode).toBeNull();
    });

    it('starts nothing early when the list screen would come first, or the page is not the link', async () => {
      useAppStore.getState().setAuth('k1');
      const early = (search: string, status: number, body: unknown, pathname = '/preview') => {
        embed({ picacode: 'K7M2Q9P' }, status, body);
        startLinkedAlbum(pathname, search);
        document.getElementById('fotodrop-preview')?.remove();
        return { checkin: takeLinkedCheckin('K7M2Q9P'), user: takeEarlyUser() };
      };
      const none = { checkin: null, user: null };
      // a redirect target, the marketing consent, an SSO address, a partner token: not this way
      expect(early('?picacode=K7M2Q9P&redirect=%2Fprofile', 200, makePreview())).toEqual(none);
      expect(early('?picacode=K7M2Q9P', 200, makePreview({ pica_service_id: 2394 }))).toEqual(none);
      expect(early('?picacode=K7M2Q9P', 200, makePreview({ sso_url: 'https://sso.example/' }))).toEqual(none);
      expect(early('?picacode=K7M2Q9P&accessToken=p1', 200, makePreview())).toEqual(none);
      // a refused code, an answer for another link, another page
      expect(early('?picacode=K7M2Q9P', 404, { code: 'not_found', message: 'No album.' })).toEqual(none);
      expect(early('?picacode=OTHER123', 200, makePreview())).toEqual(none);
      expect(early('?picacode=K7M2Q9P', 200, makePreview(), '/checkins')).toEqual(none);
      // a visitor
      useAppStore.getState().logout();
      expect(early('?picacode=K7M2Q9P', 200, makePreview())).toEqual(none);
      expect(api.server.requests).toHaveLength(0);
    });

    it('calls the API when the page carries the answer for another link', async () => {
      embed({ picacode: 'OTHER123' }, 200, makePreview({ event_name: 'Another album' }));
      api.answer = (req) =>
        req.path.startsWith('/api/v2/photos-preview/')
          ? { status: 200, body: makePreview({ event_name: 'From the API' }) }
          : undefined;
      renderApp('/preview?picacode=K7M2Q9P');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'From the API' }, { timeout: 5000 }),
      ).toBeTruthy();
      expect(previewCall()!.path).toBe('/api/v2/photos-preview/?picacode=K7M2Q9P');
    });
  });
});
