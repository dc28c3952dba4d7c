/** The real event photos shipped with face-api's demo, used by the media tests. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const demoDir = join(
  dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

export const SAMPLE_NAMES = [1, 2, 3, 4, 5, 6].map((n) => `sample${n}.jpg`);

export function readSample(name: string): Promise<Buffer> {
  return readFile(join(demoDir, name));
}
