import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

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

export default defineConfig(({ mode }) => ({
  plugins: [react(), cspSources(mode), preloadFallbackCatalogue()],
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
