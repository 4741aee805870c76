import { defineConfig } from 'vitest/config';

// The browser suite: the built app, started as `npm start` would, driven in Debian's chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/support/start-shop.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // A condition a page reaches through the server (an answer, a rendered message) can take more
    // than expect.poll's default second on a loaded machine: wait for it longer, never sleep.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
