import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that never open a database (checked by running them against an unreachable server).
 * `npm run test:db` runs the server's tests again on a PostgreSQL server and leaves these out: the
 * first run has already passed them, and CI's time is better spent on what the server can change.
 * Named one by one, not by folder, so a new test that does open a database is never left out.
 */
const withoutDatabase = [
  'src/build-stamps.test.ts',
  'src/config.test.ts',
  'src/db/seed/report-pdf/report-pdf.test.ts',
  'src/lib/account-attempts.test.ts',
  'src/modules/commerce/pdf/pdf.test.ts',
  'src/modules/commerce/search-criteria.test.ts',
  'src/modules/content/rich-text.test.ts',
  'src/modules/privacy/classifier.test.ts',
  'src/modules/privacy/model/model.test.ts',
  'src/modules/privacy/redaction.test.ts',
  'src/modules/responses/simulated-new-types.test.ts',
  'src/modules/results/spss/coded-csv.test.ts',
  'src/modules/results/spss/names.test.ts',
  'src/modules/results/spss/sav.property.test.ts',
  'src/modules/results/spss/sav.test.ts',
  'src/modules/results/statistics/chi-square.test.ts',
  'src/modules/results/statistics/column-proportions.test.ts',
  'src/modules/results/statistics/distributions.test.ts',
  'src/modules/results/statistics/margin-of-error.test.ts',
  'src/modules/results/statistics/raking.test.ts',
  'src/modules/results/statistics/statistics.property.test.ts',
  'src/modules/results/statistics/us-teen-margins.test.ts',
  'src/modules/results/tally.test.ts',
  'src/plugins/server-render.test.ts',
  'src/plugins/structured-data.test.ts',
  'src/test/deploy-files.test.ts',
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
