// Race day at scale (issue 20): 1,000 race photos (1920 px, runners with faces and bib plates,
// `raceday-photos.ts`) uploaded by tus, as `npm run ingest` sends them, to a sport event on
// PostgreSQL with STORAGE=s3 (the tests' s3rver), then published by N worker processes
// (`apps/server/src/worker.ts`, as `npm run worker` starts it), each pinned to its own core with
// `taskset`. One API process (WORKERS=off) receives the uploads. Measured for 1 worker and for 2,
// each on a fresh scratch database and bucket:
//
// - photos per minute from the workers' start to every photo "published with all its stages":
//   status ready (derivatives), its face scan stored, and its bibs read when the tree has a bib
//   queue (found by name among the queues the workers created, so the OCR job counts once merged);
// - CPU seconds per photo of the worker processes (all threads, from /proc), split by stage in
//   proportion to the wall time of each queue's jobs (pg-boss start/complete times);
// - the API process's CPU per received photo, S3 requests and bytes per photo, database bytes.
//
// The uploads finish before the workers start: on a 2-core machine the API, PostgreSQL and the S3
// server share the workers' cores, so uploading during processing would measure the machine, not
// how processing scales with workers (the upload time is reported beside it).
//
// `PHOTOS=200 npm run bench:raceday` runs smaller; `WORKER_COUNTS=1,2` (default) which runs.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import * as tus from 'tus-js-client';
import { startTestS3Server, type TestS3Server } from '../apps/server/src/adapters/storage/s3-test-server';
import { cpuSecondsWithChildren, nodeProcess, stop, waitUntilOk } from './processes';
import { BIB_COUNT, FIRST_BIB, racePhotos } from './raceday-photos';
import { machine, writeSection } from './report';

const PHOTOS = Number(process.env.PHOTOS ?? 1000);
const WORKER_COUNTS = (process.env.WORKER_COUNTS ?? '1,2').split(',').map(Number);
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.RACEDAY_PORT ?? 4690);
const EVENT = '5e1a0c3d'; // the demo marathon, seeded without photos
const ORGANISER = { username: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' };
const PARALLEL_UPLOADS = 4;
const STAGE_QUEUES = { derivatives: 'media-derivatives', faces: 'face-index' } as const;

/** Uploads the API refused as damaged and sent again: s3rver, under load, has cut a stored upload. */
let uploadsSentAgain = 0;

/** One photo by tus; a refusal as damaged (`corrupt`) is sent once more, as a photographer would. */
async function tusUpload(url: string, token: string, path: string, size: number): Promise<void> {
  try {
    await tusUploadOnce(url, token, path, size);
  } catch (error) {
    if (!String(error).includes('"reason":"corrupt"')) throw error;
    uploadsSentAgain++;
    console.error(`  ${path} refused as damaged after upload: sending it again`);
    await tusUploadOnce(url, token, path, size);
  }
}

function tusUploadOnce(url: string, token: string, path: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(path), {
      endpoint: `${url}/api/organiser/v1/uploads/`,
      uploadSize: size,
      chunkSize: 50 * 1024 * 1024,
      metadata: { event: EVENT, filename: path.slice(path.lastIndexOf('/') + 1) },
      headers: { authorization: `Token ${token}` },
      retryDelays: [0, 1000, 3000],
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start();
  });
}

interface Progress {
  total: number;
  ready: number;
  failed: number;
  scanned: number;
  bibsRead: number;
}

async function progress(db: pg.Client, eventId: number): Promise<Progress> {
  const { rows } = await db.query(
    `select count(*)::int as total,
            count(*) filter (where m.status = 'ready')::int as ready,
            count(*) filter (where m.status = 'failed')::int as failed,
            count(s.media_id)::int as scanned,
            count(m.bibs_read_at)::int as "bibsRead"
       from media m left join media_face_scans s on s.media_id = m.id
      where m.photo_service_id = $1`,
    [eventId],
  );
  return rows[0] as Progress;
}

/** Wall seconds and jobs per queue, from pg-boss' own records of each job's start and completion. */
async function jobWalls(db: pg.Client): Promise<Map<string, { jobs: number; seconds: number }>> {
  const tables = await db.query(
    `select table_name from information_schema.tables where table_schema = 'pgboss' and table_name in ('job', 'archive')`,
  );
  const union = tables.rows
    .map(
      (r: { table_name: string }) =>
        `select name, started_on, completed_on, state from pgboss.${r.table_name}`,
    )
    .join(' union all ');
  const { rows } = await db.query(
    `select name, count(*)::int as jobs, sum(extract(epoch from completed_on - started_on))::float as seconds
       from (${union}) j where state = 'completed' group by name`,
  );
  return new Map(rows.map((r: { name: string; jobs: number; seconds: number }) => [r.name, r]));
}

async function bucketBytes(s3: TestS3Server): Promise<{ objects: number; bytes: number }> {
  let objects = 0;
  let bytes = 0;
  let token: string | undefined;
  do {
    const page = await s3.client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const o of page.Contents ?? []) {
      objects++;
      bytes += o.Size ?? 0;
    }
    token = page.NextContinuationToken;
  } while (token);
  return { objects, bytes };
}

interface RunResult {
  workers: number;
  uploadSeconds: number;
  apiCpuPerPhoto: number;
  processSeconds: number;
  photosPerMinute: number;
  workerCpuPerPhoto: number;
  stages: { name: string; queue: string; jobs: number; wallPerJob: number; cpuPerPhoto: number }[];
  failed: number;
  s3RequestsPerPhoto: Record<string, number>;
  s3UploadRequestsPerPhoto: number;
  s3BytesPerPhoto: number;
  s3ObjectsPerPhoto: number;
  dbBytesPerPhoto: number;
  load: string;
}

async function run(workers: number, photos: { path: string; size: number }[]): Promise<RunResult> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `fotodrop_raceday_${process.pid}_${workers}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const s3 = await startTestS3Server('fotodrop-raceday');
  const dataDir = await mkdtemp(join(tmpdir(), 'fotodrop-raceday-'));
  const storage = s3.storageOptions();
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    STORAGE: 's3',
    S3_BUCKET: storage.bucket,
    S3_ENDPOINT: storage.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    MEDIA_URL_SECRET: 'raceday-bench-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
    DEMO_PHOTOS: '0',
    DEMO_SALES: 'false',
    METRICS_LISTENER: 'off',
  };
  const url = `http://127.0.0.1:${PORT}`;
  const api = nodeProcess(['--import', 'tsx', 'apps/server/src/main.ts'], {
    ...env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    WORKERS: 'off',
  });
  const workerProcs: ChildProcess[] = [];
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  try {
    await waitUntilOk(`${url}/api/health`, api);
    await db.connect();
    // The event as a race organiser sets it up: face search and bib recognition on, bibs issued.
    const { rows } = await db.query(
      `update photo_services set checkin_mode = 'face-checkin', bib_recognition = true where slug = $1 returning id`,
      [EVENT],
    );
    const eventId = (rows[0] as { id: number }).id;
    await db.query(
      `insert into event_bibs (photo_service_id, number)
       select $1, n::text from generate_series($2::int, $3::int) n on conflict do nothing`,
      [eventId, FIRST_BIB, FIRST_BIB + BIB_COUNT - 1],
    );
    const login = await fetch(`${url}/api/api/v1/get-token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ORGANISER),
    });
    const { token } = (await login.json()) as { token: string };

    const dbSize = () =>
      db
        .query('select pg_database_size(current_database())::float as bytes')
        .then((r) => (r.rows[0] as { bytes: number }).bytes);
    const dbBefore = await dbSize();
    const apiCpuBefore = await cpuSecondsWithChildren(api.pid!);
    const s3AtUpload = s3.requests.length;
    const uploadStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL_UPLOADS }, async () => {
        while (next < photos.length) {
          const photo = photos[next++]!;
          await tusUpload(url, token, photo.path, photo.size);
        }
      }),
    );
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const apiCpuPerPhoto = ((await cpuSecondsWithChildren(api.pid!)) - apiCpuBefore) / photos.length;
    const s3Before = s3.requests.length;
    const s3UploadRequestsPerPhoto = (s3Before - s3AtUpload) / photos.length;

    const processStarted = performance.now();
    for (let i = 0; i < workers; i++) {
      workerProcs.push(
        nodeProcess(['--import', 'tsx', 'apps/server/src/worker.ts'], env, i % availableParallelism()),
      );
    }
    let bibStage: string | null = null;
    let done: Progress;
    let lastLog = 0;
    // A photo that never settles (a lost job) must end the run with a message, not hang it.
    let lastChange = { at: Date.now(), seen: '' };
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      for (const w of workerProcs)
        if (w.exitCode !== null) throw new Error(`a worker exited with ${w.exitCode}`);
      // The bib stage exists when the workers created a queue for it (the OCR job, once merged).
      if (bibStage === null) {
        const queues = await db.query(`select name from pgboss.queue where name like '%bib%' limit 1`);
        bibStage = (queues.rows[0] as { name: string } | undefined)?.name ?? null;
      }
      done = await progress(db, eventId);
      const settled = done.ready + done.failed;
      const finished =
        done.total === photos.length &&
        settled === done.total &&
        done.scanned >= done.ready &&
        (bibStage === null || done.bibsRead >= done.ready);
      if (Date.now() - lastLog > 30_000) {
        lastLog = Date.now();
        console.log(
          `  ${workers} worker(s): ${JSON.stringify(done)}${bibStage ? ` (bib queue ${bibStage})` : ''}`,
        );
      }
      if (finished) break;
      const seen = JSON.stringify(done);
      if (seen !== lastChange.seen) lastChange = { at: Date.now(), seen };
      else if (Date.now() - lastChange.at > 15 * 60_000)
        throw new Error(`no progress for 15 minutes: ${seen}`);
    }
    const processSeconds = (performance.now() - processStarted) / 1000;
    const workerCpu = (await Promise.all(workerProcs.map((w) => cpuSecondsWithChildren(w.pid!)))).reduce(
      (a, b) => a + b,
      0,
    );
    const walls = await jobWalls(db);
    const stageQueues = [
      ['derivatives', STAGE_QUEUES.derivatives],
      ['faces', STAGE_QUEUES.faces],
      ...(bibStage ? [['bibs', bibStage]] : []),
    ] as [string, string][];
    const wallTotal = stageQueues.reduce((sum, [, q]) => sum + (walls.get(q)?.seconds ?? 0), 0);
    const stages = stageQueues.map(([stageName, queue]) => {
      const w = walls.get(queue) ?? { jobs: 0, seconds: 0 };
      return {
        name: stageName,
        queue,
        jobs: w.jobs,
        wallPerJob: w.jobs > 0 ? w.seconds / w.jobs : 0,
        cpuPerPhoto: wallTotal > 0 ? (workerCpu * (w.seconds / wallTotal)) / photos.length : 0,
      };
    });
    const s3RequestsPerPhoto: Record<string, number> = {};
    for (const r of s3.requests.slice(s3Before)) {
      s3RequestsPerPhoto[r.method] = (s3RequestsPerPhoto[r.method] ?? 0) + 1 / photos.length;
    }
    const bucket = await bucketBytes(s3);
    const dbGrowth = (await dbSize()) - dbBefore;
    return {
      workers,
      uploadSeconds,
      apiCpuPerPhoto,
      processSeconds,
      photosPerMinute: (photos.length / processSeconds) * 60,
      workerCpuPerPhoto: workerCpu / photos.length,
      stages,
      failed: done.failed,
      s3RequestsPerPhoto,
      s3UploadRequestsPerPhoto,
      s3BytesPerPhoto: bucket.bytes / photos.length,
      s3ObjectsPerPhoto: bucket.objects / photos.length,
      dbBytesPerPhoto: dbGrowth / photos.length,
      load: loadavg()
        .map((l) => l.toFixed(1))
        .join(' / '),
    };
  } finally {
    await Promise.all(workerProcs.map(stop));
    await stop(api);
    await db.end().catch(() => {});
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function report(results: RunResult[], generatedIn: number): string {
  const one = results.find((r) => r.workers === 1);
  const two = results.find((r) => r.workers === 2);
  const f = (n: number, d = 2) => n.toFixed(d);
  const stageNames = [...new Set(results.flatMap((r) => r.stages.map((s) => s.name)))];
  const lines = [
    '### Race day at scale (`npm run bench:raceday`)',
    '',
    `Machine: ${machine()}; ${PHOTOS} photos 1920 × 1280 (1–2 runners with a face and a bib each, made in ${f(generatedIn, 0)} s); ` +
      `PostgreSQL 127.0.0.1 (scratch database per run), STORAGE=s3 on s3rver; 1 API process (WORKERS=off), ` +
      `N worker processes pinned with taskset to cores 0…N−1. Load average at each run's end in the table (other helpers share the machine).`,
    '',
    `| workers | upload (s, tus ×${PARALLEL_UPLOADS}) | API CPU s/photo | publish (s) | photos/min | worker CPU s/photo | ${stageNames.map((s) => `${s} CPU s/photo`).join(' | ')} | failed | load 1/5/15 |`,
    `|---|---|---|---|---|---|${stageNames.map(() => '---|').join('')}---|---|`,
    ...results.map(
      (r) =>
        `| ${r.workers} | ${f(r.uploadSeconds, 0)} | ${f(r.apiCpuPerPhoto, 3)} | ${f(r.processSeconds, 0)} | **${f(r.photosPerMinute, 1)}** | ${f(r.workerCpuPerPhoto)} | ` +
        `${stageNames.map((s) => f(r.stages.find((x) => x.name === s)?.cpuPerPhoto ?? 0)).join(' | ')} | ${r.failed} | ${r.load} |`,
    ),
    '',
    one && two
      ? `**2 workers vs 1: ${f(two.photosPerMinute / one.photosPerMinute)}×** (goal ≥ 1.8×).`
      : 'Only one configuration ran: no ratio.',
    '',
    `Stages (wall per job, from pg-boss' start/complete times): ${results
      .map(
        (r) =>
          `${r.workers} worker(s): ${r.stages.map((s) => `${s.name} (\`${s.queue}\`) ${s.jobs} jobs × ${f(s.wallPerJob)} s`).join(', ')}`,
      )
      .join('; ')}. ${stageNames.includes('bibs') ? '' : 'No bib queue in this tree: bibs not measured. '}` +
      `Per-stage CPU is the workers' CPU (all threads) split in proportion to each stage's job wall time.`,
    '',
    `Per photo (${results[0]?.workers ?? 1} worker run): S3 objects ${f(results[0]?.s3ObjectsPerPhoto ?? 0, 1)}, ` +
      `bytes ${f((results[0]?.s3BytesPerPhoto ?? 0) / 2 ** 20)} MiB, requests while publishing ${Object.entries(
        results[0]?.s3RequestsPerPhoto ?? {},
      )
        .map(([m, n]) => `${m} ${f(n, 1)}`)
        .join(
          ', ',
        )}; PostgreSQL ${f((results[0]?.dbBytesPerPhoto ?? 0) / 1024, 1)} KiB (the database's growth from the first upload to the last stage, job records included). ` +
      `Worker CPU includes each process's start-up (tsx, model loads), which small runs do not amortise.` +
      (uploadsSentAgain > 0
        ? ` ${uploadsSentAgain} upload(s) refused as damaged once finished (s3rver cut the stored bytes) and sent again.`
        : ''),
  ];
  return lines.join('\n');
}

async function main() {
  if (spawnSync('taskset', ['-V']).status !== 0) throw new Error('taskset (util-linux) is needed');
  const started = performance.now();
  const made = await racePhotos(join(tmpdir(), 'fotodrop-raceday-photos'), PHOTOS);
  const photos = await Promise.all(
    made.map(async (p) => ({ path: p.path, size: (await stat(p.path)).size })),
  );
  const generatedIn = (performance.now() - started) / 1000;
  console.log(`${photos.length} photos ready in ${generatedIn.toFixed(0)} s`);
  const results: RunResult[] = [];
  for (const workers of WORKER_COUNTS) {
    console.log(`run with ${workers} worker process(es)…`);
    results.push(await run(workers, photos));
    console.log(JSON.stringify(results.at(-1)));
    console.log(report(results, generatedIn));
  }
  const body = report(results, generatedIn);
  if (PHOTOS >= 1000 || process.env.WRITE_REPORT === '1') {
    writeSection('raceday', body);
  } else console.log(body);
}

await main();
