// Uploads every photo and video of a folder to an event through the organiser API, the same path
// as any upload: `npm run ingest -- --event <slug> [--gallery <name>] [--tags a,b] <folder>`.
// Every file is sent, whatever its name: the server decides by content what is a photo or a video
// and refuses the rest, which is listed with the reason.
//
// Files go by tus (resumable, 50 MB chunks): a cut connection is retried from where the server
// stopped, and a run stopped halfway continues its unfinished files when run again (their upload
// URLs are kept in FOTODROP_INGEST_STATE, ~/.fotodrop-ingest.json by default). First the event is
// asked which files it already holds (by SHA-256), so running it again on a folder sends only
// the new files.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import * as tus from 'tus-js-client';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    event: { type: 'string' },
    gallery: { type: 'string' },
    tags: { type: 'string' },
    url: { type: 'string', default: process.env.FOTODROP_URL ?? 'http://localhost:8080' },
    email: { type: 'string', default: process.env.FOTODROP_EMAIL },
    password: { type: 'string', default: process.env.FOTODROP_PASSWORD },
  },
});

function usage(message: string): never {
  console.error(`${message}
usage: npm run ingest -- --event <slug> [--gallery <name>] [--tags a,b] [--url ${values.url}]
                         [--email <organiser e-mail> --password <password>] <folder>
(the e-mail and password may come from FOTODROP_EMAIL and FOTODROP_PASSWORD)`);
  process.exit(2);
}

const folder = positionals[0];
if (!values.event) usage('--event is missing');
if (!folder) usage('the folder is missing');
if (!values.email || !values.password) usage('an organiser e-mail and password are needed');

const CHUNK_BYTES = 50 * 1024 * 1024;
const CHECK_BATCH = 10_000;
const api = `${values.url!.replace(/\/$/, '')}/api`;
const login = await fetch(`${api}/api/v1/get-token-auth/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: values.email, password: values.password }),
}).catch((error: unknown) => usage(`cannot reach ${values.url}: ${String(error)} (is the server running?)`));
if (!login.ok) usage(`login failed: ${login.status} ${await login.text()}`);
const { token } = (await login.json()) as { token: string };
const authorization = `Token ${token}`;

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${api}${path}`, {
    ...init,
    headers: { authorization, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await response.json()) as T & { message?: string };
  if (!response.ok) usage(`the server refused: ${body.message ?? response.status}`);
  return body;
}

/** The gallery's id by its name (case-insensitive), from the organiser's event list. */
async function galleryId(name: string): Promise<string> {
  type Events = { results: { slug: string; galleries: { id: number; name: string }[] }[] };
  const { results } = await json<Events>('/organiser/v1/events/');
  const event = results.find((e) => e.slug === values.event);
  const gallery = event?.galleries.find((g) => g.name.toLowerCase() === name.toLowerCase());
  if (!gallery) usage(`the event has no gallery named ${name}`);
  return String(gallery.id);
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

const paths = (await readdir(folder!, { withFileTypes: true }))
  .filter((e) => e.isFile() && !e.name.startsWith('.'))
  .map((e) => join(folder!, e.name))
  .sort();
type LocalFile = { path: string; name: string; size: number; sha256: string };
const files: LocalFile[] = [];
for (const path of paths) {
  files.push({ path, name: basename(path), size: (await stat(path)).size, sha256: await sha256Of(path) });
}
const held = new Set<string>();
for (let i = 0; i < files.length; i += CHECK_BATCH) {
  const batch = files.slice(i, i + CHECK_BATCH).map(({ name, size, sha256 }) => ({ name, size, sha256 }));
  const answer = await json<{ held: { sha256: string }[] }>(
    `/organiser/v1/events/${values.event}/uploads/check/`,
    {
      method: 'POST',
      body: JSON.stringify({ files: batch }),
    },
  );
  for (const h of answer.held) held.add(h.sha256);
}

type Options = ConstructorParameters<typeof tus.Upload>[1];
// The node build has a file-backed URL store; its type definitions do not declare it.
const { FileUrlStorage } = tus as unknown as { FileUrlStorage: new (path: string) => Options['urlStorage'] };
const urlStorage = new FileUrlStorage(
  process.env.FOTODROP_INGEST_STATE ?? join(homedir(), '.fotodrop-ingest.json'),
);
const metadataBase = {
  event: values.event!,
  ...(values.gallery ? { gallery: await galleryId(values.gallery) } : {}),
  ...(values.tags ? { tags: values.tags } : {}),
};

type Outcome = { outcome: 'added' | 'duplicate' | 'refused'; detail: string; fatal?: boolean };

/** One file by tus; resolves with what the server made of it (the last answer's body). */
function send(file: LocalFile): Promise<Outcome> {
  return new Promise((resolve) => {
    const upload = new tus.Upload(createReadStream(file.path), {
      endpoint: `${api}/organiser/v1/uploads/`,
      uploadSize: file.size,
      chunkSize: CHUNK_BYTES,
      metadata: { ...metadataBase, filename: file.name },
      headers: { authorization },
      retryDelays: [0, 1000, 3000, 10_000, 30_000],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      urlStorage,
      onSuccess: ({ lastResponse }) => {
        const body = JSON.parse(lastResponse.getBody() || '{}') as { duplicate?: boolean };
        resolve({ outcome: body.duplicate ? 'duplicate' : 'added', detail: '' });
      },
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        if (!response) return resolve({ outcome: 'refused', detail: ` — ${error.message}`, fatal: true });
        const status = response.getStatus();
        let body: { message?: string; data?: { reason?: string } } = {};
        try {
          body = JSON.parse(response.getBody());
        } catch {
          body = { message: response.getBody().trim() };
        }
        resolve({
          outcome: 'refused',
          detail: ` — ${body.data?.reason ?? body.message ?? status}`,
          fatal: status === 401 || status === 403 || status === 404,
        });
      },
    });
    // A run stopped halfway left this file's upload URL: continue it rather than start again.
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

const tally = { added: 0, duplicate: 0, refused: 0, skipped: 0 };
for (const [i, file] of files.entries()) {
  const prefix = `[${i + 1}/${files.length}]`;
  if (held.has(file.sha256)) {
    tally.skipped++;
    console.log(`${prefix} ${'held'.padEnd(9)} ${file.name}`);
    continue;
  }
  const { outcome, detail, fatal } = await send(file);
  tally[outcome]++;
  console.log(`${prefix} ${outcome.padEnd(9)} ${file.name}${detail}`);
  if (fatal) usage(`the server refused: ${detail.replace(/^ — /, '')}`);
}
console.log(
  `${tally.added} added, ${tally.duplicate + tally.skipped} already there (${tally.skipped} not sent), ` +
    `${tally.refused} refused; thumbnails and video renditions are being made in the background.`,
);
