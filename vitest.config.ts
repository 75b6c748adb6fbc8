import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/temporary-folder.ts'],
    // Worker tests build a site and start workerd; both take seconds on a two-core machine.
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
