import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HOME_ROUTE_JS_BUDGET_KIB, measureHomeRouteJs } from '../bench/home-route-js';

// `npm run test:e2e` builds the web app first; this reads what the build wrote.
const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

describe('JavaScript of the home route', () => {
  const temporary: string[] = [];
  afterAll(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

  it(`stays within its budget of ${HOME_ROUTE_JS_BUDGET_KIB} KiB gzip (docs/performance.md)`, () => {
    const measured = measureHomeRouteJs(DIST);
    expect(measured.files.length).toBeGreaterThan(0);
    const sizes = measured.files.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KiB`);
    expect(measured.marginKib, `home route JS: ${sizes.join(', ')}`).toBeGreaterThanOrEqual(0);
  });

  it('counts the entry script and every module it preloads, and fails a build over the budget', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'fotodrop-dist-'));
    temporary.push(dist);
    await mkdir(join(dist, 'assets'));
    const incompressible = (kib: number) =>
      Buffer.from(Array.from({ length: kib * 1024 }, () => (Math.random() * 256) | 0));
    await writeFile(join(dist, 'assets', 'index.js'), incompressible(80));
    await writeFile(join(dist, 'assets', 'vendor.js'), incompressible(50));
    await writeFile(join(dist, 'assets', 'later.js'), incompressible(500));
    await writeFile(
      join(dist, 'index.html'),
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
    );
    const measured = measureHomeRouteJs(dist);
    expect(measured.files.map((f) => f.file)).toEqual(['/assets/index.js', '/assets/vendor.js']);
    expect(measured.marginKib).toBeLessThan(0);
    expect(measureHomeRouteJs(dist, 140).marginKib).toBeGreaterThan(0);
  });
});
