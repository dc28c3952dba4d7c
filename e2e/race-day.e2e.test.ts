import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import sharp, { type OverlayOptions } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSample, SAMPLE_NAMES } from '../apps/server/src/media/test-samples';
import { runnerOptOutTokens } from '../apps/server/src/services/runners/runner-ready';
import { launchBrowser, PHONE_CONTEXT, screenshot } from './support/browser';
import { apiToken } from './support/journey';
import { apiOf, outboxTexts, scratchDatabase } from './support/restart';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 20's "Must show": an organiser makes a sport event, issues its bibs, imports 20 runners
 * and uploads 60 photos, 30 of them carrying the bibs of 15 runners. Recognition reads the bibs;
 * each photographed runner gets exactly one "ready" e-mail whose code opens exactly their photos;
 * a runner who opted out gets none, runners never photographed get none; find by bib opens the
 * album with the right last name and not with a wrong one. Real server, real OCR, PostgreSQL.
 */

const SECRET = 'race-day-e2e-media-secret-0123456789abcdef';
const ORGANISER = { email: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' };
const PARTICIPANT = { email: 'demo@fotodrop.test', password: 'Fotodrop-demo1' };
const RUNNERS = Array.from({ length: 20 }, (_, i) => ({
  bib: String(1001 + i),
  first: `Runner${i + 1}`,
  last: ['Rossi', 'García-López', "O'Neil", 'Novak', 'Müller'][i % 5] ?? 'Rossi',
  email: `runner${i + 1}@race.test`,
}));
/** Runners 1–15 are on two photos each; 16–20 on none. */
const PHOTOGRAPHED = RUNNERS.slice(0, 15);
const OPTED_OUT = RUNNERS[2]!;
const PHOTOS = 60;

/** A photo of a runner with a plain bib plate (or of the crowd without one) on a real group photo. */
async function makePhotos(dir: string): Promise<{ path: string; name: string; bib: string | null }[]> {
  const backgrounds = await Promise.all(SAMPLE_NAMES.map((n) => readSample(n)));
  const out: { path: string; name: string; bib: string | null }[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const bib = i < 30 ? PHOTOGRAPHED[i % 15]!.bib : null;
    const layers: OverlayOptions[] = [];
    if (bib) {
      const plate = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="420">
        <rect width="360" height="420" rx="60" fill="hsl(${(i * 47) % 360},60%,40%)"/>
        <rect x="50" y="90" width="260" height="160" rx="8" fill="#fafafa" stroke="#222" stroke-width="3"/>
        <text x="180" y="210" font-family="DejaVu Sans" font-weight="bold" font-size="100" text-anchor="middle" fill="#111">${bib}</text>
      </svg>`;
      layers.push({ input: Buffer.from(plate), left: 200 + ((i * 131) % 1200), top: 800 });
    }
    const background = backgrounds[i % backgrounds.length]!;
    const jpeg = await sharp(background)
      .resize(1920, 1280, { fit: 'cover' })
      .composite(layers)
      .modulate({ brightness: 0.9 + (i % 5) * 0.05 })
      .jpeg({ quality: 85 })
      .toBuffer();
    const name = `harbour-${String(i + 1).padStart(3, '0')}.jpg`;
    const path = join(dir, name);
    await writeFile(path, jpeg);
    out.push({ path, name, bib });
  }
  return out;
}

/** The e-mails in the outbox, decoded from quoted-printable enough to read links and headers. */
async function readyMails(server: RunningServer) {
  const texts = await outboxTexts(server);
  return texts
    .map((t) => t.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((t) => t.includes('/preview?picacode=') && t.includes('/runners/opt-out?token='))
    .map((t) => ({
      to: /^To: (.+)$/m.exec(t)?.[1]?.trim() ?? '',
      code: /\/preview\?picacode=([A-Z0-9]+)/.exec(t)?.[1] ?? '',
      text: t,
    }));
}

describe('race day: bibs read, runners told once, find by bib', () => {
  const database = scratchDatabase();
  let server: RunningServer;
  let browser: Browser;
  let photoDir = '';
  const api = apiOf(() => server);
  let organiser = '';
  let participant = '';
  let slug = '';
  let photos: { path: string; name: string; bib: string | null }[] = [];

  beforeAll(async () => {
    await database.create();
    photoDir = await mkdtemp(join(tmpdir(), 'fotodrop-race-'));
    [server, browser, photos] = await Promise.all([
      startServer({ DATABASE_URL: database.url, MEDIA_URL_SECRET: SECRET, READY_EMAILS_PER_MINUTE: '6000' }),
      launchBrowser(),
      makePhotos(photoDir),
    ]);
    organiser = await apiToken(server.url, ORGANISER);
    participant = await apiToken(server.url, PARTICIPANT);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database.drop();
    if (photoDir) await rm(photoDir, { recursive: true, force: true });
  });

  it('the organiser creates the race, issues bibs, imports runners and uploads photos', async () => {
    const orgs = await api('GET', '/organiser/v1/organisations/', undefined, organiser);
    const org = (orgs.body.results as { id: number; role: string }[]).find((o) => o.role === 'owner');
    expect(org).toBeDefined();
    const today = new Date().toISOString().slice(0, 10);
    const created = await api(
      'POST',
      '/organiser/v1/events/',
      {
        organisation_id: org!.id,
        name: 'Harbour Marathon',
        kind: 'event',
        start_date: today,
        end_date: today,
        currency: 'EUR',
        checkin_mode: 'none',
      },
      organiser,
    );
    expect(created.status).toBe(201);
    slug = created.body.slug as string;
    const gallery = await api(
      'POST',
      `/organiser/v1/events/${slug}/galleries/`,
      { name: 'Finish' },
      organiser,
    );
    expect(gallery.status).toBe(201);

    const issued = Array.from({ length: 1000 }, (_, i) => String(1000 + i));
    const bibs = await api(
      'PUT',
      `/organiser/v1/events/${slug}/bibs/`,
      { numbers: issued, recognition: true },
      organiser,
    );
    expect(bibs.status).toBe(200);
    expect((bibs.body.numbers as string[]).length).toBe(1000);

    const csv = [
      'First name,Last name,E-mail,Bib',
      ...RUNNERS.map((r) => `${r.first},"${r.last}",${r.email},${r.bib}`),
    ].join('\n');
    const imported = await fetch(
      `${server.url}/api/organiser/v1/events/${slug}/participants/import/?consent_confirmed=true`,
      {
        method: 'POST',
        headers: { authorization: `Token ${organiser}`, 'content-type': 'text/csv' },
        body: csv,
      },
    );
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ imported: 20, refused: [] });

    for (const photo of photos) {
      const form = new FormData();
      form.set('gallery_id', String(gallery.body.id));
      form.set('file', new Blob([await readFile(photo.path)], { type: 'image/jpeg' }), photo.name);
      const upload = await fetch(`${server.url}/api/organiser/v1/events/${slug}/media/`, {
        method: 'POST',
        headers: { authorization: `Token ${organiser}` },
        body: form,
      });
      expect(upload.status).toBe(201);
    }
  }, 300_000);

  it('a runner who opts out before the photos are out is told nothing', async () => {
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query<{ id: number }>('select id from runners where bib = $1', [OPTED_OUT.bib]);
    await db.end();
    // the token the runner's e-mails carry; no e-mail has gone out yet, so the test signs it as the server does
    const token = runnerOptOutTokens(SECRET).token(rows[0]!.id);
    const page = await (await browser.newContext(PHONE_CONTEXT)).newPage();
    await page.goto(`${server.url}/runners/opt-out?token=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: 'Stop these e-mails' }).click();
    await page.getByText('you will get no more e-mails about your photos of Harbour Marathon').waitFor();
    await screenshot(page, 'race-day-opt-out-390');
    await page.context().close();
  }, 120_000);

  it('recognition reads the bibs on the published photos', async () => {
    const published = await api(
      'PATCH',
      `/organiser/v1/events/${slug}/`,
      { status: 'published', find_by_bib: true },
      organiser,
    );
    expect(published.status).toBe(200);
    const expected = new Map(photos.map((p) => [p.name, p.bib]));
    await expect
      .poll(
        async () => {
          const list = await api(
            'GET',
            `/organiser/v1/events/${slug}/media/?page_size=100`,
            undefined,
            organiser,
          );
          const items = list.body.results as {
            filename: string;
            status: string;
            bibs: { number: string; source: string }[];
          }[];
          return items.filter(
            (m) =>
              m.status === 'ready' &&
              (expected.get(m.filename) === null ||
                m.bibs.some((b) => b.number === expected.get(m.filename))),
          ).length;
        },
        { timeout: 600_000, interval: 3000 },
      )
      .toBe(PHOTOS);
    const list = await api('GET', `/organiser/v1/events/${slug}/media/?page_size=100`, undefined, organiser);
    const items = list.body.results as { filename: string; bibs: { number: string; source: string }[] }[];
    // no bib read where none was printed, and every one read is what the plate says
    for (const m of items) {
      expect(m.bibs.map((b) => b.number)).toEqual(expected.get(m.filename) ? [expected.get(m.filename)] : []);
      for (const b of m.bibs) expect(b.source).toBe('ocr');
    }
  }, 900_000);

  it('each photographed runner gets one e-mail whose code opens exactly their photos', async () => {
    const told = PHOTOGRAPHED.filter((r) => r !== OPTED_OUT);
    await expect
      .poll(async () => (await readyMails(server)).length, { timeout: 180_000, interval: 2000 })
      .toBe(told.length);
    // later scans (another upload, the safety scan) must not write again
    await new Promise((r) => setTimeout(r, 8000));
    const mails = await readyMails(server);
    expect(mails.map((m) => m.to).sort()).toEqual(told.map((r) => r.email).sort());

    const list = await api('GET', `/organiser/v1/events/${slug}/media/?page_size=100`, undefined, organiser);
    const items = list.body.results as { id: number; filename: string }[];
    const idsOf = (bib: string) =>
      items
        .filter((m) => photos.find((p) => p.name === m.filename)?.bib === bib)
        .map((m) => m.id)
        .sort((a, b) => a - b);
    for (const mail of mails) {
      const runner = RUNNERS.find((r) => r.email === mail.to)!;
      expect(mail.text).toContain('/runners/opt-out?token=');
      const album = await api('POST', '/v2/checkins/', { picacode: mail.code }, participant);
      expect(album.status).toBe(201);
      const mine = await api(
        'GET',
        `/v3/checkins/${album.body.id}/medias/?page_size=100`,
        undefined,
        participant,
      );
      const ids = (mine.body.results as { id: number }[]).map((m) => m.id).sort((a, b) => a - b);
      expect(ids).toEqual(idsOf(runner.bib));
      expect(ids).toHaveLength(2);
    }

    // a runner opens the link on a phone, logged out: the preview shows their photos
    const first = mails[0]!;
    const page = await (await browser.newContext(PHONE_CONTEXT)).newPage();
    await page.goto(`${server.url}/preview?picacode=${first.code}`);
    await page.getByRole('img').first().waitFor();
    await screenshot(page, 'race-day-ready-link-390');
    await page.context().close();
  }, 400_000);

  it('find by bib opens the album with the right last name only', async () => {
    const runner = PHOTOGRAPHED[1]!;
    const wrong = await api(
      'POST',
      `/v1/events/${slug}/find-by-bib/`,
      { bib: runner.bib, last_name: 'Smith' },
      participant,
    );
    expect(wrong.status).toBe(404);
    const right = await api(
      'POST',
      `/v1/events/${slug}/find-by-bib/`,
      { bib: runner.bib, last_name: 'garcia lopez' },
      participant,
    );
    expect(right.status).toBe(201);
    const mine = await api(
      'GET',
      `/v3/checkins/${right.body.id}/medias/?page_size=100`,
      undefined,
      participant,
    );
    expect((mine.body.results as unknown[]).length).toBe(2);
  }, 120_000);
});
