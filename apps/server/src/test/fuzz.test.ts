import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../db/seed/demo-accounts';
import { createTestApp, type TestApp } from './app';
import { fuzzApi } from './fuzz';

/**
 * Issue 12: hostile requests derived from the OpenAPI document, for every operation, as an anonymous
 * visitor and as a member. A few per operation here, so that `npm test` stays quick; bench/fuzz.ts runs
 * the same engine long (FUZZ_RUNS). FUZZ_SEED reproduces a run.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 4);
const seed = Number(process.env.FUZZ_SEED ?? 20261126);

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers no hostile request with a 5xx, and no rejected write changes a table', async () => {
    const report = await fuzzApi(t.app, t.app.database.db, {
      runs,
      seed,
      memberEmail: demoAccounts.northsideAdmin.email,
    });
    expect(report.requests).toBeGreaterThan(100);
    expect(report.rejectedWrites).toBeGreaterThan(50);
    expect(report.findings).toEqual([]);
  }, 300_000);
});
