import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['tests/support/pglite-template.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, each with its own app, database and Chromium: the browser waits on the
    // app and the app on the database, so two overlap well on the 2-core machine.
    maxWorkers: 2,
    // A browser test that fails runs once more (docs/testing.md): on a loaded 2-core host a page's
    // timing can lose a race the test did not foresee. Vitest reports the retry; failing twice fails.
    retry: 1,
    // A page reacts in well under a second on a quiet machine; a busy one gets ten before a poll fails.
    expect: { poll: { timeout: 10_000 } },
  },
});
