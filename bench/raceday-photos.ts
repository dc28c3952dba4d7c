// Race photos for `bench:raceday`: a real group photo (face-api's six event photos, 3–5 people
// each) cropped to 1920 × 1280 at a different place each time, with one or two runners drawn in
// front: a face crop of a labelled person (`/work/shared/data/faces/bbt`, when present) above a
// shirt that carries a bib plate with an issued number. Every photo's bytes differ, so none is a
// duplicate of another.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { readSample, SAMPLE_NAMES } from '../apps/server/src/media/test-samples';

export const WIDTH = 1920;
export const HEIGHT = 1280;
/** The numbers the bench event issues; every drawn bib is one of them. */
export const FIRST_BIB = 1000;
export const BIB_COUNT = 1000;

const FACES_DIR = '/work/shared/data/faces/bbt';

/** A small deterministic generator, so a run's photos are the same every time. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

async function faceCrops(): Promise<Buffer[]> {
  if (!existsSync(FACES_DIR)) return [];
  const crops: Buffer[] = [];
  for (const person of await readdir(FACES_DIR, { withFileTypes: true })) {
    if (!person.isDirectory()) continue;
    for (const file of await readdir(join(FACES_DIR, person.name))) {
      if (file.endsWith('.png')) crops.push(await readFile(join(FACES_DIR, person.name, file)));
    }
  }
  return crops;
}

const SHIRTS = ['#c62828', '#1565c0', '#2e7d32', '#f9a825', '#6a1b9a', '#37474f', '#ef6c00'];

/** A shirt with the bib plate pinned on it (the plate is what OCR reads). */
function runnerSvg(bib: number, shirt: string, plateWidth: number, tilt: number): Buffer {
  const width = Math.round(plateWidth * 1.6);
  const height = Math.round(plateWidth * 1.9);
  const plateHeight = Math.round(plateWidth * 0.62);
  const px = Math.round((width - plateWidth) / 2);
  const py = Math.round(height * 0.22);
  const font = Math.round(plateHeight * 0.62);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="0" y="0" width="${width}" height="${height}" rx="${width / 5}" fill="${shirt}"/>` +
      `<g transform="rotate(${tilt} ${width / 2} ${py + plateHeight / 2})">` +
      `<rect x="${px}" y="${py}" width="${plateWidth}" height="${plateHeight}" rx="6" fill="#fafafa" stroke="#222" stroke-width="2"/>` +
      `<text x="${width / 2}" y="${py + plateHeight * 0.74}" font-family="DejaVu Sans" font-weight="bold" ` +
      `font-size="${font}" text-anchor="middle" fill="#111">${bib}</text></g></svg>`,
  );
}

export interface RacePhoto {
  path: string;
  bibs: number[];
}

/** Writes `count` photos into `dir` (kept between runs: existing files are reused). */
export async function racePhotos(dir: string, count: number): Promise<RacePhoto[]> {
  await mkdir(dir, { recursive: true });
  const backgrounds = await Promise.all(SAMPLE_NAMES.map((name) => readSample(name)));
  const decoded = await Promise.all(
    backgrounds.map((b) => sharp(b).resize({ width: WIDTH }).raw().toBuffer({ resolveWithObject: true })),
  );
  const faces = await faceCrops();
  const photos: RacePhoto[] = [];
  for (let i = 0; i < count; i++) {
    const next = random(i * 7919 + 17);
    const runners = 1 + Math.floor(next() * 2);
    const bibs = Array.from({ length: runners }, () => FIRST_BIB + Math.floor(next() * BIB_COUNT));
    const path = join(dir, `race-${String(i).padStart(5, '0')}.jpg`);
    photos.push({ path, bibs });
    if (existsSync(path)) continue;
    const background = decoded[i % decoded.length]!;
    const top = Math.floor(next() * Math.max(1, background.info.height - HEIGHT));
    const layers: OverlayOptions[] = [];
    for (const [k, bib] of bibs.entries()) {
      const plateWidth = 150 + Math.floor(next() * 110);
      const body = runnerSvg(bib, SHIRTS[Math.floor(next() * SHIRTS.length)]!, plateWidth, next() * 10 - 5);
      const bodyWidth = Math.round(plateWidth * 1.6);
      const bodyHeight = Math.round(plateWidth * 1.9);
      const left = Math.round((k + 0.15 + next() * 0.6) * (WIDTH / runners) - bodyWidth / 2);
      const bodyTop = HEIGHT - bodyHeight - Math.floor(next() * 120);
      const x = Math.max(0, Math.min(WIDTH - bodyWidth, left));
      layers.push({ input: body, left: x, top: bodyTop });
      const face = faces.length > 0 ? faces[Math.floor(next() * faces.length)] : undefined;
      if (face) {
        const size = Math.round(plateWidth * 0.9);
        const resized = await sharp(face).resize(size, size).toBuffer();
        layers.push({
          input: resized,
          left: Math.round(x + (bodyWidth - size) / 2),
          top: Math.max(0, bodyTop - size - 8),
        });
      }
    }
    const jpeg = await sharp(background.data, { raw: background.info })
      .extract({ left: 0, top, width: WIDTH, height: HEIGHT })
      .composite(layers)
      .modulate({ brightness: 0.85 + next() * 0.3 })
      .jpeg({ quality: 85 })
      .toBuffer();
    await writeFile(path, jpeg);
  }
  return photos;
}
