// Derivative generation (issue 20): what publishes a photo (3 thumbnails' worth: WebP and JPEG,
// watermarked and clean; both 1600 px previews) beside Debian's `vipsthumbnail` making one 400 px
// thumbnail of the same photo in the same run, on the 1920 px samples and on 24 MP camera-sized
// versions of them; then the deferred work (AVIF thumbnails, the stripped original) on its own, and
// the whole set at once. Needs libvips-tools (installed when missing).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import {
  avifThumbnail,
  makeDerivatives,
  makeOriginal,
  makeReadySet,
} from '../apps/server/src/media/derivatives';
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
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const watermarkText = 'Lakeside City Marathon · Fotodrop';
const out = await mkdtemp(join(tmpdir(), 'fotodrop-bench-'));
const samples = [1, 2, 3, 4, 5, 6].map((n) => join(demo, `sample${n}.jpg`));
// What photographers upload: 6000 px wide (24 MP at 3:2), JPEG quality 92, EXIF kept.
const large: string[] = [];
for (const [i, file] of samples.slice(0, 3).entries()) {
  const path = join(out, `large${i}.jpg`);
  await writeFile(path, await sharp(file).resize(6000).keepExif().jpeg({ quality: 92 }).toBuffer());
  large.push(path);
}

type Row = { vips: number[]; ready: number[]; deferred: number[]; whole: number[] };

async function measure(files: string[]): Promise<Row> {
  const row: Row = { vips: [], ready: [], deferred: [], whole: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const file of files) {
      const bytes = await readFile(file);
      let t = performance.now();
      execFileSync('vipsthumbnail', [file, '--size', '400x400', '-o', join(out, 'vips-%s.jpg[Q=78,strip]')]);
      row.vips.push(performance.now() - t);
      t = performance.now();
      const ready = await makeReadySet(bytes, { watermarkText });
      row.ready.push(performance.now() - t);
      t = performance.now();
      await Promise.all([
        makeOriginal(bytes),
        avifThumbnail(ready.preview.buffer),
        avifThumbnail(ready.previewClean.buffer),
      ]);
      row.deferred.push(performance.now() - t);
      t = performance.now();
      await makeDerivatives(bytes, { watermarkText });
      row.whole.push(performance.now() - t);
    }
  }
  return row;
}

const rows = {
  '1920 px (the six samples)': await measure(samples),
  '6000 × 4000 px, 24 MP (three samples enlarged)': await measure(large),
};
await rm(out, { recursive: true, force: true });

const ms = (values: number[]) => `${Math.round(median(values))} ms`;
const ratio = (values: number[], reference: number[]) =>
  `${(median(values) / median(reference)).toFixed(1)}×`;
const table = Object.entries(rows)
  .map(
    ([size, r]) =>
      `| ${size} | ${ms(r.vips)} | ${ms(r.ready)} | **${ratio(r.ready, r.vips)}** | ${ms(r.deferred)} | ${ratio(r.deferred, r.vips)} | ${ms(r.whole)} | ${ratio(r.whole, r.vips)} |`,
  )
  .join('\n');
writeSection(
  'derivatives',
  `### Derivative generation (\`npm run bench:derivatives\`)

Machine: ${machine()}; loaded by other work during the run, so the ratios (measured in the same
run, photo by photo) count, not the milliseconds. ${ROUNDS} rounds; medians per photo.

- reference: \`vipsthumbnail\` making one 400 px JPEG thumbnail (a process per photo);
- published set (what the upload job makes before the photo is \`ready\`): watermarked and clean
  thumbnails as WebP and JPEG, watermarked and clean 1600 px previews, from one decode shrunk on load;
- deferred (the later, lower-priority job, or the first request that needs one): the stripped
  full-size original and both AVIF thumbnails (made from the stored previews);
- whole set at once (what a video's poster gets, and what every photo got before issue 20).

| photos | vipsthumbnail | published set | × vipsthumbnail | deferred | × | whole set at once | × |
| --- | --- | --- | --- | --- | --- | --- | --- |
${table}`,
);
