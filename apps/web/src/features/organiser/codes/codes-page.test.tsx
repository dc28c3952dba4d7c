import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type { OrganiserCode } from '@fotodrop/contract/api/organiser-codes';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let codes: OrganiserCode[];
let myRole: OrganisationRole;
let nextCode: number;

const BASE = '/api/organiser/v1/events/city-run';
const makeCode = (code: string, overrides: Partial<OrganiserCode> = {}): OrganiserCode => ({
  code,
  label: null,
  scope: 'event',
  gallery_ids: [],
  tags: [],
  email: null,
  created_at: '2026-11-20T10:00:00Z',
  revoked_at: null,
  albums: 0,
  ...overrides,
});

/** The album-code calls as the server answers them (one event, city-run, of organisation 34). */
function codesApi(req: RecordedRequest): Answer {
  const url = new URL(req.path, 'http://x');
  if (url.pathname.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
  if (url.pathname === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (url.pathname === `${BASE}/`)
    return { status: 200, body: { id: 1, organisation_id: 34, slug: 'city-run', name: 'City Run' } };
  if (url.pathname === `${BASE}/galleries/`) {
    const gallery = (id: number, name: string, parent_id: number | null = null) => ({
      id,
      name,
      parent_id,
      layout: 'horizontal',
      position: id,
      media_count: 0,
    });
    return { status: 200, body: { results: [gallery(11, 'Start'), gallery(14, 'Finish')] } };
  }
  if (url.pathname === `${BASE}/codes/` && req.method === 'GET') {
    const search = url.searchParams.get('search')?.toLowerCase();
    const results = codes.filter(
      (c) =>
        (url.searchParams.get('revoked') !== 'false' || !c.revoked_at) &&
        (!search || c.code.toLowerCase().includes(search) || c.label?.toLowerCase().includes(search)),
    );
    if (url.searchParams.get('format') === 'csv') return { status: 200, body: 'code,label\n' };
    return {
      status: 200,
      body: { results, pagination: { total: results.length, num_pages: 1, page_size: 50, page_number: 1 } },
    };
  }
  if (url.pathname === `${BASE}/codes/` && req.method === 'POST') {
    const body = JSON.parse(req.body) as { count: number; gallery_ids?: number[]; label?: string };
    const made = Array.from({ length: body.count }, () =>
      makeCode(`NEWCODE${String(nextCode++).padStart(5, '0')}`, {
        label: body.label ?? null,
        scope: body.gallery_ids ? 'galleries' : 'event',
        gallery_ids: body.gallery_ids ?? [],
      }),
    );
    codes = [...made, ...codes];
    return { status: 201, body: { results: made } };
  }
  if (url.pathname === `${BASE}/codes/import/`) {
    return {
      status: 400,
      body: {
        code: 'import_refused',
        message: '2 rows refused.',
        data: {
          rows: [
            { line: 3, column: 'code', reason: 'code.taken' },
            { line: 5, column: null, reason: 'row.too_many_cells' },
          ],
        },
      },
    };
  }
  const one = /^\/api\/organiser\/v1\/events\/city-run\/codes\/([A-Z0-9]+)\/$/.exec(url.pathname);
  if (one && req.method === 'DELETE') {
    const code = codes.find((c) => c.code === one[1])!;
    code.revoked_at = '2026-11-27T10:00:00Z';
    return { status: 200, body: code };
  }
  if (url.pathname === `${BASE}/codes/cards.pdf` && url.searchParams.get('search') === 'vip') {
    return {
      status: 400,
      body: { code: 'too_many_cards', message: 'Too many.', data: { count: 6200, max: 5000 } },
    };
  }
  if (url.pathname === `${BASE}/codes/cards.pdf`) return { status: 200, body: '%PDF-1.7' };
  return undefined;
}

let saved: string[];
const server = consoleTestServer((req) => codesApi(req));
beforeEach(() => {
  myRole = 'owner';
  nextCode = 1;
  codes = [
    makeCode('RUNNER0042', { label: 'VIP', scope: 'tags', tags: ['vip'], albums: 2 }),
    makeCode('ROOM12CODE1', { label: 'Room 12', scope: 'galleries', gallery_ids: [11, 14] }),
  ];
  saved = [];
  // jsdom has no object URLs and does not download: record the file name handed to the browser
  URL.createObjectURL = vi.fn(() => 'blob:codes');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

const rowOf = (code: string) => screen.getByText(code).closest('tr')!;
const openPage = () => renderApp('/organiser/events/city-run/codes');

// whole journeys through the screen: three test workers share two cores, so each gets time
describe('the album-code screen', { timeout: 30_000 }, () => {
  it('lists the codes with what each opens and its albums', async () => {
    openPage();
    // the first test also loads the screen's lazy chunk, on a loaded machine
    expect(await screen.findByRole('heading', { name: '2 codes' }, { timeout: 15_000 })).toBeTruthy();
    // gallery names come with the event's galleries, which may answer after the codes
    expect(await within(rowOf('ROOM12CODE1')).findByText('Galleries: Start, Finish')).toBeTruthy();
    expect(within(rowOf('RUNNER0042')).getByText('Tags: vip')).toBeTruthy();
    expect(within(rowOf('RUNNER0042')).getByText('2')).toBeTruthy();
  });

  it('generates codes for chosen galleries with a label and shows them to copy', async () => {
    openPage();
    await screen.findByRole('heading', { name: 'Generate codes' }, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText(/How many/), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/^Label/), { target: { value: 'Room 14' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Some galleries' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    // no gallery ticked: refused here rather than opening the whole event
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Finish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('3 new codes made.')).toBeTruthy();
    const sent = server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(sent!.body)).toEqual({ count: 3, gallery_ids: [14], label: 'Room 14' });
    const made = screen.getByLabelText('The new codes, one per line') as HTMLTextAreaElement;
    expect(made.value).toBe('NEWCODE00001\nNEWCODE00002\nNEWCODE00003');
    expect(await screen.findByRole('heading', { name: '5 codes' })).toBeTruthy();
    expect(await within(rowOf('NEWCODE00002')).findByText('Galleries: Finish')).toBeTruthy();
  });

  it('imports a CSV file and lists the refused rows when the server refuses it', async () => {
    openPage();
    const input = await screen.findByLabelText('CSV file', {}, { timeout: 15_000 });
    const csv = 'code,label\nGOOD0001,A\nRUNNER0042,B\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'codes.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText(/The file was refused because 2 rows have a problem. Nothing was imported/),
    ).toBeTruthy();
    const sent = server.requests.find((r) => r.path.endsWith('/codes/import/'))!;
    expect(sent.headers['content-type']).toBe('text/csv');
    expect(sent.body).toBe(csv);
    const table = screen.getByRole('table', { name: 'Refused rows' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'code', 'This code is already in use.']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', 'whole row', 'This row has more cells than the header has columns.']);
  });

  it('revokes a code after confirming, and it leaves the list of valid codes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    openPage();
    await screen.findByText('RUNNER0042', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke RUNNER0042' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Revoke the code RUNNER0042?'));
    await vi.waitFor(() => expect(screen.queryByText('RUNNER0042')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path.includes('/RUNNER0042/'))).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show revoked codes' }));
    expect(await within(await screen.findByRole('table')).findByText(/Revoked on/)).toBeTruthy();
  });

  it('downloads the CSV export and the QR cards of the current search with the auth header', async () => {
    openPage();
    await screen.findByText('RUNNER0042', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search codes or labels' }), {
      target: { value: 'room' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(screen.queryByText('RUNNER0042')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['codes-city-run.csv']));
    const csv = server.requests.find((r) => r.path.includes('format=csv'))!;
    expect(new URL(csv.path, 'http://x').searchParams.get('search')).toBe('room');
    expect(csv.headers.authorization).toBe('Token key-1');
    fireEvent.change(screen.getByLabelText('QR card layout'), { target: { value: 'a4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Print QR cards' }));
    await vi.waitFor(() => expect(saved).toContain('code-cards-city-run-a4.pdf'));
    const pdf = server.requests.find((r) => r.path.includes('/cards.pdf'))!;
    expect(new URL(pdf.path, 'http://x').searchParams.get('layout')).toBe('a4');
    // no language chosen: the server's default (the organisation's country's)
    expect(new URL(pdf.path, 'http://x').searchParams.has('lang')).toBe(false);
    expect(pdf.headers.authorization).toBe('Token key-1');
    // cards in another language than the organisation's: Polish
    fireEvent.change(screen.getByLabelText('QR card language'), { target: { value: 'pl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Print QR cards' }));
    await vi.waitFor(() =>
      expect(server.requests.filter((r) => r.path.includes('/cards.pdf')).length).toBe(2),
    );
    const polish = server.requests.filter((r) => r.path.includes('/cards.pdf'))[1]!;
    expect(new URL(polish.path, 'http://x').searchParams.get('lang')).toBe('pl');
  });

  it('says how many codes match when there are too many for one PDF, and saves nothing', async () => {
    openPage();
    await screen.findByText('RUNNER0042', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search codes or labels' }), {
      target: { value: 'vip' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(screen.queryByText('ROOM12CODE1')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Print QR cards' }));
    expect(
      await screen.findByText(/6200 codes match, but one PDF holds at most 5000 cards: narrow the list/),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('shows support the list, export and cards but no generate, import or revoke', async () => {
    myRole = 'support';
    openPage();
    await screen.findByText('RUNNER0042', {}, { timeout: 15_000 });
    expect(screen.queryByRole('heading', { name: 'Generate codes' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Import a CSV file' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print QR cards' })).toBeTruthy();
  });
});
