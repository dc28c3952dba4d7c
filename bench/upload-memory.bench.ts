// Memory of the server process while organisers upload large videos: three 190 MB uploads in
// parallel, then a 190 MB file that is no photo or video. The server runs as `npm run serve` does
// (embedded PGlite in a fresh DATA_DIR, job workers in the same process), in a child process whose
// resident memory (VmRSS in /proc/<pid>/status) is sampled every 20 ms.
//
// The uploads are real videos: a 2-second clip made by ffmpeg, followed by a top-level `free` box
// that pads the file to 190 MB (readers skip it), with different bytes in each so none is a
// duplicate of another. So the server does the full work per file: type check, size limit, probe,
// storage, and the background job that makes the poster and the web rendition.
import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tus from 'tus-js-client';
import { makeTestVideo } from '../apps/server/src/media/test-videos';
import { machine, writeSection } from './report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FILE_BYTES = 190 * 2 ** 20;
const PARALLEL = 3;
const SLUG = '5e1a0c3d';
const MiB = 2 ** 20;
const TUS_FILE_BYTES = 1024 * MiB;
const TUS_CHUNK_BYTES = 50 * 1000 * 1000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_PHOTOS: '0',
      MAX_VIDEO_MB: '1100',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    if (Date.now() > deadline) throw new Error('server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

function rssBytes(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((status) => {
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  });
}

/** Samples the RSS of `pid` until stopped; returns the highest value seen. */
function sampler(pid: number) {
  let peak = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      peak = Math.max(peak, await rssBytes(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return peak;
    },
  };
}

/** A valid MP4: the clip, then a `free` box padding it to `size` bytes, with `marker` bytes in it. */
async function paddedVideo(path: string, clip: Buffer, size: number, marker: number): Promise<void> {
  const file = await open(path, 'w');
  try {
    await file.write(clip);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(size - clip.length, 0);
    header.write('free', 4, 'latin1');
    await file.write(header);
    const chunk = Buffer.alloc(MiB, marker);
    let left = size - clip.length - 8;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      await file.write(chunk, 0, n);
      left -= n;
    }
  } finally {
    await file.close();
  }
}

/** 190 MB that is neither photo nor video (text-like bytes). */
async function junkFile(path: string, size: number): Promise<void> {
  const file = await open(path, 'w');
  try {
    const chunk = Buffer.alloc(MiB, 'not a video. ');
    for (let left = size; left > 0; left -= chunk.length)
      await file.write(chunk, 0, Math.min(left, chunk.length));
  } finally {
    await file.close();
  }
}

interface UploadResult {
  status: number;
  body: string;
  /** Bytes of the file the client had handed to the socket when the answer arrived. */
  sentWhenAnswered: number;
  ms: number;
}

/** A streamed multipart upload, as a browser sends it, that stops sending once the answer arrives. */
async function upload(url: string, token: string, path: string): Promise<UploadResult> {
  const size = (await stat(path)).size;
  const boundary = `----fotodrop-bench-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const file = createReadStream(path, { highWaterMark: 256 * 1024 });
    const req = request(`${url}/api/organiser/v1/events/${SLUG}/media/`, {
      method: 'POST',
      headers: {
        authorization: `Token ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      file.destroy();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered, ms: performance.now() - started });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write(head);
    file.on('data', (chunk) => {
      sent += chunk.length;
      if (!req.write(chunk)) {
        file.pause();
        req.once('drain', () => file.resume());
      }
    });
    file.on('end', () => {
      if (!answered) req.end(tail);
    });
  });
}

/** One file by tus as `npm run ingest` sends it; resolves with the last answer's status and body. */
function tusUpload(url: string, token: string, path: string, size: number) {
  const started = performance.now();
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(path), {
      endpoint: `${url}/api/organiser/v1/uploads/`,
      uploadSize: size,
      chunkSize: TUS_CHUNK_BYTES,
      metadata: { event: SLUG, filename: 'long.mp4' },
      headers: { authorization: `Token ${token}` },
      onSuccess: ({ lastResponse }) =>
        resolve({
          status: lastResponse.getStatus(),
          body: lastResponse.getBody(),
          ms: performance.now() - started,
        }),
      onError: reject,
    });
    upload.start();
  });
}

async function waitUntilProcessed(url: string, token: string, ids: number[]): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const r = await fetch(`${url}/api/organiser/v1/events/${SLUG}/media/?page_size=100`, {
      headers: { authorization: `Token ${token}` },
    });
    const page = (await r.json()) as { results: { id: number; status: string }[] };
    const statuses = ids.map((id) => page.results.find((m) => m.id === id)?.status);
    if (statuses.every((s) => s === 'ready' || s === 'failed')) {
      if (statuses.some((s) => s === 'failed')) throw new Error(`a video failed: ${statuses.join(', ')}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`videos not processed in 10 min: ${statuses.join(', ')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const mb = (bytes: number) => `${Math.round(bytes / MiB)} MiB`;

const work = await mkdtemp(join(tmpdir(), 'fotodrop-bench-upload-'));
const dataDir = join(work, 'data');
let server: { child: ChildProcess; url: string } | null = null;
try {
  const clip = await makeTestVideo({ seconds: 2, width: 640, height: 360 });
  const videos = Array.from({ length: PARALLEL }, (_, i) => join(work, `video-${i}.mp4`));
  for (const [i, path] of videos.entries()) await paddedVideo(path, clip, FILE_BYTES, 0x41 + i);
  const junk = join(work, 'junk.bin');
  await junkFile(junk, FILE_BYTES);

  server = await startServer(dataDir);
  const pid = server.child.pid!;
  const login = await fetch(`${server.url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' }),
  });
  const token = ((await login.json()) as { token: string }).token;
  await new Promise((r) => setTimeout(r, 2000));
  const idle = await rssBytes(pid);

  const during = sampler(pid);
  const started = performance.now();
  const results = await Promise.all(videos.map((path) => upload(server!.url, token, path)));
  const uploadMs = performance.now() - started;
  const uploadPeak = await during.stop();
  const afterUploads = await rssBytes(pid);
  for (const r of results) if (r.status !== 201) throw new Error(`upload answered ${r.status}: ${r.body}`);
  const ids = results.map((r) => (JSON.parse(r.body) as { id: number }).id);

  const processing = sampler(pid);
  await waitUntilProcessed(server.url, token, ids);
  const processingPeak = await processing.stop();
  const afterProcessing = await rssBytes(pid);

  const junkSampler = sampler(pid);
  const refused = await upload(server.url, token, junk);
  const junkPeak = await junkSampler.stop();
  if (refused.status !== 400) throw new Error(`junk answered ${refused.status}: ${refused.body}`);

  const long = join(work, 'long.mp4');
  await paddedVideo(long, clip, TUS_FILE_BYTES, 0x5a);
  const tusIdle = await rssBytes(pid);
  const tusSampler = sampler(pid);
  const viaTus = await tusUpload(server.url, token, long, TUS_FILE_BYTES);
  const tusPeak = await tusSampler.stop();
  if (viaTus.status !== 200) throw new Error(`tus upload answered ${viaTus.status}: ${viaTus.body}`);
  const tusId = (JSON.parse(viaTus.body) as { id: number }).id;
  const tusProcessing = sampler(pid);
  await waitUntilProcessed(server.url, token, [tusId]);
  const tusProcessingPeak = await tusProcessing.stop();

  writeSection(
    'upload-memory',
    `### Server memory during large uploads (\`npm run bench:upload-memory\`)

Machine: ${machine()}. The server as \`npm run serve\` runs it (PGlite, workers in the same process),
resident memory (VmRSS) of its process sampled every 20 ms. ${PARALLEL} parallel uploads of a
${mb(FILE_BYTES)} MP4 each (a 2 s clip padded with a \`free\` box), then a ${mb(FILE_BYTES)} file that is no
photo or video.

| moment | server RSS |
| --- | --- |
| idle, after start and login | ${mb(idle)} |
| peak while the ${PARALLEL} uploads were received (${(uploadMs / 1000).toFixed(1)} s) | ${mb(uploadPeak)} |
| right after the ${PARALLEL} answers (201) | ${mb(afterUploads)} |
| peak while the background jobs made poster and rendition | ${mb(processingPeak)} |
| after processing | ${mb(afterProcessing)} |
| peak during the refused ${mb(FILE_BYTES)} non-video upload | ${mb(junkPeak)} |

The non-video upload was answered ${refused.status} after the client had sent ${mb(refused.sentWhenAnswered)} of
${mb(FILE_BYTES)} (${Math.round(refused.ms)} ms).

One ${mb(TUS_FILE_BYTES)} MP4 by tus (tus-js-client, ${TUS_CHUNK_BYTES / 1e6} MB chunks, the server with
MAX_VIDEO_MB=1100), received to the upload folder, then checked, stored and processed:

| moment | server RSS |
| --- | --- |
| before the tus upload | ${mb(tusIdle)} |
| peak while it was received, checked and stored (${(viaTus.ms / 1000).toFixed(1)} s, answered ${viaTus.status}) | ${mb(tusPeak)} |
| peak while its poster and rendition were made | ${mb(tusProcessingPeak)} |`,
  );
} finally {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await new Promise((r) => server!.child.once('exit', r));
  }
  await rm(work, { recursive: true, force: true });
}
