import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import type { Handler, RecordedRequest } from '../../../test/http-server';
import { startTestServer } from '../../../test/http-server';
import { initTestI18n, resetApp } from '../../../test/setup';
import { tusTransport } from './tus-transport';
import { readResult, type UploadTarget } from './upload-result';

describe('what the answer that ends an upload says', () => {
  it('reads an accepted file, new or a duplicate (by the body or the Upload-Result header)', () => {
    expect(
      readResult({
        status: 200,
        body: '{"id":41,"duplicate":false,"status":"processing"}',
        result: 'created',
      }),
    ).toEqual({
      kind: 'accepted',
      id: 41,
      duplicate: false,
      status: 'processing',
    });
    expect(readResult({ status: 200, body: '{"id":7,"duplicate":true,"status":"ready"}' })).toMatchObject({
      duplicate: true,
    });
    expect(readResult({ status: 200, body: '{"id":7,"status":"ready"}', result: 'duplicate' })).toMatchObject(
      {
        duplicate: true,
      },
    );
  });

  it('reads a refusal with its reason (400 and 413, with or without the header), a field at fault', () => {
    const body = JSON.stringify({
      code: 'media_rejected',
      message: 'Not a photo.',
      data: { reason: 'unsupported_type' },
    });
    // the early refusal after the first bytes has no Upload-Result header: the body decides
    expect(readResult({ status: 400, body })).toEqual({
      kind: 'rejected',
      code: 'media_rejected',
      reason: 'unsupported_type',
      fieldMessage: null,
      message: 'Not a photo.',
    });
    expect(
      readResult({
        status: 413,
        body: JSON.stringify({ code: 'media_rejected', message: 'Big.', data: { reason: 'too_large_file' } }),
        result: 'rejected',
      }),
    ).toMatchObject({ kind: 'rejected', reason: 'too_large_file' });
    expect(
      readResult({
        status: 400,
        body: JSON.stringify({
          code: 'validation_error',
          message: 'Invalid.',
          data: { fields: { gallery: ['gallery.invalid'] } },
        }),
      }),
    ).toMatchObject({ kind: 'rejected', code: 'validation_error', fieldMessage: 'gallery.invalid' });
  });

  it('calls no answer, a server error or a 2xx without a media id a failure worth retrying', () => {
    expect(readResult({ status: 0, body: '' })).toEqual({ kind: 'failed', status: 0, message: '' });
    expect(readResult({ status: 503, body: '{"code":"server_error","message":"Down."}' })).toEqual({
      kind: 'failed',
      status: 503,
      message: 'Down.',
    });
    expect(readResult({ status: 204, body: '' })).toMatchObject({ kind: 'failed', status: 0 });
    expect(readResult({ status: 502, body: '<html>Bad gateway</html>' })).toMatchObject({
      kind: 'failed',
      status: 502,
    });
  });
});

/**
 * A small tus 1.0 server: creation answers a Location, each PATCH appends its body and answers the
 * new offset; the PATCH that completes a file answers the server's JSON result, and one named
 * notes.jpg is refused at its first bytes, as the real server does.
 */
type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
const uploads = new Map<string, { length: number; offset: number; metadata: string }>();
let patches = 0;

function tus(req: RecordedRequest): ReturnType<Handler> {
  if (req.method === 'POST' && req.path === '/api/organiser/v1/uploads/') {
    const id = `u${uploads.size + 1}`;
    uploads.set(id, {
      length: Number(req.headers['upload-length']),
      offset: 0,
      metadata: String(req.headers['upload-metadata']),
    });
    return {
      status: 201,
      headers: { Location: `${server.url}/api/organiser/v1/uploads/${id}`, 'Tus-Resumable': '1.0.0' },
    };
  }
  const upload = uploads.get(req.path.split('/').pop() ?? '');
  if (req.method === 'PATCH' && upload) {
    patches++;
    if (upload.metadata.includes(btoa('notes.jpg'))) {
      return {
        status: 400,
        body: { code: 'media_rejected', message: 'Not a photo.', data: { reason: 'unsupported_type' } },
      };
    }
    upload.offset += Buffer.byteLength(req.body);
    const headers = { 'Upload-Offset': String(upload.offset), 'Tus-Resumable': '1.0.0' };
    if (upload.offset < upload.length) return { status: 204, headers };
    return {
      status: 200,
      headers: { ...headers, 'Upload-Result': 'duplicate' },
      body: { id: 90, duplicate: true, status: 'ready' },
    };
  }
  return undefined;
}

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer(tus, { cors: true });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  useAppStore.getState().setAuth('key-9', 'Token');
});

const TARGET: UploadTarget = { slug: '5e1a0c3d', galleryId: 13, tags: 'bib-7' };
const photo = (name: string, size = 3000) =>
  new File([new Uint8Array(size).fill(65)], name, { type: 'image/jpeg' });

describe('an upload by tus through Uppy, against a local tus server', () => {
  it('sends the file with its event, gallery, name and tags, the token on every request, and reads the result', async () => {
    const requests = server.requests.length;
    const progress: number[] = [];
    const run = tusTransport().start(photo('finish.jpg'), TARGET, (loaded) => progress.push(loaded));
    expect(await run.result).toEqual({ kind: 'accepted', id: 90, duplicate: true, status: 'ready' });
    const sent = server.requests.slice(requests);
    const create = sent.find((r) => r.method === 'POST')!;
    const metadata = Object.fromEntries(
      String(create.headers['upload-metadata'])
        .split(',')
        .map((pair) => pair.split(' '))
        .map(([key, value]) => [key, atob(value ?? '')]),
    );
    expect(metadata).toMatchObject({
      event: '5e1a0c3d',
      gallery: '13',
      filename: 'finish.jpg',
      tags: 'bib-7',
    });
    expect(sent.every((r) => r.headers.authorization === 'Token key-9')).toBe(true);
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body.length)).toEqual([3000]);
    expect(progress.at(-1)).toBe(3000);
  });

  it('sends no gallery or tags when none were chosen', async () => {
    const requests = server.requests.length;
    const run = tusTransport().start(
      photo('start.jpg'),
      { slug: '5e1a0c3d', galleryId: null, tags: ' ' },
      () => {},
    );
    expect(await run.result).toMatchObject({ kind: 'accepted' });
    const metadata = String(
      server.requests.slice(requests).find((r) => r.method === 'POST')!.headers['upload-metadata'],
    );
    const keys = metadata.split(',').map((pair) => pair.split(' ')[0]);
    expect(keys).toContain('event');
    expect(keys).not.toContain('gallery');
    expect(keys).not.toContain('tags');
  });

  it('reports a file refused by its first bytes with the reason, and does not retry it', async () => {
    const before = patches;
    const run = tusTransport().start(photo('notes.jpg'), TARGET, () => {});
    expect(await run.result).toMatchObject({
      kind: 'rejected',
      code: 'media_rejected',
      reason: 'unsupported_type',
    });
    expect(patches - before).toBe(1);
  });
});
