// What the home route costs in JavaScript: the entry script of index.html and every module it
// preloads (what the browser fetches before the home page can render), gzip -9. The budget lives
// here only; `npm run bench:bundle` reports against it and e2e/home-route-budget.e2e.test.ts fails
// the build when it is passed (docs/performance.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 120 until issue 9: its seven routes (checkout, results, test payment page, My orders, photobook) are
// lazy screens, but their entries in the route table are in the entry script (+0.2 KiB).
// 121 until issue 17: the home page's album-code field for visitors (a plain GET form, +0.1 KiB)
// did not fit in the 29 bytes left.
export const HOME_ROUTE_JS_BUDGET_KIB = 122;

export interface HomeRouteFile {
  file: string;
  raw: number;
  gzip: number;
}

export interface HomeRouteJs {
  files: HomeRouteFile[];
  raw: number;
  gzip: number;
  /** gzip KiB left before the budget; negative when over. */
  marginKib: number;
}

export function homeRouteScripts(html: string): string[] {
  const entries = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set([...entries, ...preloads])];
}

/** Measures a built web app (`npm run build` writes apps/web/dist). */
export function measureHomeRouteJs(dist: string, budgetKib = HOME_ROUTE_JS_BUDGET_KIB): HomeRouteJs {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = homeRouteScripts(html).map((file) => {
    // "/assets/x.js" in index.html is "assets/x.js" under dist
    const content = readFileSync(join(dist, file.replace(/^\//, '')));
    return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return {
    files,
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip,
    marginKib: budgetKib - gzip / 1024,
  };
}
