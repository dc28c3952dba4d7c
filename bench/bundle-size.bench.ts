// The gzip size of the JavaScript the home route loads, against its budget (home-route-js.ts).
import { fileURLToPath } from 'node:url';
import { HOME_ROUTE_JS_BUDGET_KIB, measureHomeRouteJs } from './home-route-js';
import { machine, writeSection } from './report';

const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const measured = measureHomeRouteJs(DIST);
const verdict = measured.marginKib >= 0 ? 'within' : 'OVER';

writeSection(
  'bundle',
  `### JavaScript loaded by the home route (\`npm run bench:bundle\`)

Machine: ${machine()}. Build: \`npm run build\`. Budget ${HOME_ROUTE_JS_BUDGET_KIB} KB (KiB) gzip — ${verdict} budget.

| file | raw | gzip -9 |
| --- | --- | --- |
${measured.files.map((f) => `| ${f.file} | ${kib(f.raw)} | ${kib(f.gzip)} |`).join('\n')}
| **total** | ${kib(measured.raw)} | **${kib(measured.gzip)}** |`,
);
if (verdict === 'OVER') process.exitCode = 1;
