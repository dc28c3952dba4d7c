// Face indexing throughput: photos per second through the face engine (detection, 68 landmarks,
// 128-d descriptor) with 1 and 2 worker threads, beside Debian's `vipsthumbnail` making one 400 px
// thumbnail of the same 1920 px photos in the same run (the reference: absolute times on 2 shared
// cores are noise). Needs libvips-tools (installed when missing).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { faceEnginePool } from '../apps/server/src/adapters/faces/face-engine-pool';
import { machine, median, writeSection } from './report';

if (!existsSync('/usr/bin/vipsthumbnail')) {
  execSync('apt-get install -y -qq libvips-tools', {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
const require = createRequire(import.meta.url);
const demo = join(
  dirname(require.resolve('@vladmandic/face-api/package.json', { paths: ['apps/server'] })),
  'demo',
);
const out = await mkdtemp(join(tmpdir(), 'fotodrop-face-bench-'));
// Event photos at 1920 px: the six demo photographs, as they come from a camera's export
const files: string[] = [];
for (const n of [1, 2, 3, 4, 5, 6]) {
  const file = join(out, `photo${n}.jpg`);
  await writeFile(
    file,
    await sharp(join(demo, `sample${n}.jpg`))
      .resize(1920, 1920, { fit: 'inside' })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  files.push(file);
}
const photos = await Promise.all(files.map((f) => readFile(f)));
const ROUNDS = Number(process.env.ROUNDS ?? 3);

async function throughput(threads: number): Promise<number[]> {
  const engine = faceEnginePool(threads);
  // warm: each thread loads its model once (not part of the steady state)
  await Promise.all(
    Array.from({ length: threads }, (_, i) => engine.detect(photos[i % photos.length]!, 'photo')),
  );
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t = performance.now();
    await Promise.all(photos.flatMap((p) => [p, p]).map((p) => engine.detect(p, 'photo')));
    rates.push((photos.length * 2) / ((performance.now() - t) / 1000));
  }
  await engine.close();
  return rates;
}

const vips: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const t = performance.now();
  for (const file of files)
    execFileSync('vipsthumbnail', [file, '--size', '400x400', '-o', join(out, 'v-%s.jpg[Q=78,strip]')]);
  vips.push(files.length / ((performance.now() - t) / 1000));
}
const one = median(await throughput(1));
const two = median(await throughput(2));
const faces = (await faceEnginePool(1).detect(photos[0]!, 'photo')).faces.length;
await rm(out, { recursive: true, force: true });

writeSection(
  'face-indexing',
  `### Face indexing throughput (\`npm run bench:faces:indexing\`)

${machine()}. Six real event photographs at 1920 px (face-api's demo samples, 3–5 faces each; ${faces} in the
first), each indexed twice per round: detection (SSD MobileNet v1, scaled to 1,600 px), 68 landmarks and
the 128-d descriptor per face; median of ${ROUNDS} rounds. Reference in the same run: one
\`vipsthumbnail\` 400 px thumbnail per photo, one after the other.

| | photos/s | vs vipsthumbnail |
|---|---:|---:|
| face engine, 1 worker thread | ${one.toFixed(2)} | ${(one / median(vips)).toFixed(3)} × |
| face engine, 2 worker threads | ${two.toFixed(2)} | ${(two / median(vips)).toFixed(3)} × |
| vipsthumbnail (reference) | ${median(vips).toFixed(1)} | 1 × |

Two threads on the two cores give ${(two / one).toFixed(2)} × one thread (goal: ≥ 2 photos/s on 2 cores).`,
);
process.exit(0);
