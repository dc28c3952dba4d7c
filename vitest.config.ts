import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's default is one worker less than the cores: one on this 2-core machine, which then
    // idles while a test waits on PostgreSQL, a child process or a timer; 150% keeps both busy.
    maxWorkers: '150%',
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // tus-js-client's package points Node at its Node build (streams, no XMLHttpRequest); the
        // web tests run the browser build the app ships, through jsdom's XMLHttpRequest
        resolve: {
          alias: {
            'tus-js-client': fileURLToPath(
              new URL('./node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url),
            ),
          },
        },
        test: {
          name: 'web',
          server: { deps: { inline: [/@uppy[\\/]/] } },
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: ['src/test/async-timeout.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          // a whole screen journey (lazy chunks, several calls) may pass 5 s when two cores run
          // three test workers; a hang still ends the test
          testTimeout: 20_000,
        },
      },
    ],
  },
});
