import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { s3Storage } from '../src/adapters/storage/s3-storage';
import { startTestS3Server, type TestS3Server } from '../src/adapters/storage/s3-test-server';
import { readSample } from '../src/media/test-samples';
import { mediaKey } from '../src/media/variants';
import { registerWorkers } from '../src/runtime';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { collectingMailer, type Harness, logInAsDemoOrganiser, startHarness } from './harness';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server('fotodrop-media');
});
afterAll(() => s3?.close());

/** Polls until `check` holds; the derivatives job runs in the harness's real job queue. */
async function until(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe.each(BACKENDS)('media on S3 storage on %s', (backend) => {
  let h: Harness;
  let organiser: string;
  const prefix = `installation-${backend}`;
  beforeAll(async () => {
    h = await startHarness(backend, { storage: s3Storage(s3.storageOptions(prefix)) });
    await seedDemo(h.database.db, argon2Hasher, 1);
    await registerWorkers({ jobs: h.jobs, mailer: collectingMailer(), services: h.services });
    organiser = await logInAsDemoOrganiser(h.app);
  });
  afterAll(() => h?.close());

  const objectKey = (key: string) => `${prefix}/${key}`;
  const inBucket = async (key: string) => {
    try {
      await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
      return true;
    } catch {
      return false;
    }
  };

  it('uploads a photo, makes its derivatives in the bucket and serves them from there by signed link', async () => {
    const photo = await sharp(await readSample('sample3.jpg'))
      .resize(900)
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('gallery', 'finish');
    form.set('file', new Blob([photo]), 'finish-s3.jpg');
    const body = new Response(form);
    const upload = await h.app.inject({
      method: 'POST',
      url: '/api/organiser/v1/events/5e1a0c3d/media/',
      headers: { authorization: `Token ${organiser}`, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(201);
    const id = upload.json().id as number;

    const status = async () =>
      (await h.database.executeSql('select status from media where id = $1', [id])).rows[0] as {
        status: string;
      };
    await until(async () => (await status()).status !== 'processing', 'the derivatives job');
    expect(await status()).toEqual({ status: 'ready' });
    expect(await inBucket(mediaKey(id, 'thumb-jpeg'))).toBe(true);
    expect(await inBucket(mediaKey(id, 'preview'))).toBe(true);
    // issue 20: the upload stays until the later job has made the original and the AVIF files
    await h.services.mediaFiles.processLater(id);
    expect(await inBucket(mediaKey(id, 'original'))).toBe(true);
    expect(await inBucket(`uploads/${id}`)).toBe(false);

    const thumbUrl = h.services.mediaFiles.url(id, 'thumb');
    const served = await h.app.inject({ url: thumbUrl, headers: { accept: 'image/jpeg' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const object = await s3.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(mediaKey(id, 'thumb-jpeg')) }),
    );
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect(served.headers['content-length']).toBe(String(stored.length));
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(400);

    // A watermarked thumbnail missing from the bucket (a photo derived before they existed) is made
    // again from the watermarked preview there; without that preview the file is not ready.
    const remove = (key: string) =>
      s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
    await remove(mediaKey(id, 'thumb-jpeg'));
    expect((await h.app.inject({ url: thumbUrl, headers: { accept: 'image/jpeg' } })).statusCode).toBe(200);
    expect(await inBucket(mediaKey(id, 'thumb-jpeg'))).toBe(true);
    await remove(mediaKey(id, 'thumb-jpeg'));
    await remove(mediaKey(id, 'preview'));
    const gone = await h.app.inject({ url: thumbUrl, headers: { accept: 'image/jpeg' } });
    expect(gone.statusCode).toBe(404);
  });
});
