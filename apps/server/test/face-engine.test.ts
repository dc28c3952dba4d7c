import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { descriptorDistance, type FaceDetection } from '../src/adapters/faces/face-engine';
import { faceEnginePool } from '../src/adapters/faces/face-engine-pool';
import { FACE_BANDS } from '../src/services/faces/face-bands';
import { BBT_DIR, BBT_LABELS, BBT_PHOTOS, cropOf, personInBox } from './labelled-faces';

// The real engine (face-api on TensorFlow.js WASM) in two worker threads, on the labelled faces
// of ../shared/data/faces/bbt (labels: test/data/faces/bbt-labels.json).
const engine = faceEnginePool({ threads: 2 });
afterAll(() => engine.close());

const photo = (name: string) => readFile(`${BBT_DIR}${name}`);
const faceOf = (detection: FaceDetection, name: string, person: string) =>
  detection.faces.find((f) => personInBox(name, f.box) === person);

describe('face engine', () => {
  it('finds every labelled person in the group photos, in fractions of the photo', async () => {
    for (const name of BBT_PHOTOS) {
      const image = await photo(name);
      const detection = await engine.detect(image, 'photo');
      const meta = await sharp(image).metadata();
      expect([detection.width, detection.height]).toEqual([meta.width, meta.height]);
      const found = detection.faces.map((f) => personInBox(name, f.box));
      for (const label of BBT_LABELS[name] as { person: string }[]) expect(found).toContain(label.person);
      for (const face of detection.faces) {
        expect(face.descriptor).toHaveLength(128);
        expect(face.landmarks).toHaveLength(68);
        const edges = [face.box.x, face.box.y, face.box.x + face.box.width, face.box.y + face.box.height];
        for (const v of edges) expect(v >= 0 && v <= 1).toBe(true);
        // size in pixels of the photo as given
        expect(face.sizePx).toBeCloseTo(face.box.width * detection.width, -1);
      }
    }
  });

  it('finds the one face of a tight face crop taken as a selfie, mapped to the crop', async () => {
    // leonard5 and penny3: found only with the wider margin
    for (const crop of [cropOf('penny', 1), cropOf('sheldon', 1), cropOf('leonard', 5), cropOf('penny', 3)]) {
      const detection = await engine.detect(await readFile(crop), 'selfie');
      expect(detection.faces).toHaveLength(1);
      const [face] = detection.faces;
      // the face fills most of the crop, not the padded margin around it
      expect(face?.box.width).toBeGreaterThan(0.4);
      expect(face?.sizePx).toBeGreaterThan(0.4 * detection.width);
    }
  });

  it('puts a selfie closer to the same person in a group photo than to anyone else', async () => {
    const selfie = (await engine.detect(await readFile(cropOf('sheldon', 1)), 'selfie')).faces[0];
    const group = await engine.detect(await photo('bbt4.jpg'), 'photo');
    const sheldon = faceOf(group, 'bbt4.jpg', 'sheldon');
    expect(selfie && sheldon).toBeTruthy();
    if (!selfie || !sheldon) return;
    const same = descriptorDistance(selfie.descriptor, sheldon.descriptor);
    expect(same).toBeLessThanOrEqual(FACE_BANDS.askMax);
    for (const other of group.faces.filter((f) => f !== sheldon))
      expect(descriptorDistance(selfie.descriptor, other.descriptor)).toBeGreaterThan(
        Math.max(same, FACE_BANDS.askMax),
      );
  });

  it('applies the EXIF orientation: a photo stored sideways gives the faces of the upright photo', async () => {
    const upright = await photo('bbt2.jpg');
    const sideways = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const detection = await engine.detect(sideways, 'photo');
    const meta = await sharp(upright).metadata();
    expect([detection.width, detection.height]).toEqual([meta.width, meta.height]);
    expect(faceOf(detection, 'bbt2.jpg', 'sheldon')).toBeDefined();
    expect(faceOf(detection, 'bbt2.jpg', 'leonard')).toBeDefined();
  });

  it('reads grey and transparent images too', async () => {
    const grey = await sharp(await photo('bbt2.jpg'))
      .greyscale()
      .png()
      .toBuffer();
    expect((await engine.detect(grey, 'photo')).faces.length).toBeGreaterThanOrEqual(2);
    const alpha = await sharp(await readFile(cropOf('penny', 1)))
      .ensureAlpha()
      .png()
      .toBuffer();
    expect((await engine.detect(alpha, 'selfie')).faces).toHaveLength(1);
  });

  it('refuses what is not an image with an error, and keeps working', async () => {
    await expect(engine.detect(Buffer.from('not an image at all'), 'photo')).rejects.toThrow(
      /face detection failed: .*unsupported image format/,
    );
    const truncated = (await photo('bbt3.jpg')).subarray(0, 5000);
    await expect(engine.detect(truncated, 'photo')).rejects.toThrow(/face detection failed/);
    expect((await engine.detect(await photo('bbt2.jpg'), 'photo')).faces.length).toBeGreaterThanOrEqual(2);
  });

  it('answers many detections at once, each with its own image', async () => {
    const names = [...BBT_PHOTOS, ...BBT_PHOTOS];
    const detections = await Promise.all(
      names.map(async (name) => engine.detect(await photo(name), 'photo')),
    );
    for (const [i, name] of names.entries()) {
      const meta = await sharp(await photo(name)).metadata();
      expect(detections[i]?.width).toBe(meta.width);
      expect(detections[i]?.faces.length).toBeGreaterThanOrEqual((BBT_LABELS[name] as unknown[]).length);
    }
  });
});

describe('face engine pool', () => {
  it('fails the request of a thread that dies and replaces the thread for the next ones', async () => {
    const pool = faceEnginePool({
      threads: 1,
      entry: new URL('./fakes/crashing-face-thread.mjs', import.meta.url),
    });
    try {
      const crashing = pool.detect(Buffer.alloc(0), 'photo');
      const waiting = pool.detect(Buffer.from('x'), 'photo');
      await expect(crashing).rejects.toThrow(/face engine thread stopped/);
      await expect(waiting).resolves.toEqual({ width: 1, height: 1, faces: [] });
      await expect(pool.detect(Buffer.from('y'), 'photo')).resolves.toMatchObject({ faces: [] });
    } finally {
      await pool.close();
    }
    await expect(pool.detect(Buffer.from('z'), 'photo')).rejects.toThrow(/closed/);
  });
});
