import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import type { RecordedRequest } from '../../../test/http-server';
import { startTestServer } from '../../../test/http-server';
import { initTestI18n, resetApp } from '../../../test/setup';
import { fakeXhrFactory } from '../test/fake-xhr';
import { startUpload, type UploadTarget } from './upload-request';

const TARGET: UploadTarget = { slug: '5e1a0c3d', galleryId: 13, tags: 'bib-1042, bib-7' };
const photo = (name = 'finish.jpg', size = 200_000) =>
  new File([new Uint8Array(size).fill(65)], name, { type: 'image/jpeg' });

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let answer: (req: RecordedRequest) => { status: number; body?: unknown } | undefined;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => answer(req), { cors: true });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  answer = () => undefined;
  useAppStore.getState().setAuth('key-9', 'Token');
});

describe('an upload through the real local HTTP server', () => {
  it('sends the file and its target as multipart with the API headers, and reports progress', async () => {
    answer = (req) =>
      req.method === 'POST'
        ? { status: 201, body: { id: 41, duplicate: false, status: 'processing' } }
        : undefined;
    const progress: [number, number][] = [];
    const run = startUpload(photo(), TARGET, (loaded, total) => progress.push([loaded, total]));
    expect(await run.result).toEqual({ kind: 'accepted', id: 41, duplicate: false, status: 'processing' });

    const [request] = server.requests.filter((r) => r.method === 'POST');
    expect(request!.path).toBe('/api/organiser/v1/events/5e1a0c3d/media/');
    expect(request!.headers).toMatchObject({
      authorization: 'Token key-9',
      'x-event-owner': '34',
      'accept-language': 'en',
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(request!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.body).toContain('name="gallery_id"\r\n\r\n13\r\n');
    expect(request!.body).not.toContain('name="gallery"');
    expect(request!.body).toContain('name="tags"\r\n\r\nbib-1042, bib-7\r\n');
    expect(request!.body).toContain('filename="finish.jpg"');
    expect(request!.body).toContain('A'.repeat(1000));
    // the browser's progress events, up to the whole request (file and form fields)
    const last = progress.at(-1)!;
    expect(last[0]).toBe(last[1]);
    expect(last[1]).toBeGreaterThan(200_000);
  });

  it('reads a refusal: the reason of media_rejected (400 and 413), the field of a validation error', async () => {
    answer = () => ({
      status: 400,
      body: { code: 'media_rejected', message: 'Not a photo.', data: { reason: 'unsupported_type' } },
    });
    expect(await startUpload(photo('notes.jpg'), TARGET, () => {}).result).toEqual({
      kind: 'rejected',
      code: 'media_rejected',
      reason: 'unsupported_type',
      fieldMessage: null,
      message: 'Not a photo.',
    });
    answer = () => ({
      status: 413,
      body: { code: 'media_rejected', message: 'The file is too large.', data: { reason: 'too_large_file' } },
    });
    expect(await startUpload(photo(), TARGET, () => {}).result).toMatchObject({
      kind: 'rejected',
      reason: 'too_large_file',
    });
    answer = () => ({
      status: 400,
      body: {
        code: 'validation_error',
        message: 'Invalid.',
        data: { fields: { gallery_id: ['gallery.unknown'] } },
      },
    });
    expect(await startUpload(photo(), TARGET, () => {}).result).toMatchObject({
      kind: 'rejected',
      code: 'validation_error',
      fieldMessage: 'gallery.unknown',
    });
  });

  it('calls a server error a failure worth retrying, and sends no gallery or tags when none were chosen', async () => {
    answer = () => ({ status: 503, body: { code: 'server_error', message: 'Down.' } });
    const result = await startUpload(photo(), { slug: '5e1a0c3d', galleryId: null, tags: ' ' }, () => {})
      .result;
    expect(result).toEqual({ kind: 'failed', status: 503, message: 'Down.' });
    const body = server.requests.find((r) => r.method === 'POST')!.body;
    expect(body).not.toMatch(/name="gallery(_id)?"/);
    expect(body).not.toContain('name="tags"');
  });
});

describe('an upload with a request the test drives', () => {
  it('passes on each progress event of the upload, then the answer', async () => {
    const xhrs = fakeXhrFactory();
    const progress: number[] = [];
    const run = startUpload(
      photo('a.jpg', 1000),
      TARGET,
      (loaded, total) => progress.push(loaded / total),
      xhrs.create,
    );
    const xhr = xhrs.made[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${server.url}/api/organiser/v1/events/5e1a0c3d/media/`);
    expect(xhr.headers.Authorization).toBe('Token key-9');
    expect((xhr.body!.get('file') as File).name).toBe('a.jpg');
    xhr.progress(250, 1000);
    xhr.progress(700, 1000);
    xhr.progress(1000, 1000);
    xhr.respond(200, { id: 7, duplicate: true, status: 'ready' });
    expect(progress).toEqual([0.25, 0.7, 1]);
    expect(await run.result).toEqual({ kind: 'accepted', id: 7, duplicate: true, status: 'ready' });
  });

  it('stops when aborted, and calls a lost connection a failure', async () => {
    const xhrs = fakeXhrFactory();
    const cancelled = startUpload(photo(), TARGET, () => {}, xhrs.create);
    cancelled.abort();
    expect(xhrs.made[0]!.aborted).toBe(true);
    expect(await cancelled.result).toEqual({ kind: 'aborted' });

    const lost = startUpload(photo(), TARGET, () => {}, xhrs.create);
    xhrs.made[1]!.fail();
    expect(await lost.result).toEqual({ kind: 'failed', status: 0, message: '' });
  });
});
