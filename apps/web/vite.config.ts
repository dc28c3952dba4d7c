import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type Rollup } from 'vite';

/**
 * Writes csp-sources.json beside index.html: the origins this build talks to beyond its own, which
 * the server adds to its Content-Security-Policy. Only Sentry, and only when VITE_SENTRY_DSN is set
 * (its envelope endpoint, and the blob: worker its session replay compresses in).
 */
function cspSources(mode: string): Plugin {
  const dsn = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_').VITE_SENTRY_DSN;
  const sources = dsn ? { 'connect-src': [new URL(dsn).origin], 'worker-src': ['blob:'] } : {};
  return {
    name: 'fotodrop-csp-sources',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'csp-sources.json', source: JSON.stringify(sources) });
    },
  };
}

/**
 * Starts the English catalogue's download with the page (issue 20): every start-up fetches it (the
 * fallback language), and without the hint the fetch waits until the app's script has run.
 */
function preloadFallbackCatalogue(): Plugin {
  return {
    name: 'fotodrop-preload-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && /^assets\/en-[\w-]+\.json$/.test(file.fileName),
        );
        if (!asset) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'fetch', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** The e-mail link's and the album page's early calls (zod-free: the `api` chunk and the entry). */
const EARLY_CALLS = 'src/features/checkins/api/early-album.ts';

/**
 * The pages a runner's e-mail opens, with the route modules each one loads (app/router.tsx: the
 * data layout, the login guard, the feature's list of screens, the screen). /preview names what a
 * visitor loads; a logged-in runner's preview loader fetches the album's chunks itself. The server writes
 * their chunks into the page as preload hints (apps/server/src/routes/web.routes.ts), so they
 * download beside the entry script instead of one after another once it has run (issue 20).
 */
const ROUTE_PRELOADS: { path: string; modules: string[]; run?: string[] }[] = [
  {
    path: '/preview',
    // a logged-in runner's check-in and user start from this script, right after the entry's:
    // imported by the data layout, they would wait for every chunk of its graph (`screens`)
    run: [EARLY_CALLS],
    modules: [
      'src/app/data-layout.tsx',
      'src/features/checkins/routes/checkin-screens.ts',
      'src/features/checkins/routes/preview.tsx',
    ],
  },
  {
    path: '/checkins',
    modules: [
      'src/app/data-layout.tsx',
      'src/app/guards/require-login.tsx',
      // a logged-in page: the header's user menu
      'src/app/layout/user-nav.tsx',
      'src/features/checkins/routes/checkin-screens.ts',
      'src/features/checkins/routes/checkins.tsx',
    ],
  },
  {
    path: '/checkins/:picacode',
    run: [EARLY_CALLS],
    modules: [
      'src/app/data-layout.tsx',
      'src/app/guards/require-login.tsx',
      // a logged-in page: the header's user menu
      'src/app/layout/user-nav.tsx',
      'src/features/checkins/routes/checkin-screens.ts',
      'src/features/checkins/routes/checkin-detail.tsx',
    ],
  },
];

/**
 * Writes route-preloads.json beside index.html: per page of ROUTE_PRELOADS, the scripts (each
 * route module's chunk and the chunks it imports statically) and style sheets the page loads
 * after the entry script, less what index.html already loads, and the module scripts it runs at
 * once (`run`).
 */
function routePreloads(): Plugin {
  return {
    name: 'fotodrop-route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: Rollup.OutputChunk[]): Set<Rollup.OutputChunk> => {
        const seen = new Set<Rollup.OutputChunk>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (seen.has(chunk)) return;
          seen.add(chunk);
          for (const file of chunk.imports) {
            const next = byFile.get(file);
            if (next) visit(next);
          }
        };
        for (const chunk of start) visit(chunk);
        return seen;
      };
      const initial = closure(chunks.filter((chunk) => chunk.isEntry));
      const chunkOf = (module: string, path: string) => {
        const id = fileURLToPath(new URL(module, import.meta.url));
        const chunk = chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (${path})`);
        return chunk;
      };
      const routes = ROUTE_PRELOADS.map(({ path, modules, run = [] }) => {
        const roots = modules.map((module) => {
          const id = fileURLToPath(new URL(module, import.meta.url));
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (${path})`);
          return chunk;
        });
        const loaded = [...closure(roots)].filter((chunk) => !initial.has(chunk));
        return {
          path,
          run: run.map((module) => `/${chunkOf(module, path).fileName}`),
          scripts: loaded.map((chunk) => `/${chunk.fileName}`),
          styles: [...new Set(loaded.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].map(
            (file) => `/${file}`,
          ),
        };
      });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify({ routes }) });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), cspSources(mode), preloadFallbackCatalogue(), routePreloads()],
  resolve: {
    alias: [
      // react-router's package exports point every bundler at its development build (dev-only
      // warnings included); the production build is the same code without them
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080' },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:8080' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // every browser that runs ES2022 supports modulepreload; the polyfill would cost home-page bytes
    modulePreload: { polyfill: false },
    // language catalogues stay separate JSON files, fetched per language, never inlined
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // everything the first page needs in one chunk: one request, and gzip sees it all at once
            { name: 'app', tags: ['$initial'] },
            // the API client and the method-and-path tables without zod: the e-mail link's early calls
            // (features/checkins/api/early-album.ts, early-link.ts) start from these as soon as the app's
            // script has run, instead of after the next chunk's schemas have been built (issue 20)
            {
              name: 'api',
              test: /packages[\\/]contract[\\/]src[\\/](endpoint|routes|constants|enums|rules[\\/](retry|preview-link|picacode-text))\.ts$|src[\\/]shared[\\/](api[\\/](client|base|errors|health|session-events|endpoint-routes)|utils[\\/]preload-images)\.ts$/,
            },
            // what every other screen shares (forms, schemas, API client, UI kit): one cached chunk
            {
              name: 'screens',
              test: /node_modules[\\/](react-hook-form|@hookform|zod|@tanstack[\\/](?!react-virtual|virtual-core))|packages[\\/]contract[\\/]|src[\\/]shared[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
