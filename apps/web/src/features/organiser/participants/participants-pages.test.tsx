import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type {
  OrganiserCheckin,
  OrganiserSupportRequest,
} from '@fotodrop/contract/api/organiser-participants';
import type { OrganiserRunner } from '@fotodrop/contract/api/organiser-runners';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation, makeOrganiserEvent } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let myRole: OrganisationRole;

const EVENT = '/api/organiser/v1/events/city-run';
const checkin = (id: number, overrides: Partial<OrganiserCheckin> = {}): OrganiserCheckin => ({
  id,
  email: `runner${id}@example.test`,
  first_name: 'Ada',
  last_name: `Runner ${id}`,
  code: `ROOMCODE${id}`,
  code_label: 'Room 12',
  status: 'complete',
  pending_step: null,
  source: null,
  form_answers: {},
  start_of_stay: null,
  end_of_stay: null,
  face_search: 'completed',
  created_at: '2026-11-20T10:00:00Z',
  completed_at: '2026-11-20T10:01:00Z',
  ...overrides,
});
const CHECKINS = Array.from({ length: 60 }, (_, i) =>
  checkin(
    60 - i,
    i === 0 ? { form_answers: { bib: '1042' }, status: 'pending', face_search: 'processing' } : {},
  ),
);
const runner = (id: number, bib: string, overrides: Partial<OrganiserRunner> = {}): OrganiserRunner => ({
  id,
  bib,
  first_name: 'Bea',
  last_name: `Racer ${id}`,
  email: `racer${id}@example.test`,
  language: null,
  code: `BIBCODE${id}`,
  imported_at: '2026-11-20T08:00:00Z',
  photos: 0,
  ready_queued_at: null,
  ready_sent_at: null,
  opted_out_at: null,
  ...overrides,
});
const RUNNERS = [
  runner(1, '998', {
    language: 'it',
    photos: 3,
    ready_queued_at: '2026-11-20T11:00:00Z',
    ready_sent_at: '2026-11-20T11:01:00Z',
  }),
  runner(2, '1042', { photos: 1, ready_queued_at: '2026-11-20T11:00:00Z' }),
  runner(3, '1200', { opted_out_at: '2026-11-20T12:00:00Z' }),
];
const REQUEST: OrganiserSupportRequest = {
  id: 7,
  created_at: '2026-11-26T09:30:00Z',
  answer_by: '2026-11-27',
  name: 'Ada Runner',
  email: 'ada@example.test',
  picacode: 'ROOMCODE60',
  category: 'missing_photos',
  subject: 'My finish photo is missing',
  message: 'I crossed the line at 10:42.\nBib 1042.',
  language: 'it',
  event: { slug: 'city-run', name: 'City Run' },
  has_screenshot: true,
};

const page = <T,>(all: T[], url: URL, size: number) => {
  const number = Number(url.searchParams.get('page') ?? 1);
  const results = all.slice((number - 1) * size, number * size);
  return {
    status: 200,
    body: {
      results,
      pagination: {
        total: all.length,
        num_pages: Math.max(1, Math.ceil(all.length / size)),
        page_size: size,
        page_number: number,
      },
    },
  };
};

/** The calls of both pages as the server answers them (organisation 34, event city-run). */
function api(req: RecordedRequest): Answer {
  const url = new URL(req.path, 'http://x');
  if (url.pathname.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
  if (url.pathname === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (url.pathname === `${EVENT}/`)
    return { status: 200, body: { id: 1, organisation_id: 34, slug: 'city-run', name: 'City Run' } };
  if (url.pathname === `${EVENT}/checkins/`) {
    const search = url.searchParams.get('search')?.toLowerCase();
    const status = url.searchParams.get('status');
    const found = CHECKINS.filter(
      (c) => (!search || c.email?.includes(search)) && (!status || c.status === status),
    );
    return page(found, url, Number(url.searchParams.get('page_size')));
  }
  if (url.pathname === `${EVENT}/participants/runners/`) {
    const search = url.searchParams.get('search');
    return page(search ? RUNNERS.filter((r) => r.bib.includes(search)) : RUNNERS, url, 50);
  }
  if (url.pathname === `${EVENT}/participants/import/`) {
    // a file naming bib 9999 is refused as a whole; any other is imported
    return req.body.includes('9999')
      ? {
          status: 200,
          body: { imported: 0, refused: [{ row: 3, reason: 'bib.not_issued', column: 'bib' }] },
        }
      : { status: 200, body: { imported: 2, refused: [] } };
  }
  if (url.pathname === '/api/organiser/v1/events/')
    return { status: 200, body: { results: [makeOrganiserEvent({ slug: 'city-run', name: 'City Run' })] } };
  if (url.pathname === '/api/organiser/v1/organisations/34/support-requests/') {
    const search = url.searchParams.get('search');
    return page(search ? [] : [REQUEST], url, 25);
  }
  if (url.pathname === '/api/organiser/v1/organisations/34/support-requests/7/screenshot.jpg')
    return { status: 200, body: 'jpeg' };
  return undefined;
}

const server = consoleTestServer(api);
beforeEach(() => {
  myRole = 'support';
  // jsdom has no object URLs
  URL.createObjectURL = vi.fn(() => 'blob:screenshot');
  URL.revokeObjectURL = vi.fn();
});

const wait = { timeout: 15_000 };

describe('the participants of an event in the console', { timeout: 30_000 }, () => {
  it('lists the albums with code, answers and selfie search, pages through them and searches', async () => {
    renderApp('/organiser/events/city-run/participants');
    expect(await screen.findByRole('heading', { level: 2, name: '60 albums' }, wait)).toBeTruthy();
    const first = screen.getByText('runner60@example.test').closest('tr')!;
    expect(within(first).getByText('ROOMCODE60')).toBeTruthy();
    expect(within(first).getByText('1042')).toBeTruthy();
    expect(within(first).getByText('Check-in not finished')).toBeTruthy();
    expect(within(first).getByText('Searching')).toBeTruthy();
    const albums = screen.getByRole('region', { name: '60 albums' });
    expect(within(albums).getAllByRole('row')).toHaveLength(51);

    fireEvent.click(within(albums).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('runner10@example.test', {}, wait)).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();

    fireEvent.change(within(albums).getByRole('searchbox', { name: 'Search e-mail, name or code' }), {
      target: { value: 'runner7@' },
    });
    fireEvent.click(within(albums).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 2, name: '1 album' }, wait)).toBeTruthy();
    const asked = server.requests.filter((r) => r.path.includes('/checkins/')).at(-1)!;
    expect(asked.path).toContain('search=runner7%40');
    expect(asked.path).toContain('page=1');
  });

  it('lists the imported runners with bib, code, photos found and their e-mail, and searches them', async () => {
    renderApp('/organiser/events/city-run/participants');
    const runners = await screen.findByRole('region', { name: '3 runners' }, wait);
    const rows = within(runners).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['998', '1042', '1200']);
    expect(within(rows[0]!).getByText('BIBCODE1')).toBeTruthy();
    expect(within(rows[0]!).getByText('IT')).toBeTruthy();
    expect(within(rows[0]!).getByText('3')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Sent /)).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Queued /)).toBeTruthy();
    expect(within(rows[1]!).getByText("The event's")).toBeTruthy();
    expect(within(rows[2]!).getByText(/^Opted out /)).toBeTruthy();

    fireEvent.change(within(runners).getByRole('searchbox', { name: 'Search name, e-mail or bib' }), {
      target: { value: '104' },
    });
    fireEvent.click(within(runners).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('region', { name: '1 runner' }, wait)).toBeTruthy();
    const asked = server.requests.filter((r) => r.path.includes('/participants/runners/')).at(-1)!;
    expect(asked.path).toContain('search=104');
  });

  it('tells a photographer the list is not for their role, and asks nothing', async () => {
    myRole = 'photographer';
    renderApp('/organiser/events/city-run/participants');
    expect(
      await screen.findByText(
        "Your role does not show participants. Ask your organisation's owner.",
        {},
        wait,
      ),
    ).toBeTruthy();
    expect(server.requests.some((r) => r.path.includes('/checkins/'))).toBe(false);
    expect(server.requests.some((r) => r.path.includes('/runners/'))).toBe(false);
  });
});

describe('importing runners from the participants page', { timeout: 60_000 }, () => {
  const choose = (csv: string) => {
    const input = screen.getByLabelText('CSV file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([csv], 'runners.csv', { type: 'text/csv' })] } });
  };
  const HEADER = 'first name,last name,email,bib';

  it('asks for the consent, sends the file with it and shows the refused rows with their reasons', async () => {
    myRole = 'manager';
    renderApp('/organiser/events/city-run/participants');
    fireEvent.click(await screen.findByRole('button', { name: 'Import runners' }, wait));
    const dialog = await screen.findByRole('dialog', { name: 'Import runners' }, wait);
    choose(`${HEADER}\nAda,Lovelace,ada@example.test,1042\nAlan,Turing,alan@example.test,1043\n`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Confirm that the runners agreed to be contacted.')).toBeTruthy();
    expect(server.requests.some((r) => r.path.includes('/participants/import/'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /agreed to be contacted/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Runners imported: 2.', {}, wait)).toBeTruthy();
    const sent = server.requests.find((r) => r.path.includes('/participants/import/'))!;
    expect(sent.path).toContain('consent_confirmed=true');
    expect(sent.headers['content-type']).toContain('text/csv');
    expect(sent.body).toContain('Ada,Lovelace');

    choose(`${HEADER}\nAda,Lovelace,ada@example.test,1042\nBob,Nobody,bob@example.test,9999\n`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Nothing was imported. Refused rows: 1.', {}, wait)).toBeTruthy();
    const row = within(dialog).getByText('3').closest('tr')!;
    expect(within(row).getByText('Bib')).toBeTruthy();
    expect(within(row).getByText('This bib is not in the event’s list of bibs.')).toBeTruthy();
  });

  it('offers no import to support, who may not make codes', async () => {
    renderApp('/organiser/events/city-run/participants');
    expect(await screen.findByRole('heading', { level: 2, name: '60 albums' }, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import runners' })).toBeNull();
  });
});

describe('the support requests in the console', { timeout: 30_000 }, () => {
  it('shows what the participant sent, a reply link and the screenshot on demand', async () => {
    renderApp('/organiser/support');
    const card = (await screen.findByRole(
      'article',
      { name: 'My finish photo is missing' },
      wait,
    )) as HTMLElement;
    expect(within(card).getByText('City Run')).toBeTruthy();
    expect(within(card).getByText('ROOMCODE60')).toBeTruthy();
    expect(within(card).getByText('Photos missing from my album')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'ada@example.test' }).getAttribute('href')).toBe(
      'mailto:ada%40example.test?subject=Re%3A%20My%20finish%20photo%20is%20missing',
    );
    expect(within(card).getByText(/I crossed the line at 10:42/).textContent).toContain('Bib 1042.');
    // the section is in the console's navigation for support
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(card).getByRole('button', { name: 'Show screenshot' }));
    const shot = await within(card).findByRole(
      'img',
      { name: 'Screenshot sent with “My finish photo is missing”' },
      wait,
    );
    expect(shot.getAttribute('src')).toBe('blob:screenshot');
  });

  it('says so when a search finds nothing', async () => {
    renderApp('/organiser/support');
    await screen.findByRole('article', {}, wait);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No request matches.', {}, wait)).toBeTruthy();
  });
});
