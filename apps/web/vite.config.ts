import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
});
