// Derivative generation throughput: our full set per photo (3 thumbnails, 2 previews with and
// without watermark, the stripped original) beside Debian's `vipsthumbnail` making one 400 px
// thumbnail of the same photos in the same run. Needs libvips-tools (installed when missing).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeDerivatives } from '../apps/server/src/media/derivatives';
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
const files = [1, 2, 3, 4, 5, 6].map((n) => join(demo, `sample${n}.jpg`));
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const out = await mkdtemp(join(tmpdir(), 'fotodrop-bench-'));

const ours: number[] = [];
const vips: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const file of files) {
    const bytes = await readFile(file);
    let t = performance.now();
    const d = await makeDerivatives(bytes, { watermarkText: 'Lakeside City Marathon · Fotodrop' });
    ours.push(performance.now() - t);
    await writeFile(join(out, 'thumb.webp'), d.thumb.webp.buffer);
    t = performance.now();
    execFileSync('vipsthumbnail', [file, '--size', '400x400', '-o', join(out, 'vips-%s.jpg[Q=78,strip]')]);
    vips.push(performance.now() - t);
  }
}
await rm(out, { recursive: true, force: true });

const mOurs = median(ours);
const mVips = median(vips);
writeSection(
  'derivatives',
  `### Derivative generation (\`npm run bench:derivatives\`)

Machine: ${machine()}. The six 1920 px sample photographs, ${ROUNDS} rounds; medians per photo.

| what | median per photo | photos per minute |
| --- | --- | --- |
| \`vipsthumbnail\` one 400 px JPEG thumbnail (reference, a process per photo) | ${Math.round(mVips)} ms | ${Math.round(60_000 / mVips)} |
| Fotodrop full set: thumbnails AVIF + WebP + JPEG, watermarked and clean 1600 px previews, stripped original | ${Math.round(mOurs)} ms | ${Math.round(60_000 / mOurs)} |

Ratio: the full set costs ${(mOurs / mVips).toFixed(1)}× one vipsthumbnail thumbnail. One worker makes about
${Math.round(60_000 / mOurs)} photos' derivatives a minute on this machine; more workers (\`npm run worker\`) scale it.`,
);
