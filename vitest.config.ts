import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/temporary-folder.ts'],
    // Worker tests build a site and start workerd, and the contributor commands' tests check a copy
    // of the bundled catalogue (4,000 landmarks) several times each: tens of seconds on a loaded
    // two-core machine, where 30 s timed out tests that pass.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Three test files at once on two cores: most of a file's time is spent waiting on
    // workerd, a browser or a build in another process. Vitest's default of one fewer than the
    // cores runs them one by one here.
    maxWorkers: 3,
  },
});
