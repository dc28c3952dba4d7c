import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { leaveSite } from '../../../shared/utils/leave-site';
import type { RecordedRequest } from '../../../test/http-server';
import { here, renderApp, type TestRouter } from '../../../test/render-app';
import { PENDING_STEP_KEY } from '../steps/pending-step';
import { type Answer, setUpCheckinTestServer } from '../test/checkin-test-server';
import { listPage, makeCheckin, makeListItem, makeStep } from '../test/fixtures';

const api = setUpCheckinTestServer({ signedIn: true });
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const posts = (path: string) => api.server.requests.filter((r) => r.method === 'POST' && r.path === path);

/** The album screen of makeCheckin() for any by-code call. */
function albumByCode(req: RecordedRequest, checkin = makeCheckin()): Answer {
  if (req.method === 'GET' && req.path.startsWith('/api/v3/checkins/by-code/'))
    return { status: 200, body: checkin };
  return undefined;
}

async function openEntry(path = '/checkins') {
  const router = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'My albums' }, { timeout: 5000 });
  return router;
}

function submitCode(code: string) {
  fireEvent.change(screen.getByLabelText(/^Album code/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Open album' }));
}

async function expectAlbumScreen(router: TestRouter, code: string) {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 }),
  ).toBeTruthy();
  expect(here(router)).toBe(`/checkins/${code}`);
}

/**
 * Lets real I/O and due fake timers run until `check` holds. Fake setTimeout also holds back the
 * query cache's notifications (setTimeout 0), so each round runs the timers that are due now.
 */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (check()) return;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition not reached');
}

describe('album code entry', () => {
  it('upper-cases the code and posts it with platform "site"', async () => {
    api.answer = (req) =>
      req.path === '/api/v2/checkins/'
        ? { status: 404, body: { code: 'not_found', message: 'No album.' } }
        : undefined;
    await openEntry();
    submitCode(' k7m 2q9p ');
    expect(await screen.findByText('The code entered is not valid')).toBeTruthy();
    expect(JSON.parse(posts('/api/v2/checkins/')[0]!.body)).toEqual({
      picacode: 'K7M2Q9P',
      platform: 'site',
    });
  });

  it('says the code is not valid on a 400 invalid_picacode, and before calling the server for malformed codes', async () => {
    api.answer = (req) =>
      req.path === '/api/v2/checkins/'
        ? { status: 400, body: { code: 'invalid_picacode', message: 'The code entered is not valid' } }
        : undefined;
    await openEntry();
    submitCode('AB');
    expect(await screen.findByText('The code entered is not valid')).toBeTruthy();
    expect(posts('/api/v2/checkins/')).toHaveLength(0);
    submitCode('ZZZZ9999');
    await vi.waitFor(() => expect(posts('/api/v2/checkins/')).toHaveLength(1));
    expect(await screen.findByText('The code entered is not valid')).toBeTruthy();
    expect(screen.getByLabelText(/^Album code/).getAttribute('aria-invalid')).toBe('true');
  });

  it('201: opens the new album, loaded by code with the photo service and the photos summary', async () => {
    api.answer = (req) =>
      req.path === '/api/v2/checkins/' ? { status: 201, body: makeCheckin() } : albumByCode(req);
    const router = await openEntry();
    submitCode('k7m2q9p');
    await expectAlbumScreen(router, 'K7M2Q9P');
    const detail = api.server.requests.find((r) => r.path.startsWith('/api/v3/checkins/by-code/'));
    expect(detail!.path).toMatch(
      /^\/api\/v3\/checkins\/by-code\/K7M2Q9P\/\?expand_pica_service=true&include_photos_summary=true(&include_first_page=true)?$/,
    );
    expect(useAppStore.getState().picacodeRecovery).toBeNull();
  });

  it('400 checkin_exists_for_user: opens the album the user already has, by the code in the error data', async () => {
    api.answer = (req) => {
      if (req.path === '/api/v2/checkins/')
        return {
          status: 400,
          body: { code: 'checkin_exists_for_user', message: 'Exists.', data: { picacode: 'K7M2Q9P' } },
        };
      return albumByCode(req);
    };
    const router = await openEntry();
    submitCode('k7m-2q9p'.replace('-', ''));
    await expectAlbumScreen(router, 'K7M2Q9P');
  });

  it('submits the code of a link (?picacode=) at once, and replaces the link in the history', async () => {
    api.answer = (req) =>
      req.path === '/api/v2/checkins/' ? { status: 201, body: makeCheckin() } : albumByCode(req);
    const router = renderApp('/checkins?picacode=k7m2q9p');
    await expectAlbumScreen(router, 'K7M2Q9P');
    expect(JSON.parse(posts('/api/v2/checkins/')[0]!.body).picacode).toBe('K7M2Q9P');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('takes the recovery code before the link, and the link before the preview code', async () => {
    const store = useAppStore.getState();
    store.setPicacodeRecovery('RECOVER1');
    store.setPreview({
      isPreviewCheckin: true,
      autoCheckinPicacode: 'PREVIEW1',
      source: null,
      tags: [],
      marketingCheck: false,
      disableSocialLogin: false,
      stay: null,
      redirect: null,
    });
    api.answer = (req) =>
      req.path === '/api/v2/checkins/'
        ? { status: 404, body: { code: 'not_found', message: 'No album.' } }
        : undefined;
    renderApp('/checkins?picacode=LINK0001');
    await vi.waitFor(() => expect(posts('/api/v2/checkins/')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(posts('/api/v2/checkins/')[0]!.body).picacode).toBe('RECOVER1');
    // the answer is handled before the test ends: a late one would clear the next test's recovery code
    expect(await screen.findByText('The code entered is not valid')).toBeTruthy();
    // the preview's code is used up once taken
    expect(useAppStore.getState().preview?.autoCheckinPicacode).toBeNull();
  });

  it('goes to the redirect target of a preview first, keeping the code for recovery', async () => {
    useAppStore.getState().setPreview({
      isPreviewCheckin: true,
      autoCheckinPicacode: 'PREVIEW1',
      source: null,
      tags: [],
      marketingCheck: false,
      disableSocialLogin: false,
      stay: null,
      redirect: '/profile/resume',
    });
    const router = renderApp('/checkins');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/profile/resume');
    expect(useAppStore.getState().picacodeRecovery).toBe('PREVIEW1');
    expect(useAppStore.getState().preview?.redirect).toBeNull();
    expect(posts('/api/v2/checkins/')).toHaveLength(0);
  });
});

describe('a further step (303)', () => {
  it('stores the step, closes other modals, opens the option modal after 500 ms, and completing opens the album', async () => {
    const step = makeStep({
      options: [
        { id: 'half', label: 'Half marathon' },
        { id: 'full', label: 'Marathon' },
      ],
    });
    api.answer = (req) => {
      if (req.path === '/api/v2/checkins/') return { status: 303, body: step };
      if (req.path === '/api/v2/complete-checkin/41/') return { status: 201, body: makeCheckin() };
      return albumByCode(req);
    };
    const router = await openEntry();
    useAppStore.getState().setModal('sessionExpired', true);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    submitCode('K7M2Q9P');

    await until(() => sessionStorage.getItem(PENDING_STEP_KEY) !== null);
    expect(JSON.parse(sessionStorage.getItem(PENDING_STEP_KEY)!)).toEqual(step);
    expect(useAppStore.getState().modals.sessionExpired).toBe(false);
    // the code stays remembered while the step is pending
    expect(useAppStore.getState().picacodeRecovery).toBe('K7M2Q9P');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    const dialog = screen.getByRole('dialog', { name: 'Choose an option' });
    vi.useRealTimers();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose an option to continue.')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Marathon'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await expectAlbumScreen(router, 'K7M2Q9P');
    expect(JSON.parse(posts('/api/v2/complete-checkin/41/')[0]!.body)).toEqual({
      option: 'full',
      platform: 'site',
      complete_token: 'ct-41',
    });
    expect(sessionStorage.getItem(PENDING_STEP_KEY)).toBeNull();
    expect(useAppStore.getState().picacodeRecovery).toBeNull();
  });

  it('data_collector: a form from the step fields; a 303 on completion opens the selfie step with its privacy text', async () => {
    const dataStep = makeStep({
      checkin_step: 'data_collector',
      privacy: 'The organiser keeps these details for 30 days.',
      fields: [
        { name: 'phone', label: 'Phone number', type: 'tel', required: true },
        { name: 'email', label: 'Work e-mail', type: 'email', required: false },
        { name: 'newsletter', label: 'Send me the race newsletter', type: 'checkbox', required: false },
      ],
    });
    const faceStep = makeStep({
      checkin_step: 'face_recognition',
      complete_token: 'ct-face',
      privacy: 'Your selfie is kept for 30 days.',
    });
    api.answer = (req) => {
      if (req.path === '/api/v2/checkins/') return { status: 303, body: dataStep };
      if (req.path === '/api/v2/complete-checkin/41/') return { status: 303, body: faceStep };
      return undefined;
    };
    await openEntry();
    submitCode('K7M2Q9P');
    const form = await screen.findByRole(
      'dialog',
      { name: 'A few details for the organiser' },
      { timeout: 3000 },
    );
    expect(within(form).getByText('The organiser keeps these details for 30 days.')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText('This field is required.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Work e-mail/), { target: { value: 'not-an-address' } });
    fireEvent.change(within(form).getByLabelText(/^Phone number/), { target: { value: '+386 1 234 567' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Work e-mail/), { target: { value: 'ada@work.example' } });
    fireEvent.click(within(form).getByLabelText('Send me the race newsletter'));
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));

    const face = await screen.findByRole(
      'dialog',
      { name: 'Find your photos with a selfie' },
      { timeout: 3000 },
    );
    expect(JSON.parse(posts('/api/v2/complete-checkin/41/')[0]!.body)).toEqual({
      phone: '+386 1 234 567',
      email: 'ada@work.example',
      newsletter: 'true',
      platform: 'site',
      complete_token: 'ct-41',
    });
    expect(within(face).getByText('Your selfie is kept for 30 days.')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(PENDING_STEP_KEY)!).complete_token).toBe('ct-face');

    fireEvent.click(within(face).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem(PENDING_STEP_KEY)).toBeNull();
    expect(useAppStore.getState().picacodeRecovery).toBeNull();
  });

  it('data_collector with a form_url goes to that form when VITE_SKIP_DATA_COLLECTOR_MODAL is "true"', async () => {
    vi.stubEnv('VITE_SKIP_DATA_COLLECTOR_MODAL', 'true');
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    api.answer = (req) =>
      req.path === '/api/v2/checkins/'
        ? {
            status: 303,
            body: makeStep({ checkin_step: 'data_collector', form_url: 'https://forms.example/race?id=4' }),
          }
        : undefined;
    await openEntry();
    submitCode('K7M2Q9P');
    expect(
      await screen.findByRole('dialog', { name: "On to the organiser's form" }, { timeout: 3000 }),
    ).toBeTruthy();
    // The modal leaves for the form from an effect, which may run just after the dialog shows.
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://forms.example/race?id=4'));
    expect(sessionStorage.getItem(PENDING_STEP_KEY)).not.toBeNull();
  });
});

describe('the album list', () => {
  it('shows 12 albums a page with their details and loads more', async () => {
    const first = Array.from({ length: 12 }, (_, i) => makeListItem(i + 1));
    first[0] = makeListItem(1, {
      photos: [
        { id: 1, thumbnail_url: 'https://cdn.example/a.jpg' },
        { id: 2, thumbnail_url: 'https://cdn.example/b.jpg' },
      ],
    });
    first[1] = makeListItem(2, { media_count: 0 });
    api.answer = (req) => {
      if (req.path === '/api/v3/checkins/?page=1&page_size=12')
        return { status: 200, body: listPage(first, 1, 13) };
      if (req.path === '/api/v3/checkins/?page=2&page_size=12')
        return { status: 200, body: listPage([makeListItem(13)], 2, 13) };
      return undefined;
    };
    await openEntry();
    await screen.findByRole('link', { name: 'Event number 1' }, { timeout: 3000 });
    const section = screen.getByRole('region', { name: 'Your albums' });
    expect(within(section).getAllByRole('article')).toHaveLength(12);
    expect(within(section).getByText('Albums shown: 12 of 13')).toBeTruthy();

    const firstCard = within(section).getAllByRole('article')[0]!;
    const link = within(firstCard).getByRole('link', { name: 'Event number 1' });
    expect(link.getAttribute('href')).toBe('/checkins/ALB0001');
    expect(within(firstCard).getByText('ALB0001')).toBeTruthy();
    expect(within(firstCard).getByText('1 photo or video')).toBeTruthy();
    expect(firstCard.querySelectorAll('img')).toHaveLength(2);
    // no photos: a placeholder tile, never made-up images
    const emptyCard = within(section).getAllByRole('article')[1]!;
    expect(emptyCard.querySelectorAll('img')).toHaveLength(0);
    expect(within(emptyCard).getAllByText('No photos yet').length).toBeGreaterThan(0);

    fireEvent.click(within(section).getByRole('button', { name: 'Load more albums' }));
    const last = await within(section).findByRole('link', { name: 'Event number 13' });
    expect(within(section).getAllByRole('article')).toHaveLength(13);
    expect(within(section).getByText('Albums shown: 13 of 13')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Load more albums' })).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(last));
  });

  it('says when there are no albums yet', async () => {
    await openEntry();
    expect(
      await screen.findByText('You have no albums yet. Enter an album code above to add your first one.'),
    ).toBeTruthy();
  });
});
