import { defineConfig } from 'vitest/config';

/** The one test file that replaces a module (vi.mock): it needs a module cache of its own. */
const mocking = ['test/load/unexpected-errors.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/temporary-folder.ts', 'test/support/compile-cache.ts'],
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
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          include: ['test/**/*.test.ts'],
          exclude: mocking,
          // Each worker process keeps the modules it imported for the next test file, rather than
          // importing them again for every file: wrangler alone took 2 s of a core to import, and
          // 35 files start a Worker with it. The tests keep no state in modules they share.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own modules', include: mocking } },
    ],
  },
});
