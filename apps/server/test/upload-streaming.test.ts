import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { ownWorkDir } from '../src/media/work-dirs';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { type Harness, logInAsDemoOrganiser, startHarness } from './harness';

const MiB = 2 ** 20;
const BOUNDARY = '----fotodrop-streaming-test';

/**
 * A multipart upload generated as it is read, as a slow client's would arrive: `start` then
 * filler up to `size` bytes of file. `produced()` tells how much the server has pulled; with
 * `failAfter` the client goes away after that many bytes.
 */
function streamedUpload(start: Buffer, size: number, options: { failAfter?: number } = {}) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const filler = Buffer.alloc(256 * 1024, 'filler ');
  let sent = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  const stream = new Readable({
    read() {
      if (stage === 'head') {
        stage = 'file';
        this.push(Buffer.concat([head, start]));
        sent = start.length;
      } else if (stage === 'file') {
        if (options.failAfter !== undefined && sent >= options.failAfter) {
          this.destroy(new Error('the client went away'));
          return;
        }
        const n = Math.min(filler.length, size - sent);
        sent += n;
        if (sent >= size) stage = 'tail';
        this.push(filler.subarray(0, n));
      } else if (stage === 'tail') {
        stage = 'done';
        this.push(`\r\n--${BOUNDARY}--\r\n`);
      } else {
        this.push(null);
      }
    },
  });
  return { stream, produced: () => sent };
}

/** What this process has left in its work folder (received uploads, video work). */
const leftInWorkDir = () => readdir(ownWorkDir()).catch(() => [] as string[]);

describe.each(BACKENDS)('streamed organiser uploads on %s', (backend) => {
  let h: Harness;
  let organiser: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    organiser = await logInAsDemoOrganiser(h.app);
  });
  afterAll(() => h?.close());

  const send = (payload: Readable) =>
    h.app.inject({
      method: 'POST',
      url: '/api/organiser/v1/events/5e1a0c3d/media/',
      headers: {
        authorization: `Token ${organiser}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload,
    });
  const mediaCount = async () =>
    (await h.database.executeSql('select count(*)::int as n from media', [])).rows[0];

  it('refuses a file that is no photo or video at its first bytes, without reading the rest', async () => {
    const before = await mediaCount();
    const upload = streamedUpload(Buffer.from('%PDF-1.7 not a photo\n'), 1024 * MiB);
    const answer = await send(upload.stream);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'media_rejected', data: { reason: 'unsupported_type' } });
    // A gigabyte offered; what was read is what sits in the stream buffers between client and check.
    expect(upload.produced()).toBeLessThan(16 * MiB);
    expect(answer.headers.connection).toBe('close');
    expect(await leftInWorkDir()).toEqual([]);
    expect(await mediaCount()).toEqual(before);
  });

  it('refuses a photo larger than the photo limit while it arrives', async () => {
    const before = await mediaCount();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    // A real JPEG start, then far more than 40 MB: the limit of photos, not the 200 MB of videos.
    const upload = streamedUpload(jpeg, 180 * MiB);
    const answer = await send(upload.stream);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: 'media_rejected', data: { reason: 'too_large_file' } });
    expect(upload.produced()).toBeLessThan(60 * MiB);
    expect(await leftInWorkDir()).toEqual([]);
    expect(await mediaCount()).toEqual(before);
  });

  it('removes what it received of an upload whose client goes away', async () => {
    const before = await mediaCount();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
    const upload = streamedUpload(jpeg, 30 * MiB, { failAfter: 5 * MiB });
    await send(upload.stream).catch(() => null);
    for (let i = 0; i < 100 && (await leftInWorkDir()).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await leftInWorkDir()).toEqual([]);
    expect(await mediaCount()).toEqual(before);
  });

  it('stores a normal photo and keeps no temporary file of it', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#33c' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([jpeg]), 'blue.jpg');
    const body = new Response(form);
    const answer = await h.app.inject({
      method: 'POST',
      url: '/api/organiser/v1/events/5e1a0c3d/media/',
      headers: {
        authorization: `Token ${organiser}`,
        'content-type': body.headers.get('content-type')!,
      },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(answer.statusCode).toBe(201);
    const { id } = answer.json() as { id: number };
    expect(await leftInWorkDir()).toEqual([]);
    await h.services.mediaFiles.processDerivatives(id);
    const { rows } = await h.database.executeSql('select status, width from media where id = $1', [id]);
    expect(rows[0]).toEqual({ status: 'ready', width: 640 });
  });
});
