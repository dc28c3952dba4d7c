// Cold start of `npm start`'s server to its first 200: with a fresh data folder (migrations and
// demo seed run) and with an existing one (a restart). Reference: a bare `node -e` process.
// KB in these figures are KiB (1024 bytes).
import { spawnSync } from 'node:child_process';
import { startServer } from '../e2e/support/server';
import { machine, median, writeSection } from './report';

const RUNS = Number(process.env.RUNS ?? 5);

function nodeBaseline(): number {
  const t = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - t;
}

const fresh: number[] = [];
const restart: number[] = [];
const firstPage: number[] = [];
const baseline: number[] = [];
for (let i = 0; i < RUNS; i++) {
  baseline.push(nodeBaseline());
  const server = await startServer();
  fresh.push(server.startupMs);
  const t = performance.now();
  const response = await fetch(`${server.url}/`);
  await response.text();
  firstPage.push(performance.now() - t);
  await server.stop({ keepData: true });
  const again = await startServer({}, { port: server.port, dataDir: server.dataDir });
  restart.push(again.startupMs);
  await again.stop();
}

const row = (label: string, values: number[]) =>
  `| ${label} | ${Math.round(median(values))} ms | ${(median(values) / median(baseline)).toFixed(1)}× | ${values.map((v) => Math.round(v)).join(', ')} |`;

writeSection(
  'startup',
  `### Cold start to first 200 (\`npm run bench:startup\`)

Machine: ${machine()}. ${RUNS} runs each; medians, and the ratio to a bare \`node -e 0\` measured in the same run.

| what | median | × node -e 0 | runs |
| --- | --- | --- | --- |
${row('bare `node -e 0` (reference)', baseline)}
${row('server start → first 200 of /api/health (fresh data folder: migrations + demo seed)', fresh)}
${row('restart on the same data folder → first 200 of /api/health', restart)}
${row('GET / (the app shell) right after the first start', firstPage)}`,
);
