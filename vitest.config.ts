import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['tests/support/pglite-template.ts'],
    environment: 'node',
    // Tests that boot a second app (a fresh database, migrations and demo data) took 40 s on a
    // host stealing half of the CPU; the limit is for hung tests, not slow machines.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each file boots its own app and database; two workers suit the 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
  },
});
