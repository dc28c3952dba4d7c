// The gzip size of the JavaScript the home route loads: the entry script of index.html and every
// module it preloads (what the browser fetches before the home page can render). Budget: 120 KB.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { machine, writeSection } from './report';

const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const BUDGET_KB = 120;

export function homeRouteScripts(html: string): string[] {
  const entries = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set([...entries, ...preloads])];
}

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const files = homeRouteScripts(html);
let totalGzip = 0;
let totalRaw = 0;
const rows = files.map((file) => {
  const content = readFileSync(join(DIST, file));
  const gz = gzipSync(content, { level: 9 }).length;
  totalGzip += gz;
  totalRaw += statSync(join(DIST, file)).size;
  return `| ${file} | ${(content.length / 1024).toFixed(1)} KB | ${(gz / 1024).toFixed(1)} KB |`;
});
const verdict = totalGzip / 1024 <= BUDGET_KB ? 'within' : 'OVER';

writeSection(
  'bundle',
  `### JavaScript loaded by the home route (\`npm run bench:bundle\`)

Machine: ${machine()}. Build: \`npm run build\`. Budget ${BUDGET_KB} KB (KiB) gzip — ${verdict} budget.

| file | raw | gzip -9 |
| --- | --- | --- |
${rows.join('\n')}
| **total** | ${(totalRaw / 1024).toFixed(1)} KB | **${(totalGzip / 1024).toFixed(1)} KB** |`,
);
if (verdict === 'OVER') process.exitCode = 1;
