import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that never open a database (checked by running them against an unreachable server).
 * `npm run test:db` runs the server's tests again on a PostgreSQL server and leaves these out: the
 * first run has already passed them, and CI's time is better spent on what the server can change.
 */
const withoutDatabase = [
  'src/modules/privacy/**',
  'src/modules/results/statistics/**',
  'src/modules/results/spss/**',
  'src/modules/results/tally.test.ts',
  'src/modules/commerce/pdf/**',
  'src/modules/commerce/search-criteria.test.ts',
  'src/modules/content/rich-text.test.ts',
  'src/modules/responses/simulated-new-types.test.ts',
  'src/db/seed/report-pdf/**',
  'src/plugins/server-render.test.ts',
  'src/plugins/structured-data.test.ts',
  'src/lib/account-attempts.test.ts',
  'src/test/deploy-files.test.ts',
  'src/build-stamps.test.ts',
  'src/config.test.ts',
];

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_ONLY ? withoutDatabase : [])],
    globalSetup: ['./vitest.global-setup.ts'],
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
