import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { s3Storage } from '../src/adapters/storage/s3-storage';
import { startTestS3Server, type TestS3Server } from '../src/adapters/storage/s3-test-server';
import { openUploadStore } from '../src/adapters/storage/upload-store';
import { buildApp } from '../src/app';
import { seedDemo } from '../src/seed/demo';
import { uploadKey } from '../src/services/media/media-files.service';
import { BACKENDS } from './databases';
import { collectingMailer, type Harness, logInAsDemoOrganiser, startHarness } from './harness';

const UPLOADS = '/api/organiser/v1/uploads/';
const MARATHON = '5e1a0c3d';
const MiB = 1024 * 1024;

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server('fotodrop-tus');
});
afterAll(() => s3?.close());

/**
 * A PNG of noise, `size` pixels square: it barely compresses, so 1900 px make about 10.3 MiB,
 * more than one 8 MiB part of the S3 store (S3 takes parts of 5 MiB and more but the last).
 */
async function noisePhoto(size: number): Promise<Buffer> {
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Issue 18: resumable uploads with STORAGE=s3 — the tus store (@tus/s3-store, as
 * `openUploadStore` configures it) keeps the bytes in the bucket as a multipart upload until the
 * file is finished, then the medium is ingested into the same bucket.
 */
describe.each(BACKENDS)('resumable (tus) uploads on S3 on %s', (backend) => {
  let h: Harness;
  let base: string;
  let organiser: string;
  const prefix = `media-${backend}`;

  beforeAll(async () => {
    const options = s3.storageOptions();
    h = await startHarness(backend, {
      storage: s3Storage(s3.storageOptions(prefix)),
      uploadStore: openUploadStore({ kind: 's3', ...options }, '/nonexistent'),
    });
    await seedDemo(h.database.db, argon2Hasher, 1);
    organiser = await logInAsDemoOrganiser(h.app);
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => h?.close());

  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
    fetch(new URL(path, base), {
      method,
      headers: { 'tus-resumable': '1.0.0', authorization: `Token ${organiser}`, ...headers },
      ...(body ? { body } : {}),
    });
  const create = async (length: number) => {
    const metadata = `event ${Buffer.from(MARATHON).toString('base64')},filename ${Buffer.from('noise.png').toString('base64')}`;
    const answer = await send('POST', UPLOADS, {
      'upload-length': String(length),
      'upload-metadata': metadata,
    });
    expect(answer.status).toBe(201);
    return answer.headers.get('location')!;
  };
  const patch = (location: string, offset: number, bytes: Buffer) =>
    send(
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes,
    );
  const offsetOf = async (location: string) => {
    const head = await send('HEAD', location);
    expect(head.status).toBe(200);
    return Number(head.headers.get('upload-offset'));
  };
  /** The bucket's keys of one tus upload: `<id>`, `<id>.info`, `<id>.part`. */
  const tusObjects = async (location: string) => {
    const id = location.split('/').pop()!;
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: id }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  };
  /** A PATCH announcing `bytes` whose connection dies after `sent` of them. */
  const cutPatch = (location: string, offset: number, bytes: Buffer, sent: number) =>
    new Promise<void>((resolve) => {
      const req = httpRequest(new URL(location, base), {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Token ${organiser}`,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
    });

  it('takes a photo in chunks, resumes after a cut, and ingests it into the bucket', async () => {
    const bytes = await noisePhoto(1900);
    expect(bytes.length).toBeGreaterThan(9 * MiB);
    const location = await create(bytes.length);

    // a first chunk smaller than a part: kept in the bucket as the upload's incomplete part
    const first = await patch(location, 0, bytes.subarray(0, MiB));
    expect(first.status).toBe(204);
    expect(await offsetOf(location)).toBe(MiB);
    const id = location.split('/').pop()!;
    expect(await tusObjects(location)).toEqual([`${id}.info`, `${id}.part`]);

    // the next chunk dies after 7 MiB: what reached the bucket stays, and the offset says how much
    await cutPatch(location, MiB, bytes.subarray(MiB), 7 * MiB);
    const resumeAt = await offsetOf(location);
    expect(resumeAt).toBeGreaterThanOrEqual(MiB);
    expect(resumeAt).toBeLessThanOrEqual(8 * MiB);

    const last = await patch(location, resumeAt, bytes.subarray(resumeAt));
    expect(last.status).toBe(200);
    expect(last.headers.get('upload-result')).toBe('created');
    const result = (await last.json()) as { id: number; duplicate: boolean };
    expect(result.duplicate).toBe(false);
    const { rows } = await h.database.executeSql(
      'select sha256, original_filename from media where id = $1',
      [result.id],
    );
    expect(rows[0]).toEqual({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      original_filename: 'noise.png',
    });
    // the medium's file is in the bucket, byte for byte; the tus objects are gone
    const stored = await s3.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${uploadKey(result.id)}` }),
    );
    expect(
      createHash('sha256')
        .update(await stored.Body!.transformToByteArray())
        .digest('hex'),
    ).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await tusObjects(location)).toEqual([]);
    expect((await send('HEAD', location)).status).toBe(404);
    expect(await s3.multipartUploads()).toEqual([]);
  });

  it('refuses a file that is no photo at its first chunk and removes what it stored', async () => {
    const location = await create(9 * MiB);
    const refused = await patch(location, 0, Buffer.alloc(MiB, 'not a photo '));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'media_rejected',
      data: { reason: 'unsupported_type' },
    });
    expect(await tusObjects(location)).toEqual([]);
    expect(await s3.multipartUploads()).toEqual([]);
  });

  it('terminates an unfinished upload: its parts and objects leave the bucket', async () => {
    const bytes = await noisePhoto(1900);
    const location = await create(bytes.length);
    // one whole part (6 MiB) and an incomplete one (1 MiB)
    expect((await patch(location, 0, bytes.subarray(0, 6 * MiB))).status).toBe(204);
    expect((await patch(location, 6 * MiB, bytes.subarray(6 * MiB, 7 * MiB))).status).toBe(204);
    expect(await offsetOf(location)).toBe(7 * MiB);
    const id = location.split('/').pop()!;
    expect(await tusObjects(location)).toEqual([`${id}.info`, `${id}.part`]);

    const deleted = await send('DELETE', location);
    expect(deleted.status).toBe(204);
    expect(await tusObjects(location)).toEqual([]);
    expect((await send('HEAD', location)).status).toBe(404);
    expect(await s3.multipartUploads()).toEqual([]);
  });

  it('sweeps unfinished uploads older than 7 days from the bucket when the server starts', async () => {
    const stale = await create(9 * MiB);
    const fresh = await create(9 * MiB);
    const start = (await noisePhoto(600)).subarray(0, MiB / 2);
    for (const location of [stale, fresh]) expect((await patch(location, 0, start)).status).toBe(204);
    const staleId = stale.split('/').pop()!;
    await s3.backdateMultipartUpload(staleId, new Date(Date.now() - 8 * 86_400_000));

    const restarted = await buildApp({
      database: h.database,
      services: h.services,
      mailer: collectingMailer(),
      storage: s3Storage(s3.storageOptions(prefix)),
      uploadStore: openUploadStore({ kind: 's3', ...s3.storageOptions() }, '/nonexistent'),
      mediaSecret: 'test-media-secret-0123456789abcdef',
      publicUrl: 'http://localhost:8080',
      webDist: null,
      logLevel: 'silent',
    });
    try {
      for (let i = 0; i < 100 && (await tusObjects(stale)).length > 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await tusObjects(stale)).toEqual([]);
      expect(await s3.multipartUploads()).toEqual([fresh.split('/').pop()]);
      // (asked of the restarted server: the first one's S3Store still holds the upload's .info in
      // its in-process cache, see decisions)
      const head = await restarted.inject({
        method: 'HEAD',
        url: stale,
        headers: { 'tus-resumable': '1.0.0', authorization: `Token ${organiser}` },
      });
      expect(head.statusCode).toBe(404);
      expect(await offsetOf(fresh)).toBe(MiB / 2);
    } finally {
      await restarted.close();
      await send('DELETE', fresh);
    }
  });
});
