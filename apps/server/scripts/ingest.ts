// Uploads every photo and video of a folder to an event through the organiser API, the same path
// as any upload: `npm run ingest -- --event <slug> [--gallery <name>] [--tags a,b] <folder>`.
// Every file is sent, whatever its name: the server decides by content what is a photo or a video
// and refuses the rest, which is listed with the reason.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';

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

const api = `${values.url!.replace(/\/$/, '')}/api`;
const login = await fetch(`${api}/api/v1/get-token-auth/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: values.email, password: values.password }),
}).catch((error: unknown) => usage(`cannot reach ${values.url}: ${String(error)} (is the server running?)`));
if (!login.ok) usage(`login failed: ${login.status} ${await login.text()}`);
const { token } = (await login.json()) as { token: string };

const files = (await readdir(folder!, { withFileTypes: true }))
  .filter((e) => e.isFile() && !e.name.startsWith('.'))
  .map((e) => join(folder!, e.name))
  .sort();
const tally = { added: 0, duplicate: 0, refused: 0 };
for (const [i, path] of files.entries()) {
  const form = new FormData();
  if (values.gallery) form.set('gallery', values.gallery);
  if (values.tags) form.set('tags', values.tags);
  form.set('file', new Blob([await readFile(path)]), basename(path));
  const response = await fetch(`${api}/organiser/v1/events/${values.event}/media/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  const body = (await response.json()) as {
    duplicate?: boolean;
    message?: string;
    data?: { reason?: string };
  };
  const outcome = response.ok ? (body.duplicate ? 'duplicate' : 'added') : 'refused';
  tally[outcome]++;
  const detail = response.ok ? '' : ` — ${body.data?.reason ?? body.message ?? response.status}`;
  console.log(`[${i + 1}/${files.length}] ${outcome.padEnd(9)} ${basename(path)}${detail}`);
  if (response.status === 401 || response.status === 403 || response.status === 404) {
    usage(`the server refused: ${body.message ?? response.status}`);
  }
}
console.log(
  `${tally.added} added, ${tally.duplicate} already there, ${tally.refused} refused; thumbnails and video renditions are being made in the background.`,
);
