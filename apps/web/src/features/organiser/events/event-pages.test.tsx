import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type { ConsoleEvent, ConsoleGallery } from '@fotodrop/contract/api/organiser-events';
import type { EventProgress } from '@fotodrop/contract/api/organiser-progress';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { makeConsoleEvent, makeConsoleGallery } from '../test/console-event';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation, makeOrganiserEvent } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let event: ConsoleEvent;
let galleries: ConsoleGallery[];
let myRole: OrganisationRole;
let progress: EventProgress;

const WORKING: EventProgress = {
  media: {
    total: 10,
    waiting: 3,
    processing: 1,
    ready: 5,
    failed: 1,
    latest_failures: [
      { id: 7, original_filename: 'IMG_0042.jpg', reason: 'corrupt', created_at: '2026-05-10T09:00:00Z' },
    ],
  },
  faces: { enabled: true, media: 5, indexed: 2, failed: 0, waiting: 3, faces: 9 },
  bibs: null,
};

const API = '/api/organiser/v1/events/';
const json = (req: RecordedRequest) => JSON.parse(req.body) as Record<string, unknown>;

/** The console's event calls as the server answers them: one organisation (34), one event. */
function eventsApi(req: RecordedRequest): Answer {
  if (req.path.startsWith('/api/v2/users/me/'))
    return { status: 200, body: makeUser({ organisation_count: 1 }) };
  if (req.path === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (req.path === '/api/organiser/v1/organisations/34/photographers/')
    return {
      status: 200,
      body: {
        results: [
          { id: 5, email: 'ana@lakeside.test', first_name: 'Ana', last_name: 'Ferri' },
          { id: 6, email: 'bo@lakeside.test', first_name: '', last_name: '' },
        ],
      },
    };
  if (req.method === 'GET' && req.path.split('?')[0] === API) {
    const { slug, name, status, start_date, end_date } = event;
    return {
      status: 200,
      body: { results: [makeOrganiserEvent({ slug, name, status, start_date, end_date })] },
    };
  }
  if (req.method === 'POST' && req.path === API) {
    event = makeConsoleEvent({ ...json(req), slug: 'abcd1234' } as Partial<ConsoleEvent>);
    return { status: 201, body: event };
  }
  const base = `${API}${event.slug}/`;
  if (req.path === base && req.method === 'GET') return { status: 200, body: event };
  if (req.path === base && req.method === 'PATCH') {
    event = { ...event, ...json(req) };
    return { status: 200, body: event };
  }
  if (req.path === `${base}progress/` && req.method === 'GET') return { status: 200, body: progress };
  if (req.path === `${base}galleries/` && req.method === 'GET')
    return { status: 200, body: { results: galleries } };
  if (req.path === `${base}galleries/` && req.method === 'POST') {
    const body = json(req) as { name: string; parent_id: number | null };
    const gallery = makeConsoleGallery({
      id: 90,
      name: body.name,
      parent_id: body.parent_id,
      position: galleries.length,
    });
    galleries = [...galleries, gallery];
    return { status: 201, body: gallery };
  }
  const one = new RegExp(`^${base}galleries/(\\d+)/$`).exec(req.path.split('?')[0]!);
  if (one && req.method === 'PATCH') {
    galleries = galleries.map((g) => (g.id === Number(one[1]) ? { ...g, ...json(req) } : g));
    return { status: 200, body: galleries.find((g) => g.id === Number(one[1])) };
  }
  if (one && req.method === 'DELETE') {
    const gone = galleries.find((g) => g.id === Number(one[1]))!;
    if (gone.media_count > 0 && !req.path.includes('move_to=')) {
      return { status: 409, body: { code: 'gallery_not_empty', message: 'Move its media first.' } };
    }
    galleries = galleries.filter((g) => g.id !== gone.id);
    return { status: 200, body: { detail: 'Deleted.' } };
  }
  return undefined;
}

// the machine runs several suites at once: a page with many steps needs more than the default 5 s,
// and an answer can take more than the default 1 s to show
vi.setConfig({ testTimeout: 60_000 });
const WAIT = { timeout: 15_000 };

const server = consoleTestServer((req) => eventsApi(req), {});
beforeAll(() => {
  configure({ asyncUtilTimeout: WAIT.timeout });
});
beforeEach(() => {
  myRole = 'owner';
  progress = WORKING;
  event = makeConsoleEvent();
  galleries = [
    makeConsoleGallery({ id: 11, name: 'Start', position: 0 }),
    makeConsoleGallery({ id: 12, name: 'Course', position: 1, media_count: 42 }),
    makeConsoleGallery({ id: 13, name: 'Km 10', parent_id: 12, position: 0 }),
  ];
});

const sent = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path.startsWith(path));

describe('the console home', () => {
  it("lists the organisation's events with their status, and a new event lands on its page", async () => {
    const router = renderApp('/organiser');
    const link = await screen.findByRole('link', { name: 'Lakeside City Marathon' }, WAIT);
    expect(within(link.closest('tr')!).getByText('Draft')).toBeTruthy();
    expect(sent('GET', API)[0]!.path).toBe(`${API}?organisation_id=34`);

    fireEvent.click(screen.getByRole('button', { name: 'New event' }));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Alpine Trail' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'stay' } });
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-07-03' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Rome' } });
    fireEvent.change(screen.getByLabelText('How participants find their photos'), {
      target: { value: 'face-checkin' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create the event' }));

    expect(await screen.findByRole('heading', { name: 'Alpine Trail' }, WAIT)).toBeTruthy();
    expect(here(router)).toBe('/organiser/events/abcd1234');
    expect(json(sent('POST', API)[0]!)).toEqual({
      organisation_id: 34,
      name: 'Alpine Trail',
      kind: 'stay',
      start_date: '2026-07-01',
      end_date: '2026-07-03',
      time_zone: 'Europe/Rome',
      // the organisation's currency unless changed
      currency: 'EUR',
      checkin_mode: 'face-checkin',
    });
  });

  it('refuses an event without a name without calling the server', async () => {
    renderApp('/organiser');
    fireEvent.click(await screen.findByRole('button', { name: 'New event' }, WAIT));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the event' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(sent('POST', API)).toHaveLength(0);
  });
});

describe('the event page', () => {
  it('publishes the event from the overview', async () => {
    renderApp('/organiser/events/5e1a0c3d');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }, WAIT));
    expect(await screen.findByText('The event is published.')).toBeTruthy();
    expect(json(sent('PATCH', `${API}5e1a0c3d/`)[0]!)).toEqual({ status: 'published' });
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Album codes' }).getAttribute('href')).toBe(
      '/organiser/events/5e1a0c3d/codes',
    );
    // the event's own dashboard, beside the console's Dashboard section
    const dashboards = screen.getAllByRole('link', { name: 'Dashboard' }).map((l) => l.getAttribute('href'));
    expect(dashboards).toContain('/organiser/events/5e1a0c3d/dashboard');
  });

  it('saves only the settings changed in a section, times in the event’s time zone', async () => {
    renderApp('/organiser/events/5e1a0c3d?tab=settings');
    const place = await screen.findByLabelText('Place', {}, WAIT);
    fireEvent.change(place, { target: { value: 'Lake Como' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save: General' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(json(sent('PATCH', `${API}5e1a0c3d/`)[0]!)).toEqual({ location: 'Lake Como' });

    // 09:30 in Rome in June is 07:30 UTC
    fireEvent.change(screen.getByLabelText('Live photos from'), { target: { value: '2026-06-01T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save: Availability' }));
    await vi.waitFor(() => expect(sent('PATCH', `${API}5e1a0c3d/`)).toHaveLength(2), WAIT);
    expect(json(sent('PATCH', `${API}5e1a0c3d/`)[1]!)).toEqual({ live_from: '2026-06-01T07:30:00.000Z' });
  });

  it('shows a contract error on the field and sends nothing', async () => {
    renderApp('/organiser/events/5e1a0c3d?tab=settings');
    fireEvent.change(await screen.findByLabelText('Cover image link', {}, WAIT), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save: General' }));
    expect(await screen.findByText('Enter a link starting with https:// or /.')).toBeTruthy();
    expect(screen.getByText('Nothing was saved: correct the marked fields.')).toBeTruthy();
    expect(sent('PATCH', API)).toHaveLength(0);
  });

  it('shows a locked currency disabled, with the reason', async () => {
    event = makeConsoleEvent({
      locked: ['currency'],
      locked_reasons: { currency: 'Photos of this event have been sold in EUR.' },
    });
    renderApp('/organiser/events/5e1a0c3d?tab=settings');
    const currency = await screen.findByLabelText('Currency', {}, WAIT);
    expect((currency as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Photos of this event have been sold in EUR: the currency stays/)).toBeTruthy();
    expect((screen.getByLabelText('Place') as HTMLInputElement).disabled).toBe(false);
  });

  it('adds, renames and deletes galleries, moving the photos of a full one', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/organiser/events/5e1a0c3d?tab=galleries');
    fireEvent.change(await screen.findByLabelText('Gallery name', {}, WAIT), {
      target: { value: 'Finish' },
    });
    const addForm = screen.getByRole('heading', { name: 'Add a gallery' }).closest('form')!;
    fireEvent.change(within(addForm).getByLabelText('Inside'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Gallery “Finish” added.')).toBeTruthy();
    expect(json(sent('POST', `${API}5e1a0c3d/galleries/`)[0]!)).toEqual({ name: 'Finish', parent_id: 12 });

    fireEvent.click(screen.getByRole('button', { name: 'Rename Start' }));
    fireEvent.change(screen.getByLabelText('New name of Start'), { target: { value: 'Start line' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Gallery renamed to “Start line”.')).toBeTruthy();
    expect(json(sent('PATCH', `${API}5e1a0c3d/galleries/11/`)[0]!)).toEqual({ name: 'Start line' });

    // Course holds 42 photos and Km 10: they go to Start line first
    const remove = screen.getByRole('button', { name: 'Delete Course' });
    // the rename's refresh still running keeps the controls disabled
    await vi.waitFor(() => expect((remove as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/holds 42 photos and videos/)).toBeTruthy();
    const target = within(dialog).getByLabelText('Move its photos and galleries to');
    // its own sub-galleries are no place for them
    expect(within(target).queryByText(/Km 10/)).toBeNull();
    fireEvent.change(target, { target: { value: '11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and delete' }));
    expect(await screen.findByText('Gallery “Course” deleted.')).toBeTruthy();
    expect(sent('DELETE', `${API}5e1a0c3d/galleries/12/`)[0]!.path).toMatch(/\?move_to=11$/);
    expect(window.confirm).not.toHaveBeenCalled();
  });

  it('is read-only for a role without events.manage', async () => {
    myRole = 'support';
    renderApp('/organiser/events/5e1a0c3d?tab=settings');
    expect(await screen.findByText(/Your role lets you look at this event/, {}, WAIT)).toBeTruthy();
    expect((screen.getByLabelText('Place') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Galleries' }));
    expect(await screen.findByText('Course')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByLabelText('Gallery name')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    // support does not see media (media.read): no progress panel, and it is never asked for
    expect(await screen.findByRole('heading', { name: 'At a glance' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Progress' })).toBeNull();
    expect(sent('GET', `${API}5e1a0c3d/progress/`)).toHaveLength(0);
  });

  it('shows the processing and face indexing live, asking again until everything is done', async () => {
    renderApp('/organiser/events/5e1a0c3d');
    const media = await screen.findByRole('progressbar', { name: 'Photos and videos processed' }, WAIT);
    // ready and failed are both done with
    expect(media.getAttribute('aria-valuenow')).toBe('6');
    expect(media.getAttribute('aria-valuemax')).toBe('10');
    expect(media.getAttribute('aria-valuetext')).toBe('6 of 10');
    const faces = screen.getByRole('progressbar', { name: 'Faces indexed' });
    expect(faces.getAttribute('aria-valuetext')).toBe('2 of 5');
    expect(screen.getByText('Still working: these numbers update by themselves.')).toBeTruthy();
    expect(screen.getByText('IMG_0042.jpg')).toBeTruthy();
    expect(screen.getByText('The file is damaged or incomplete.')).toBeTruthy();

    // the workers finish: the next poll shows it without a reload
    progress = {
      media: { ...WORKING.media, waiting: 0, processing: 0, ready: 9 },
      faces: { ...WORKING.faces, media: 9, indexed: 9, waiting: 0, faces: 20 },
      bibs: null,
    };
    expect(await screen.findByText('Everything uploaded has been processed.', {}, WAIT)).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Photos and videos processed' }).getAttribute('aria-valuetext'),
    ).toBe('10 of 10');
    expect(screen.getByRole('progressbar', { name: 'Faces indexed' }).getAttribute('aria-valuenow')).toBe(
      '9',
    );
    expect(sent('GET', `${API}5e1a0c3d/progress/`).length).toBeGreaterThanOrEqual(2);
  });

  it('says when the event does not search by face, and shows no face bar', async () => {
    progress = { ...WORKING, faces: { ...WORKING.faces, enabled: false } };
    renderApp('/organiser/events/5e1a0c3d');
    expect(await screen.findByText(/does not search by face/, {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Faces indexed' })).toBeNull();
  });

  it("lets a manager, who cannot see the team, assign the organisation's photographers", async () => {
    myRole = 'manager';
    event = makeConsoleEvent({ photographer_member_ids: [5] });
    renderApp('/organiser/events/5e1a0c3d?tab=photographers');
    const ana = await screen.findByRole('checkbox', { name: /Ana Ferri/ }, WAIT);
    expect((ana as HTMLInputElement).checked).toBe(true);
    // a photographer without a name is named by their e-mail
    fireEvent.click(screen.getByRole('checkbox', { name: /^bo@lakeside\.test/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save photographers' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(json(sent('PATCH', `${API}5e1a0c3d/`)[0]!)).toEqual({ photographer_member_ids: [5, 6] });
    // the owners' team list is never asked for
    expect(sent('GET', '/api/organiser/v1/organisations/34/members/')).toHaveLength(0);
  });

  it('hides New event from a role without events.manage', async () => {
    myRole = 'photographer';
    renderApp('/organiser');
    await screen.findByRole('link', { name: 'Lakeside City Marathon' }, WAIT);
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
  });
});
