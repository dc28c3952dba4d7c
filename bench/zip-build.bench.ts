// Album zip build throughput: a 1,000-photo album zipped by the album-zip job's writer (yazl,
// stored entries, each original streamed from local storage, the zip streamed into local storage:
// `media/zip-writer.ts` + `Storage.putStream`) beside Info-ZIP's `zip -0 -q` on the same files,
// median MB/s of a few alternating runs, and this process's peak resident memory while it builds.
//
// The photos are real JPEGs: the six face-api demo photos scaled to 4000 px and encoded as the
// pipeline stores originals (quality 95, 4:4:4),
// each of the 1,000 a copy with its own bytes after the JPEG end marker, so no two are alike.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { localStorage } from '../apps/server/src/adapters/storage/local-storage';
import { mediaDownloadName } from '../apps/server/src/media/download-names';
import { readSample, SAMPLE_NAMES } from '../apps/server/src/media/test-samples';
import { mediaKey } from '../apps/server/src/media/variants';
import { zipStream } from '../apps/server/src/media/zip-writer';
import { machine, median, writeSection } from './report';

const run = promisify(execFile);
const PHOTOS = Number(process.env.PHOTOS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 3);
const MB = 1e6;
const MiB = 2 ** 20;

async function makeAlbum(root: string): Promise<{ ids: number[]; bytes: number }> {
  const bases = await Promise.all(
    SAMPLE_NAMES.map(async (name) =>
      sharp(await readSample(name))
        .resize(4000)
        .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
        .toBuffer(),
    ),
  );
  const ids: number[] = [];
  let bytes = 0;
  for (let i = 0; i < PHOTOS; i++) {
    const id = 1000 + i;
    const tail = Buffer.from(`fotodrop-bench-${id}`);
    const file = Buffer.concat([bases[i % bases.length]!, tail]);
    const path = join(root, mediaKey(id, 'original'));
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, file);
    ids.push(id);
    bytes += file.length;
  }
  return { ids, bytes };
}

/** The job's way: one original open at a time, the zip written into storage as it is made. */
async function buildWithWriter(root: string, ids: number[]): Promise<{ seconds: number; peakRss: number }> {
  const storage = localStorage(root);
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  const started = process.hrtime.bigint();
  try {
    const stream = zipStream(
      ids.map((id) => ({
        name: mediaDownloadName('Lakeside City Marathon', id, 'photo'),
        mtime: new Date(),
        async open() {
          const found = await storage.stream(mediaKey(id, 'original'));
          if (!found) throw new Error(`missing ${id}`);
          return found.stream;
        },
      })),
    );
    await storage.putStream('album-zips/bench.zip', stream, 'application/zip');
  } finally {
    clearInterval(sampler);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  return { seconds, peakRss };
}

async function buildWithZip(root: string, ids: number[], out: string): Promise<number> {
  await rm(out, { force: true });
  const started = process.hrtime.bigint();
  await run('zip', ['-0', '-q', out, ...ids.map((id) => mediaKey(id, 'original'))], {
    cwd: root,
    maxBuffer: 16 * MiB,
  });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main() {
  await run('zip', ['-v']).catch(() => {
    throw new Error('the zip command is missing: node scripts/ensure-debian-packages.mjs zip');
  });
  const root = await mkdtemp(join(tmpdir(), 'fotodrop-zip-bench-'));
  try {
    console.log(`making ${PHOTOS} photos…`);
    const { ids, bytes } = await makeAlbum(root);
    const idleRss = process.memoryUsage.rss();
    const ours: number[] = [];
    const theirs: number[] = [];
    const peaks: number[] = [];
    const out = join(root, 'zip-command.zip');
    for (let i = 0; i < RUNS; i++) {
      const writer = await buildWithWriter(root, ids);
      ours.push(writer.seconds);
      peaks.push(writer.peakRss);
      theirs.push(await buildWithZip(root, ids, out));
      console.log(`run ${i + 1}: writer ${writer.seconds.toFixed(2)} s, zip ${theirs.at(-1)!.toFixed(2)} s`);
    }
    const ourZip = (await stat(join(root, 'album-zips/bench.zip'))).size;
    const theirZip = (await stat(out)).size;
    const mbps = (seconds: number) => bytes / MB / seconds;
    const ourRate = mbps(median(ours));
    const theirRate = mbps(median(theirs));
    const ratio = ourRate / theirRate;
    writeSection(
      'zip-build',
      `### Album zip build (\`npm run bench:zip\`)

Machine: ${machine()}. ${PHOTOS} JPEG originals of ${(bytes / PHOTOS / MiB).toFixed(1)} MiB on average
(${(bytes / MiB).toFixed(0)} MiB in all) in local storage, zipped stored (no compression) ${RUNS} times each,
alternating; median of the runs. The writer is the album-zip job's: \`media/zip-writer.ts\` (yazl), each original
streamed from storage, the zip streamed into storage (\`Storage.putStream\`).

| builder | median time | throughput | zip size |
| --- | --- | --- | --- |
| \`zip -0 -q\` (Info-ZIP, reference) | ${median(theirs).toFixed(2)} s | ${theirRate.toFixed(0)} MB/s | ${(theirZip / MiB).toFixed(0)} MiB |
| Fotodrop zip writer | ${median(ours).toFixed(2)} s | ${ourRate.toFixed(0)} MB/s | ${(ourZip / MiB).toFixed(0)} MiB |

Ratio: the writer runs at **${ratio.toFixed(2)}×** the \`zip\` command's throughput (goal ≥ 0.8×).
Resident memory of the building process: ${(idleRss / MiB).toFixed(0)} MiB before, peak
${(Math.max(...peaks) / MiB).toFixed(0)} MiB while building (sampled every 20 ms), for a zip of
${(ourZip / MiB).toFixed(0)} MiB: neither the files nor the zip are held in memory.`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
