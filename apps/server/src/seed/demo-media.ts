import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { galleries, media } from '../db/album-schema';
import type { Db } from '../db/client';
import { demoVariant } from '../media/demo-variants';
import { makeDemoVideo } from '../media/demo-videos';
import { findFfmpeg } from '../media/ffmpeg';
import { photoServicesRepository } from '../repositories/photo-services.repository';
import type { MediaFilesService } from '../services/media/media-files.service';
import { DEMO_FACE_EVENT } from './demo-face-event';

/** The real event photographs shipped inside @vladmandic/face-api (demo/sample1..6.jpg). */
async function samplePhotos(): Promise<Buffer[]> {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
  return Promise.all([1, 2, 3, 4, 5, 6].map((n) => readFile(join(dir, `sample${n}.jpg`))));
}

interface Plan {
  slug: string;
  photos: number;
  /** Every `every`-th photo carries `tag`: what the demo participant's album code shows as theirs. */
  tag: string;
  every: number;
}

/**
 * Fills the demo events with photos made from the sample photographs (crops, flips, colour
 * changes), and the marathon with a few short videos, through the real pipeline: ingest, then the
 * derivatives job. Runs after the server listens, so the albums fill up while the visitor looks,
 * as photos arrive at a real event.
 */
export async function seedDemoMedia(
  db: Db,
  mediaFiles: MediaFilesService,
  marathonPhotos: number,
): Promise<number> {
  const plans: Plan[] = [
    { slug: '5e1a0c3d', photos: marathonPhotos, tag: 'bib-1042', every: 5 },
    { slug: '9b4f7e21', photos: Math.ceil(marathonPhotos / 10), tag: 'room-204', every: 3 },
    { slug: 'a1b7e5d0', photos: Math.ceil(marathonPhotos / 10), tag: 'bib-4821', every: 4 },
    // the face-search party: every photo is found by selfie, none by tag
    { slug: DEMO_FACE_EVENT.slug, photos: Math.min(24, Math.ceil(marathonPhotos / 10)), tag: '', every: 0 },
  ];
  const samples = await samplePhotos();
  const services = photoServicesRepository(db);
  let added = 0;
  for (const plan of plans) {
    const service = await services.findBySlug(plan.slug);
    if (!service) continue;
    const [existing] = await db
      .select({ n: count() })
      .from(media)
      .where(and(eq(media.photoServiceId, service.id), eq(media.type, 'photo')));
    if ((existing?.n ?? 0) >= plan.photos) continue;
    const galleryRows = await db
      .select({ id: galleries.id })
      .from(galleries)
      .where(and(eq(galleries.photoServiceId, service.id)))
      .orderBy(galleries.position, galleries.id);
    const start = new Date(`${service.startDate}T08:00:00Z`).getTime();
    for (let n = existing?.n ?? 0; n < plan.photos; n++) {
      const bytes = await demoVariant(samples[n % samples.length]!, n);
      const result = await mediaFiles.ingest({
        photoServiceId: service.id,
        galleryId: galleryRows.length > 0 ? galleryRows[n % galleryRows.length]!.id : null,
        tags: plan.every > 0 && n % plan.every === 0 ? [plan.tag] : [],
        filename: `demo-${plan.slug}-${n}.jpg`,
        bytes,
        takenAt: new Date(start + n * 47_000),
      });
      if (!result.duplicate) added++;
    }
  }
  return added + (await seedDemoVideos(db, mediaFiles, marathonPhotos));
}

/** One video per 40 marathon photos, at most 3: a demo with few photos (tests) stays fast. */
export function demoVideoCount(marathonPhotos: number): number {
  return Math.min(3, Math.floor(marathonPhotos / 40));
}

/**
 * Short clips made from the sample photographs at seed time (see `media/demo-videos.ts`), between
 * the marathon photos; all but the second show runner 1042, so the demo album has videos too.
 */
export async function seedDemoVideos(
  db: Db,
  mediaFiles: MediaFilesService,
  marathonPhotos: number,
): Promise<number> {
  const wanted = demoVideoCount(marathonPhotos);
  const service = await photoServicesRepository(db).findBySlug('5e1a0c3d');
  if (!service || wanted === 0) return 0;
  const [existing] = await db
    .select({ n: count() })
    .from(media)
    .where(and(eq(media.photoServiceId, service.id), eq(media.type, 'video')));
  if ((existing?.n ?? 0) >= wanted) return 0;
  const tools = await findFfmpeg();
  if (!tools) {
    console.warn(
      '  ffmpeg not found: the demo marathon has no videos (videos are refused until it is installed).',
    );
    return 0;
  }
  const samples = await samplePhotos();
  const galleryRows = await db
    .select({ id: galleries.id })
    .from(galleries)
    .where(eq(galleries.photoServiceId, service.id))
    .orderBy(galleries.position, galleries.id);
  const start = new Date(`${service.startDate}T08:00:00Z`).getTime();
  let added = 0;
  for (let n = existing?.n ?? 0; n < wanted; n++) {
    const result = await mediaFiles.ingest({
      photoServiceId: service.id,
      galleryId: galleryRows.length > 0 ? galleryRows[(n * 2 + 1) % galleryRows.length]!.id : null,
      tags: n === 1 ? [] : ['bib-1042'],
      filename: `demo-5e1a0c3d-clip-${n}.mp4`,
      bytes: await makeDemoVideo(tools, samples[(n * 2 + 2) % samples.length]!, n),
      // Between the photos, as a photographer switches to video now and then.
      takenAt: new Date(start + (25 + n * 80) * 47_000 + 23_000),
    });
    if (!result.duplicate) added++;
  }
  return added;
}
