import { MEDIA_UPLOAD_PERMISSION, type OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../shared/api/query-client';
import { useAppStore } from '../../../shared/store/app-store';
import type { RecordedRequest } from '../../../test/http-server';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { UploadScreen } from '../components/upload-screen';
import { startUpload } from '../lib/upload-request';
import { fakeXhrFactory } from '../test/fake-xhr';
import { makeMyOrganisation, makeOrganiserEvent, makeOrganiserMedia, mediaPage } from '../test/fixtures';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Answer = { status: number; body?: unknown } | undefined;
let server: Server;
let answer: (req: RecordedRequest) => Answer;
/** What the server's list of the marathon's uploads holds. */
let uploads: OrganiserMedia[];
let perms: string[];

/** A small organiser API: events, the uploads list, and uploads that the server takes or refuses by name. */
function organiserApi(req: RecordedRequest): Answer {
  if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser({ perms }) };
  if (req.path === '/api/organiser/v1/organisations/') {
    return {
      status: 200,
      body: { results: perms.includes(MEDIA_UPLOAD_PERMISSION) ? [makeMyOrganisation()] : [] },
    };
  }
  if (req.method === 'GET' && req.path === '/api/organiser/v1/events/') {
    return perms.includes(MEDIA_UPLOAD_PERMISSION)
      ? { status: 200, body: { results: [makeOrganiserEvent()] } }
      : { status: 403, body: { code: 'permission_denied', message: 'No.' } };
  }
  if (req.method === 'GET' && req.path.startsWith('/api/organiser/v1/events/5e1a0c3d/media/?')) {
    return { status: 200, body: mediaPage(uploads) };
  }
  if (req.method === 'POST' && req.path === '/api/organiser/v1/events/5e1a0c3d/media/') {
    if (req.body.includes('filename="notes.jpg"')) {
      return {
        status: 400,
        body: { code: 'media_rejected', message: 'Not a photo.', data: { reason: 'unsupported_type' } },
      };
    }
    // the server has made the previews by the time the list is asked again
    const id = 500 + uploads.length;
    uploads = [
      makeOrganiserMedia({ id, original_filename: 'finish.jpg', gallery_id: 13, tags: ['bib-7'] }),
      ...uploads,
    ];
    return { status: 201, body: { id, duplicate: false, status: 'processing' } };
  }
  return undefined;
}

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => answer(req), { cors: true });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  uploads = [];
  perms = [MEDIA_UPLOAD_PERMISSION];
  answer = organiserApi;
  useAppStore.getState().setAuth('key-1', 'Token');
});
afterEach(cleanup);

const jpeg = (name: string, size = 50_000) =>
  new File([new Uint8Array(size).fill(66)], name, { type: 'image/jpeg' });
const chooseFiles = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Choose files', { selector: 'input' }), { target: { files } });
const row = (name: string) =>
  screen.getByRole('progressbar', { name: `Upload progress of ${name}` }).closest('li')!;

describe('the upload link', () => {
  it('shows in the header only for users with the upload permission', async () => {
    renderApp('/profile/resume');
    const link = await screen.findByRole('link', { name: 'Organiser' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/organiser');
    cleanup();

    resetApp(`${server.url}/api`);
    perms = [];
    useAppStore.getState().setAuth('key-1', 'Token');
    renderApp('/profile/resume');
    await screen.findByRole('link', { name: 'My albums' }, { timeout: 15_000 });
    expect(await screen.findByText('ada@example.com', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Organiser' })).toBeNull();
  });

  it('shows the console link to a member of an organisation without the upload permission', async () => {
    perms = [];
    answer = (req) =>
      req.path.startsWith('/api/v2/users/me/')
        ? { status: 200, body: makeUser({ perms, organisation_count: 1 }) }
        : organiserApi(req);
    renderApp('/profile/resume');
    const link = await screen.findByRole('link', { name: 'Organiser' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/organiser');
  });

  it('tells a user without the permission who opens the screen that they may not upload', async () => {
    perms = [];
    renderApp('/organiser/upload');
    expect(
      await screen.findByText(/Your account may not upload photos/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull();
  });
});

describe('the organiser upload screen', () => {
  it('uploads the chosen files into the chosen gallery, shows a refusal with its reason, and the photo ready', async () => {
    renderApp('/organiser/upload');
    await screen.findByRole('heading', { level: 1, name: 'Upload photos and videos' }, { timeout: 15_000 });
    expect(await screen.findByText('Nothing uploaded here yet.', {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByLabelText('Event') as HTMLSelectElement).value).toBe('5e1a0c3d');
    const gallery = screen.getByLabelText('Gallery') as HTMLSelectElement;
    expect([...gallery.options].map((o) => o.text)).toEqual([
      'No gallery (the whole event)',
      'Start',
      'Course',
      'Course › Km 10',
      'Finish',
    ]);
    fireEvent.change(gallery, { target: { value: '13' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'bib-7' } });

    chooseFiles([jpeg('finish.jpg'), jpeg('notes.jpg', 30)]);
    expect(
      await screen.findByText(
        'Rejected: This is not a photo or video format we accept.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    // the list, asked again after the upload, shows the photo ready: its row says it is done
    await within(row('finish.jpg')).findByText('Done', {}, { timeout: 15_000 });
    const bar = within(row('finish.jpg')).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(within(row('notes.jpg')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Finished: 1 of 2')).toBeTruthy();

    const thumbnail = await screen.findByRole('img', { name: 'finish.jpg' }, { timeout: 15_000 });
    expect(thumbnail.getAttribute('src')).toBe('/api/media/500/thumb?exp=1&sig=x');
    expect(screen.getByText(/Course › Km 10 · bib-7/)).toBeTruthy();
    const sent = server.requests.filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toContain('name="gallery_id"\r\n\r\n13\r\n');
    expect(sent[0]!.body).toContain('name="tags"\r\n\r\nbib-7\r\n');
  });
});

describe('the upload queue on screen', () => {
  function renderScreen() {
    const xhrs = fakeXhrFactory();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UploadScreen
          events={[makeOrganiserEvent()]}
          uploader={(file, target, onProgress) => startUpload(file, target, onProgress, xhrs.create)}
        />
      </QueryClientProvider>,
    );
    return xhrs;
  }

  it("moves each file's progress bar with the request's progress events, two files at a time", async () => {
    const xhrs = renderScreen();
    chooseFiles([jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    expect(xhrs.made).toHaveLength(2);
    expect(within(row('c.jpg')).getByText('Waiting')).toBeTruthy();

    act(() => xhrs.made[0]!.progress(20_000, 50_000));
    const bar = within(row('a.jpg')).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(row('a.jpg')).getByText('Uploading… 40%')).toBeTruthy();

    await act(async () => xhrs.made[1]!.respond(201, { id: 9, duplicate: false, status: 'processing' }));
    expect(within(row('b.jpg')).getByText('Uploaded, making previews…')).toBeTruthy();
    expect(xhrs.made).toHaveLength(3);
    expect(within(row('c.jpg')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('cancels an upload in flight; the same button then retries it', async () => {
    const xhrs = renderScreen();
    chooseFiles([jpeg('a.jpg')]);
    const cancel = screen.getByRole('button', { name: 'Cancel the upload of a.jpg' });
    cancel.focus();
    await act(async () => fireEvent.click(cancel));
    expect(xhrs.made[0]!.aborted).toBe(true);
    expect(within(row('a.jpg')).getByText('Cancelled')).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Retry the upload of a.jpg' });
    expect(document.activeElement).toBe(retry);

    await act(async () => fireEvent.click(retry));
    expect(xhrs.made).toHaveLength(2);
    await act(async () => xhrs.made[1]!.fail());
    expect(within(row('a.jpg')).getByText('Upload failed: no connection to the server.')).toBeTruthy();
  });
});
