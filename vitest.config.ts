import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file boots its own app and database; two workers suit the 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
  },
});
