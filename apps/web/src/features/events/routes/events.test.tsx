import type { EventInfo } from '@fotodrop/contract/api/events';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../../shared/config/default-config';
import { useAppStore } from '../../../shared/store/app-store';
import { leaveSite } from '../../../shared/utils/leave-site';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { makeCheckin } from '../../checkins/test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let server: Awaited<ReturnType<typeof startTestServer>>;
let answer: (req: RecordedRequest) => Answer;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.method === 'GET' && req.path.startsWith('/api/v3/checkins/?'))
      return {
        status: 200,
        body: { results: [], pagination: { total: 0, num_pages: 1, page_size: 12, page_number: 1 } },
      };
    return answer(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  answer = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function makeEvent(overrides: Partial<EventInfo> = {}): EventInfo {
  return {
    id: 9,
    slug: '0a1b2c3d',
    name: 'Alpine Marathon 2026',
    description: 'Forty-two kilometres through three valleys.',
    start_date: '2026-05-10',
    end_date: '2026-05-10',
    location: 'Bohinj',
    cover_url: 'https://cdn.example/cover.jpg',
    experience_type: 'event',
    checkin_mode: 'none',
    find_by_bib: false,
    picacode: null,
    currency: 'EUR',
    ...overrides,
  };
}

describe('/e/:eventSlug', () => {
  it('is not found unless the slug is exactly 8 lowercase hexadecimal characters', async () => {
    for (const slug of ['0A1B2C3D', '0a1b2c3', 'zz1b2c3d', '0a1b2c3d9']) {
      renderApp(`/e/${slug}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 }),
      ).toBeTruthy();
      cleanup();
    }
    expect(server.requests.filter((r) => r.path.startsWith('/api/v1/events/'))).toHaveLength(0);
  });

  it('shows the event and takes an album code on to sign-up, the code kept in `next`', async () => {
    answer = (req) =>
      req.path === '/api/v1/events/?slug=0a1b2c3d'
        ? { status: 200, body: { results: [makeEvent()] } }
        : undefined;
    const router = renderApp('/e/0a1b2c3d');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('May 10, 2026')).toBeTruthy();
    expect(screen.getByText('Bohinj')).toBeTruthy();
    expect(screen.getByText('Forty-two kilometres through three valleys.')).toBeTruthy();
    // the event does not offer find by bib
    expect(screen.queryByLabelText(/^Bib number/)).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Album code/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The code entered is not valid')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Album code/), { target: { value: 'k7m 2q9p' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' }, { timeout: 5000 });
    expect(here(router)).toBe('/signup?next=%2Fcheckins%3Fpicacode%3DK7M2Q9P');
  });

  it('says when there is no event with the slug', async () => {
    answer = (req) =>
      req.path.startsWith('/api/v1/events/') ? { status: 200, body: { results: [] } } : undefined;
    renderApp('/e/0a1b2c3d');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Event not found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends logged-in users to their albums', async () => {
    useAppStore.getState().setAuth('k1');
    const router = renderApp('/e/0a1b2c3d');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My albums' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkins');
  });
});

describe('find by bib on /e/:eventSlug', () => {
  const FIND = '/api/v1/events/0a1b2c3d/find-by-bib/';
  const withFindByBib = (req: RecordedRequest): Answer =>
    req.path === '/api/v1/events/?slug=0a1b2c3d'
      ? { status: 200, body: { results: [makeEvent({ find_by_bib: true })] } }
      : undefined;
  const fill = (bib: string, lastName: string) => {
    fireEvent.change(screen.getByLabelText(/^Bib number/), { target: { value: bib } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: lastName } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my photos' }));
  };

  it("keeps a logged-out runner's search through sign-up, out of the address, then opens their album", async () => {
    answer = withFindByBib;
    const router = renderApp('/e/0a1b2c3d');
    expect(
      await screen.findByRole('heading', { name: 'Find your photos by bib' }, { timeout: 5000 }),
    ).toBeTruthy();
    fill('12', 'García');
    expect(await screen.findByText('Enter the bib number as printed: 3 to 5 digits.')).toBeTruthy();
    fill(' 1042 ', 'García');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' }, { timeout: 5000 });
    expect(here(router)).toBe('/signup?next=%2Fe%2F0a1b2c3d');
    expect(server.requests.some((r) => r.path === FIND)).toBe(false);
    cleanup();

    // back on the event page logged in: the search runs by itself and the album opens
    useAppStore.getState().setAuth('k1');
    answer = (req) =>
      req.path === FIND ? { status: 201, body: makeCheckin({ picacode: 'RB1042' }) } : withFindByBib(req);
    const back = renderApp('/e/0a1b2c3d');
    await vi.waitFor(() => expect(here(back)).toBe('/checkins/RB1042'), { timeout: 5000 });
    const sent = server.requests.filter((r) => r.path === FIND);
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([{ bib: '1042', last_name: 'García' }]);
  });

  it('tells a logged-in runner that the pair does not match, then that they tried too often', async () => {
    useAppStore.getState().setAuth('k1');
    let refusal: Answer = { status: 404, body: { code: 'runner_not_found', message: 'No runner.' } };
    answer = (req) => (req.path === FIND ? refusal : withFindByBib(req));
    renderApp('/e/0a1b2c3d');
    await screen.findByRole('heading', { name: 'Find your photos by bib' }, { timeout: 5000 });
    fill('1042', 'Nowak');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No runner of this event has this bib number and last name.',
    );
    refusal = {
      status: 429,
      body: { code: 'too_many_attempts', message: 'Wait.', data: { retry_after_seconds: 1800 } },
    };
    fill('1042', 'Nowacki');
    expect(await screen.findByText(/Too many attempts. Please wait 30 minutes/)).toBeTruthy();
  });
});

describe('/live', () => {
  it('sends the browser to the gallery of the live event, passing its own query on', async () => {
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    answer = (req) =>
      req.path.startsWith('/api/v1/events/live/')
        ? {
            status: 200,
            body: {
              id: 9,
              slug: '0a1b2c3d',
              name: 'Live',
              gallery_url: 'https://live.example/g/9',
              ends_at: null,
            },
          }
        : undefined;
    renderApp('/live?slug=0a1b2c3d&utm_source=screen');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://live.example/g/9'), {
      timeout: 5000,
    });
    expect(server.requests.find((r) => r.path.startsWith('/api/v1/events/live/'))!.path).toBe(
      '/api/v1/events/live/?slug=0a1b2c3d&utm_source=screen',
    );
  });

  it('says that no event is live, with the way home, instead of landing on home without a word', async () => {
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    answer = (req) =>
      req.path.startsWith('/api/v1/events/live/')
        ? { status: 404, body: { code: 'not_found', message: 'No event is live right now.' } }
        : undefined;
    const router = renderApp('/live');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No event is live right now' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/live');
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your event photos, found in seconds' }),
    ).toBeTruthy();
    expect(here(router)).toBe('/');
  });

  it('says that the live gallery could not be opened when the server fails', async () => {
    answer = (req) =>
      req.path.startsWith('/api/v1/events/live/')
        ? { status: 400, body: { code: 'validation_error', message: 'Bad slug.' } }
        : undefined;
    renderApp('/live?slug=nope');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'The live gallery could not be opened' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});

describe('/events', () => {
  it('opens the calendar of upcoming events over the home page when the organisation shows one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 3, 3, 10, 0));
    useAppStore.setState({ appConfig: { ...DEFAULT_APP_CONFIG, id: 901, show_calendar: true } });
    answer = (req) =>
      req.path === '/api/v1/events/calendar/'
        ? {
            status: 200,
            body: {
              results: [
                {
                  id: 1,
                  slug: '0a1b2c3d',
                  name: 'Spring Run',
                  start_date: '2026-04-12',
                  end_date: '2026-04-12',
                  location: 'Bled',
                  cover_url: null,
                },
                {
                  id: 2,
                  slug: '1a1b2c3d',
                  name: 'Lake Swim',
                  start_date: '2026-05-02',
                  end_date: '2026-05-03',
                  location: null,
                  cover_url: null,
                },
              ],
            },
          }
        : undefined;
    const router = renderApp('/events');
    const dialog = await screen.findByRole('dialog', { name: 'Upcoming events' }, { timeout: 5000 });
    // the organisation's own home page is behind the dialog
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your Fotodrop photos, found in seconds' }),
    ).toBeTruthy();
    // the month of the next event, on a grid (calendar-dialog.test.tsx has the grid's details)
    expect(await within(dialog).findByRole('heading', { name: 'April 2026' })).toBeTruthy();
    expect(within(dialog).getByRole('grid', { name: 'April 2026' })).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Spring Run/ })
        .getAttribute('href'),
    ).toBe('/e/0a1b2c3d');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(within(dialog).getByRole('heading', { name: 'May 2026' })).toBeTruthy();
    expect(within(dialog).getByText('May 2 – 3, 2026')).toBeTruthy();

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await vi.waitFor(() => expect(here(router)).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is simply the home page when the calendar is not shown', async () => {
    const router = renderApp('/events');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your event photos, found in seconds' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await vi.waitFor(() => expect(here(router)).toBe('/'));
    expect(server.requests.filter((r) => r.path.includes('calendar'))).toHaveLength(0);
  });
});
