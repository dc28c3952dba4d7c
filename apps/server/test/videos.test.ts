import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import { DEMO_VIDEO_SECONDS } from '../src/media/demo-videos';
import { ffmpegForTests, makeTestVideo, probeForTests } from '../src/media/test-videos';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { seedDemoVideos } from '../src/seed/demo-media';
import { DERIVATIVES_QUEUE, mediaFilesService } from '../src/services/media/media-files.service';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, SIGNUP, startHarness } from './harness';

/** A real multipart body, as a browser or the ingest command sends it. */
async function multipart(fields: Record<string, string>, file: { bytes: Buffer; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([file.bytes]), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

interface MediaRow {
  type: string;
  status: string;
  error: string | null;
  width: number;
  height: number;
  duration_seconds: number | null;
}

describe.each(BACKENDS)('videos on %s', (backend) => {
  let h: Harness;
  let organiser: string;
  let clip: Buffer;
  let videoId: number;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    organiser = await logInAsDemoOrganiser(h.app);
    // A phone held upright: stored 640 × 360, shown 360 × 640.
    clip = await makeTestVideo({ width: 640, height: 360, seconds: 2, rotation: 90, withLocation: true });
    // The real queue and worker, as `npm start` runs them.
    await h.jobs.work<{ mediaId: number }>(DERIVATIVES_QUEUE, ({ mediaId }) =>
      h.services.mediaFiles.processDerivatives(mediaId),
    );
  });
  afterAll(() => h?.close());

  const upload = async (bytes: Buffer, name: string, fields: Record<string, string> = {}) => {
    const body = await multipart(fields, { bytes, name });
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/organiser/v1/events/5e1a0c3d/media/',
      headers: { authorization: `Token ${organiser}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  };
  const row = async (id: number) =>
    (
      await h.database.executeSql(
        'select type, status, error, width, height, duration_seconds from media where id = $1',
        [id],
      )
    ).rows[0] as MediaRow;
  const mediaCount = async () =>
    (await h.database.executeSql('select count(*)::int as n from media', [])).rows[0];
  /** Until the worker has finished with the medium (bounded by the test's timeout). */
  const settled = async (id: number) => {
    for (;;) {
      const current = await row(id);
      if (current.status !== 'processing') return current;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('seeds the demo marathon with a short video once, through the same pipeline', async () => {
    const service = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    const demo = `select id, tags from media where photo_service_id = $1 and type = 'video' order by id`;
    // One video per 40 photos; a second run finds it there and adds nothing.
    expect(await seedDemoVideos(h.database.db, h.services.mediaFiles, 40)).toBe(1);
    expect(await seedDemoVideos(h.database.db, h.services.mediaFiles, 40)).toBe(0);
    const rows = (await h.database.executeSql(demo, [service.id])).rows as { id: number; tags: string[] }[];
    expect(rows.map((r) => r.tags)).toEqual([['bib-1042']]);
    expect(await settled(rows[0]!.id)).toMatchObject({
      type: 'video',
      status: 'ready',
      width: 1280,
      height: 720,
      duration_seconds: DEMO_VIDEO_SECONDS,
    });
  });

  it('takes an organiser’s video upload and makes it ready in the background job', async () => {
    const created = await upload(clip, 'finish-line.mov', { gallery: 'finish', tags: 'bib-1042' });
    expect(created).toEqual({
      status: 201,
      body: { id: expect.any(Number), duplicate: false, status: 'processing' },
    });
    videoId = created.body.id as number;
    expect(await row(videoId)).toMatchObject({ type: 'video', width: 360, height: 640, duration_seconds: 2 });
    expect(await settled(videoId)).toEqual({
      type: 'video',
      status: 'ready',
      error: null,
      width: 360,
      height: 640,
      duration_seconds: 2,
    });
  });

  it('streams the web rendition through its signed link, with byte ranges for seeking', async () => {
    const url = h.services.mediaFiles.url(videoId, 'video');
    const whole = await h.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    expect(Number(whole.headers['content-length'])).toBe(size);
    const probe = await probeForTests(whole.rawPayload);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: 360,
      height: 640,
    });
    expect(probe.format.tags?.location).toBeUndefined();

    const part = await h.app.inject({ url, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 1100))).toBe(true);

    const tail = await h.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);

    // Several ranges at once, or a conditional range we cannot check, get the whole file.
    for (const headers of [{ range: 'bytes=0-1,5-9' }, { range: 'bytes=0-1', 'if-range': '"abc"' }]) {
      const answer = await h.app.inject({ url, headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.length).toBe(size);
    }

    const beyond = await h.app.inject({ url, headers: { range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('refuses forged, unsigned and re-targeted links before reading any file', async () => {
    const url = h.services.mediaFiles.url(videoId, 'video');
    const forged = url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(forged).not.toBe(url);
    const answer = await h.app.inject({ url: forged, headers: { range: 'bytes=0-99' } });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('invalid_link');
    expect((await h.app.inject({ url: `/api/media/${videoId}/video` })).statusCode).toBe(403);
    const other = h.services.mediaFiles.url(videoId, 'preview').replace('/preview?', '/video?');
    expect((await h.app.inject({ url: other })).statusCode).toBe(403);
  });

  it('shows an upright poster as the thumbnail and previews of a video', async () => {
    const thumb = await h.app.inject({
      url: h.services.mediaFiles.url(videoId, 'thumb'),
      headers: { accept: 'image/webp,*/*' },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([225, 400]);
    const preview = await h.app.inject({
      url: h.services.mediaFiles.url(videoId, 'preview'),
      headers: { range: 'bytes=0-1' },
    });
    expect(preview.statusCode).toBe(206);
    expect(preview.rawPayload).toEqual(Buffer.from([0xff, 0xd8])); // a JPEG, served in ranges too
  });

  it("lists the video in the runner's album with its duration", async () => {
    const token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    const checkinId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token }))
      .body.id as number;
    const all = await call(h.app, 'GET', `/api/v3/checkins/${checkinId}/all-medias/?page=1`, undefined, {
      token,
    });
    const listed = (all.body.results as { id: number; type: string; duration_seconds: number | null }[]).find(
      (m) => m.id === videoId,
    );
    expect(listed).toMatchObject({ type: 'video', duration_seconds: 2 });
  });

  it('refuses a cut-off video and a text file named .mp4, and stores nothing', async () => {
    const before = await mediaCount();
    const cut = await upload(clip.subarray(0, Math.floor(clip.length / 2)), 'cut.mp4');
    expect(cut).toMatchObject({ status: 400, body: { code: 'media_rejected', data: { reason: 'corrupt' } } });
    const text = await upload(Buffer.from('this is not a video'), 'clip.mp4');
    expect(text).toMatchObject({ status: 400, body: { data: { reason: 'unsupported_type' } } });
    expect(await mediaCount()).toEqual(before);
  });

  describe('without ffmpeg', () => {
    const saved = process.env.FFMPEG_PATH;
    afterAll(() => {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    });

    it('refuses videos with a clear message and still takes photos', async () => {
      process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
      const before = await mediaCount();
      const other = await makeTestVideo({ seconds: 1 });
      const refused = await upload(other, 'clip.mp4');
      expect(refused).toMatchObject({
        status: 400,
        body: {
          code: 'media_rejected',
          message: 'This server cannot process videos yet.',
          data: { reason: 'video_unsupported' },
        },
      });
      expect(await mediaCount()).toEqual(before);
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
        .jpeg()
        .toBuffer();
      expect((await upload(photo, 'photo.jpg')).status).toBe(201);
    });

    it('marks a queued video failed, with the reason, when ffmpeg has gone by the time the job runs', async () => {
      // Two services on one database and storage: one uploads with ffmpeg, one runs the job
      // without it. Replaced: the queue (jobs are run by hand here, not by the harness's worker).
      const dir = await mkdtemp(join(tmpdir(), 'fotodrop-videos-'));
      try {
        const common = {
          db: h.database.db,
          storage: localStorage(dir),
          jobs: {
            send: async () => null,
            work: async () => undefined,
            running: async () => [],
            stop: async () => undefined,
          },
          secret: 'test-media-secret-0123456789abcdef',
          now: () => new Date(),
        };
        const withTools = mediaFilesService({ ...common, ffmpeg: ffmpegForTests });
        const withoutTools = mediaFilesService({ ...common, ffmpeg: async () => null });
        const service = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
        const { id } = await withTools.ingest({
          photoServiceId: service.id,
          galleryId: null,
          tags: [],
          filename: null,
          bytes: await makeTestVideo({ seconds: 1, width: 160, height: 120 }),
        });
        await withoutTools.processDerivatives(id);
        expect(await row(id)).toMatchObject({ type: 'video', status: 'failed', error: 'video_unsupported' });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
