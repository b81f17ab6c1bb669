/**
 * The fuzz suite of `npm test` (apps/server/src/test/fuzz.test.ts), run long: hostile requests derived
 * from the OpenAPI document for every operation, as an anonymous visitor and as a member, on a fresh
 * embedded database (or on DATABASE_URL's server). It fails on any 5xx and on any rejected write that
 * changed a table, and prints the requests it sent by status.
 *
 * `FUZZ_RUNS=200 npx tsx bench/fuzz.ts` (FUZZ_SEED to repeat a run; default 200 runs per operation and
 * caller).
 */
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { demoAccounts } from '../apps/server/src/db/seed/demo-accounts';
import { fuzzApi } from '../apps/server/src/test/fuzz';

const runs = Number(process.env.FUZZ_RUNS ?? 200);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const config = testConfig({ WEB_DIST: '/nonexistent-web-build', LOG_LEVEL: 'fatal' });
const app = await buildApp(config, { jobs: false, inMemory: true });
await app.ready();

const started = performance.now();
let lastReport = started;
const report = await fuzzApi(app, app.database.db, {
  runs,
  seed,
  memberEmail: demoAccounts.northsideAdmin.email,
  onProgress: (done) => {
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.log(`${done} requests, ${((lastReport - started) / 1000).toFixed(0)} s`);
    }
  },
});
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify(
    {
      seed,
      runsPerOperation: runs,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      requests: report.requests,
      seconds: Math.round(seconds),
      byStatus: report.byStatus,
      rejectedWrites: report.rejectedWrites,
      findings: report.findings.length,
    },
    null,
    2,
  ),
);
for (const finding of report.findings.slice(0, 20)) console.log(JSON.stringify(finding));
await app.close();
process.exit(report.findings.length === 0 ? 0 : 1);
