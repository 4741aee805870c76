import react from '@vitejs/plugin-react';
import { localeParts } from './tools/vite-locale-parts';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure code and components, beside the code) and `api` (supertest on a real
// Postgres; one database per test file). The browser suite has its own config (test/e2e).
export default defineConfig({
  plugins: [react(), localeParts()],
  test: {
    // Vitest leaves a core to itself by default: on CI's 2 cores, one file at a time. The tests wait
    // on Postgres and jsdom as much as they compute, so two at a time take a quarter less.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'client/**/*.test.{ts,tsx}',
            'tools/**/*.test.ts',
            // compose.yaml and the Kubernetes manifests, checked offline
            'test/deploy/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['client/src/testing/slow-machine-setup.ts'],
          // A screen test waits up to 5 s for each screen (slow-machine-setup.ts); a test that waits
          // for several in a row must not be cut at vitest's default 5 s on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          // Each file makes its own database, app and fakes and closes them: nothing depends on a
          // fresh module registry, so a worker loads the server once instead of once per file
          // (the suite runs in half the time; CI has a 25-minute budget).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
