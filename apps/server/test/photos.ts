import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Harness } from './harness';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample2.jpg', import.meta.url),
);

/**
 * A real photo through the real pipeline (ingest, then its derivatives), one shade brighter per
 * `shade` so no two are the same file.
 */
export async function addPhoto(
  h: Harness,
  place: { serviceId: number; galleryId: number; tags: string[] },
  shade: number,
): Promise<number> {
  const bytes = await sharp(await readFile(SAMPLE))
    .resize(320)
    .modulate({ brightness: 1 + shade / 10 })
    .jpeg()
    .toBuffer();
  const { id } = await h.services.mediaFiles.ingest({
    photoServiceId: place.serviceId,
    galleryId: place.galleryId,
    tags: place.tags,
    filename: null,
    bytes,
  });
  await h.services.mediaFiles.processDerivatives(id);
  return id;
}
