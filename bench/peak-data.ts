// The data of `bench:peak` (issue 20): the demo marathon on a scratch PostgreSQL database, RUNNERS
// runners imported as the organiser imports them (CSV, each runner a participant code scoped to
// their bib), PHOTOS published photos each carrying several of those bibs (a mass start: every
// album is different and has more than 4 pages of 40), each photo's preview a real JPEG on disk,
// and every runner an account that is already logged in (a token, as the browser keeps it).
import { randomBytes } from 'node:crypto';
import { link, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { sha256 } from '../apps/server/src/adapters/secrets';
import { readSample, SAMPLE_NAMES } from '../apps/server/src/media/test-samples';

export const EVENT = '5e1a0c3d'; // the demo marathon
const ORGANISER = { username: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' };
const FIRST_BIB = 2001;
/** The preview's long side, as a phone's viewer shows it (the pipeline's preview is of this order). */
const PREVIEW_PX = 1280;

export interface Runner {
  bib: string;
  code: string;
  token: string;
}

export interface PeakData {
  runners: Runner[];
  photos: number;
  /** Photos each runner's album holds (fewest, most). */
  albumPhotos: { min: number; max: number };
  previewBytes: number;
}

/** `bibsPerPhoto` bibs on photo `g`: a band of runners that shifts from photo to photo. */
function bibsOf(g: number, runners: number, bibsPerPhoto: number): number[] {
  const start = (g * 7) % runners;
  return Array.from({ length: bibsPerPhoto }, (_, k) => FIRST_BIB + ((start + k * 3) % runners));
}

/** The organiser's import, as the console sends it: the CSV as `text/csv`, consent confirmed. */
async function importRunners(url: string, count: number): Promise<void> {
  const login = await fetch(`${url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ORGANISER),
  });
  const { token } = (await login.json()) as { token: string };
  const lines = ['first_name,last_name,email,bib,language'];
  for (let i = 0; i < count; i++)
    lines.push(`Runner,Number${FIRST_BIB + i},runner${FIRST_BIB + i}@peak.test,${FIRST_BIB + i},en`);
  const answer = await fetch(
    `${url}/api/organiser/v1/events/${EVENT}/participants/import/?consent_confirmed=true`,
    {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'text/csv' },
      body: `${lines.join('\n')}\n`,
    },
  );
  const result = (await answer.json()) as { imported?: number; refused?: unknown[] };
  if (!answer.ok || result.imported !== count)
    throw new Error(`the import answered ${answer.status}: ${JSON.stringify(result).slice(0, 500)}`);
}

/** Four distinct real previews; every photo's `preview.jpg` is a hard link to one of them. */
async function writePreviews(dataDir: string, mediaIds: number[]): Promise<number> {
  const sources = join(dataDir, 'peak-previews');
  await mkdir(sources, { recursive: true });
  const files: string[] = [];
  let bytes = 0;
  for (const name of SAMPLE_NAMES.slice(0, 4)) {
    const jpeg = await sharp(await readSample(name))
      .resize({ width: PREVIEW_PX, height: PREVIEW_PX, fit: 'inside' })
      .jpeg({ quality: 80 })
      .toBuffer();
    const file = join(sources, name);
    await writeFile(file, jpeg);
    files.push(file);
    bytes += jpeg.length;
  }
  for (const [i, id] of mediaIds.entries()) {
    const folder = join(dataDir, 'media', 'media', String(id));
    await mkdir(folder, { recursive: true });
    await link(files[i % files.length]!, join(folder, 'preview.jpg'));
  }
  return Math.round(bytes / files.length);
}

/**
 * Seeds the run's database through the API process at `url` (migrated and seeded with the demo)
 * and `db`; the previews go under `dataDir` as local storage keeps them.
 */
export async function seedPeak(
  url: string,
  db: pg.Client,
  dataDir: string,
  counts: { runners: number; photos: number; albumPages: number },
): Promise<PeakData> {
  const { runners: count, photos } = counts;
  const { rows: events } = await db.query('select id from photo_services where slug = $1', [EVENT]);
  const eventId = (events[0] as { id: number }).id;
  await db.query(
    `insert into event_bibs (photo_service_id, number)
     select $1, n::text from generate_series($2::int, $3::int) n on conflict do nothing`,
    [eventId, FIRST_BIB, FIRST_BIB + count - 1],
  );
  await importRunners(url, count);

  // Each album: albumPages pages of 40 and a part page, so the visit's pages are all full.
  const bibsPerPhoto = Math.min(count, Math.ceil(((counts.albumPages * 40 + 20) * count) / photos));
  const galleryIds = (
    await db.query(
      `select g.id from galleries g where g.photo_service_id = $1
         and not exists (select 1 from galleries c where c.parent_id = g.id) order by g.id`,
      [eventId],
    )
  ).rows.map((r: { id: number }) => r.id);
  const tags = Array.from({ length: photos }, (_, g) =>
    bibsOf(g, count, bibsPerPhoto).map((b) => `bib-${b}`),
  );
  const { rows: media } = await db.query(
    `insert into media (photo_service_id, gallery_id, type, status, tags, width, height, taken_at)
     select $1, ($2::int[])[1 + (g / 50) % array_length($2::int[], 1)], 'photo', 'ready',
       array(select jsonb_array_elements_text($3::jsonb -> g)), 1280, 853,
       timestamptz '2026-05-17 08:00:00+00' + (g * 2 || ' seconds')::interval
     from generate_series(0, $4::int - 1) g
     returning id`,
    [eventId, galleryIds, JSON.stringify(tags), photos],
  );
  const mediaIds = media.map((r: { id: number }) => r.id);
  const perRunner = new Map<number, number>();
  for (const g of tags.keys())
    for (const b of bibsOf(g, count, bibsPerPhoto)) perRunner.set(b, (perRunner.get(b) ?? 0) + 1);

  // Runners who signed up earlier (policies accepted, adult) and are logged in on their phone.
  const { rows: codes } = await db.query(
    `select r.bib, p.code from runners r join picacodes p on p.id = r.picacode_id
      where r.photo_service_id = $1 order by r.bib`,
    [eventId],
  );
  const runners: Runner[] = [];
  for (const { bib, code } of codes as { bib: string; code: string }[]) {
    const token = randomBytes(20).toString('hex');
    runners.push({ bib, code, token });
  }
  await db.query(
    `with u as (
       insert into users (email, first_name, last_name, policies_accepted_version, policies_accepted_at,
                          declared_adult_at, last_login_at)
       select 'runner' || b || '@peak.test', 'Runner', 'Number' || b, 1, now(), now(), now()
       from unnest($1::text[]) b
       returning id, email)
     insert into auth_tokens (user_id, key_hash, token_type, expires_at)
     select u.id, t.hash, 'Token', now() + interval '30 days'
     from unnest($1::text[], $2::text[]) t(bib, hash) join u on u.email = 'runner' || t.bib || '@peak.test'`,
    [runners.map((r) => r.bib), runners.map((r) => sha256(r.token))],
  );
  // What autovacuum does within a minute of publishing: statistics and the visibility map.
  await db.query('vacuum analyze');
  const previewBytes = await writePreviews(dataDir, mediaIds);
  const sizes = [...perRunner.values()];
  return {
    runners,
    photos,
    albumPhotos: { min: Math.min(...sizes), max: Math.max(...sizes) },
    previewBytes,
  };
}
