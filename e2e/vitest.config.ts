import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    // the first server asking for demo photos processes them for the whole run (demo-data.ts)
    hookTimeout: 600_000,
    // One browser and one server at a time: the machine has two cores.
    fileParallelism: false,
  },
});
