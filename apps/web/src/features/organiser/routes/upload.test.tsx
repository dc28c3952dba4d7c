import { MEDIA_UPLOAD_PERMISSION, type OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../shared/api/query-client';
import { useAppStore } from '../../../shared/store/app-store';
import type { Handler, RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser, resetApp } from '../../../test/setup';
import { UploadScreen } from '../components/upload-screen';
import type { Uploader } from '../lib/upload-queue';
import type { UploadResult } from '../lib/upload-result';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation, makeOrganiserEvent, makeOrganiserMedia, mediaPage } from '../test/fixtures';

type Answer = ReturnType<Handler>;
let answer: (req: RecordedRequest) => Answer;
/** What the server's list of the marathon's uploads holds. */
let uploads: OrganiserMedia[];
let perms: string[];
/** The file name of each tus upload created, by its id. */
let tusUploads: string[];
/** SHA-256 of 50,000 bytes of 'C', the content of held.jpg. */
const HELD_SHA = 'a6365daaa6b00938418b963b3862b8d40772ef43358a14252ec0d68e36e52dd6';

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
  if (req.method === 'POST' && req.path === '/api/organiser/v1/events/5e1a0c3d/uploads/check/') {
    // the event holds the content of held.jpg already
    const { files } = JSON.parse(req.body) as { files: { name: string; sha256: string }[] };
    return {
      status: 200,
      body: { held: files.filter((f) => f.sha256 === HELD_SHA).map((f) => ({ ...f, media_id: 300 })) },
    };
  }
  // tus: creation, then one PATCH per file (they are small)
  if (req.method === 'POST' && req.path === '/api/organiser/v1/uploads/') {
    const id = String(tusUploads.length);
    tusUploads.push(atob(String(req.headers['upload-metadata']).match(/filename ([^,]+)/)![1]!));
    return { status: 201, headers: { Location: `${server.url}/api/organiser/v1/uploads/${id}` } };
  }
  if (req.method === 'PATCH' && req.path.startsWith('/api/organiser/v1/uploads/')) {
    const name = tusUploads[Number(req.path.split('/').pop())];
    if (name === 'notes.jpg') {
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
    return {
      status: 200,
      headers: { 'Upload-Offset': String(Buffer.byteLength(req.body)), 'Upload-Result': 'created' },
      body: { id, duplicate: false, status: 'processing' },
    };
  }
  return undefined;
}

const server = consoleTestServer((req) => answer(req));
beforeEach(() => {
  uploads = [];
  tusUploads = [];
  perms = [MEDIA_UPLOAD_PERMISSION];
  answer = organiserApi;
});

const jpeg = (name: string, size = 50_000, byte = 66) =>
  new File([new Uint8Array(size).fill(byte)], name, { type: 'image/jpeg' });
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
  it('opens on the event whose Upload link was followed, not on the one it would choose', async () => {
    // running from 2000 to 2999: the event the page opens on by default, whatever today is
    const running = makeOrganiserEvent({
      id: 2,
      slug: 'b7c9d2e4',
      name: 'Lakeside Night Run',
      start_date: '2000-01-01',
      end_date: '2999-12-31',
    });
    answer = (req) =>
      req.method === 'GET' && req.path === '/api/organiser/v1/events/'
        ? { status: 200, body: { results: [running, makeOrganiserEvent()] } }
        : organiserApi(req);
    renderApp('/organiser/upload?event=5e1a0c3d');
    await screen.findByRole('heading', { level: 1, name: 'Upload photos and videos' }, { timeout: 15_000 });
    const chosen = (await screen.findByLabelText('Event', {}, { timeout: 15_000 })) as HTMLSelectElement;
    expect(chosen.value).toBe('5e1a0c3d');
    cleanup();

    // an event the caller cannot upload to (or a typo) opens the default one
    renderApp('/organiser/upload?event=nothere1');
    await screen.findByRole('heading', { level: 1, name: 'Upload photos and videos' }, { timeout: 15_000 });
    const fallback = (await screen.findByLabelText('Event', {}, { timeout: 15_000 })) as HTMLSelectElement;
    expect(fallback.value).toBe('b7c9d2e4');
  });

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

    chooseFiles([jpeg('finish.jpg'), jpeg('notes.jpg', 30), jpeg('held.jpg', 50_000, 67)]);
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
    // held.jpg's content is in the event already: looked up by its hash, not sent
    expect(screen.getByText('1 already uploaded, skipped')).toBeTruthy();
    expect(screen.getByText('Finished: 1 of 2')).toBeTruthy();
    expect(tusUploads.sort()).toEqual(['finish.jpg', 'notes.jpg']);

    const thumbnail = await screen.findByRole('img', { name: 'finish.jpg' }, { timeout: 15_000 });
    expect(thumbnail.getAttribute('src')).toBe('/api/media/500/thumb?exp=1&sig=x');
    expect(screen.getByText(/Course › Km 10 · bib-7/)).toBeTruthy();
    const created = server.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/organiser/v1/uploads/',
    );
    const metadata = String(created[0]!.headers['upload-metadata']);
    expect(metadata).toContain(`gallery ${btoa('13')}`);
    expect(metadata).toContain(`tags ${btoa('bib-7')}`);
    expect(created.every((r) => r.headers.authorization === 'Token key-1')).toBe(true);
    // real hashing, look-up and tus requests: more than the default budget on a loaded machine
  }, 20_000);
});

/** An uploader whose uploads the test drives: progress, an answer. */
function manualUploads() {
  const made: {
    name: string;
    progress: (l: number, t: number) => void;
    finish: (r: UploadResult) => void;
    aborted: boolean;
  }[] = [];
  const uploader: Uploader = (file, _target, onProgress) => {
    let finish!: (r: UploadResult) => void;
    const result = new Promise<UploadResult>((resolve) => {
      finish = resolve;
    });
    const run = { name: file.name, progress: onProgress, finish, aborted: false };
    made.push(run);
    return {
      result,
      abort: () => {
        run.aborted = true;
        finish({ kind: 'aborted' });
      },
    };
  };
  return { made, uploader };
}

describe('the upload queue on screen', () => {
  function renderScreen() {
    const uploads = manualUploads();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UploadScreen events={[makeOrganiserEvent()]} uploader={uploads.uploader} check={null} />
      </QueryClientProvider>,
    );
    return uploads;
  }

  it("moves each file's progress bar and the total with the upload's progress, three files at a time", async () => {
    const uploads = renderScreen();
    chooseFiles([jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg'), jpeg('d.jpg')]);
    expect(uploads.made).toHaveLength(3);
    await screen.findByRole('progressbar', { name: 'Upload progress of d.jpg' });
    expect(within(row('d.jpg')).getByText('Waiting')).toBeTruthy();

    act(() => uploads.made[0]!.progress(20_000, 50_000));
    await within(row('a.jpg')).findByText('Uploading… 40%');
    expect(within(row('a.jpg')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('progressbar', { name: 'Total progress' }).getAttribute('aria-valuenow')).toBe(
      '10',
    );

    await act(async () =>
      uploads.made[1]!.finish({ kind: 'accepted', id: 9, duplicate: false, status: 'processing' }),
    );
    await within(row('b.jpg')).findByText('Uploaded, making previews…');
    expect(uploads.made).toHaveLength(4);
    await act(async () =>
      uploads.made[2]!.finish({ kind: 'accepted', id: 10, duplicate: true, status: 'ready' }),
    );
    await within(row('c.jpg')).findByText('Done – this file was already uploaded');
    expect(screen.getByText(/1 duplicate \(already in the event\)/)).toBeTruthy();
  });

  it('cancels an upload in flight; the same button then retries it', async () => {
    const uploads = renderScreen();
    chooseFiles([jpeg('a.jpg')]);
    const cancel = await screen.findByRole('button', { name: 'Cancel the upload of a.jpg' });
    cancel.focus();
    await act(async () => fireEvent.click(cancel));
    expect(uploads.made[0]!.aborted).toBe(true);
    await within(row('a.jpg')).findByText('Cancelled');
    const retry = screen.getByRole('button', { name: 'Retry the upload of a.jpg' });
    expect(document.activeElement).toBe(retry);

    await act(async () => fireEvent.click(retry));
    expect(uploads.made).toHaveLength(2);
    await act(async () => uploads.made[1]!.finish({ kind: 'failed', status: 0, message: '' }));
    await within(row('a.jpg')).findByText('Upload failed: no connection to the server.');
  });

  it('pauses and resumes all, and retries all failed files with one button', async () => {
    const uploads = renderScreen();
    chooseFiles([jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg'), jpeg('d.jpg')]);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Pause all' })));
    await act(async () => uploads.made[0]!.finish({ kind: 'failed', status: 503, message: '' }));
    expect(uploads.made).toHaveLength(3);
    await screen.findByText(/paused/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resume all' })));
    expect(uploads.made.map((u) => u.name)).toContain('d.jpg');
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Retry 1 failed file' })),
    );
    // three are running (b, c, d): a.jpg waits its turn
    await within(row('a.jpg')).findByText('Waiting');
    await act(async () =>
      uploads.made[1]!.finish({ kind: 'accepted', id: 3, duplicate: false, status: 'processing' }),
    );
    expect(uploads.made.at(-1)!.name).toBe('a.jpg');
  });

  it('keeps thousands of files to a few lines: totals, the files in flight and the next ones', async () => {
    const uploads = renderScreen();
    chooseFiles(Array.from({ length: 2000 }, (_, i) => jpeg(`p${i}.jpg`, 10)));
    await screen.findByText('Finished: 0 of 2,000', {}, { timeout: 5000 });
    expect(screen.getByText(/3 sending · 1997 waiting/)).toBeTruthy();
    // three in flight, the next three waiting
    expect(screen.getAllByRole('listitem').length).toBeLessThanOrEqual(6);
    expect(uploads.made).toHaveLength(3);
  });
});
