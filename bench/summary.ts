/**
 * Results summary time at 10k and 100k responses, and the memory an export of 100k takes, on
 * PostgreSQL (127.0.0.1:5432) or, with BENCH_PGLITE=1, on the embedded database.
 *
 *   npx tsx bench/summary.ts
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { surveys } from '../apps/server/src/db/schema/surveys';
import { demoSurveys } from '../apps/server/src/db/seed/demo-surveys';
import { simulateResponses } from '../apps/server/src/modules/responses/simulator';
import { responsesCsv } from '../apps/server/src/modules/results/export';
import { summarize } from '../apps/server/src/modules/results/summary';
import { replaceQuestions } from '../apps/server/src/modules/surveys/repository';

const admin = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const usePglite = process.env.BENCH_PGLITE === '1';
const name = `tv_bench_${Date.now()}`;
let databaseUrl: string | undefined;
if (!usePglite) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const database = await openDatabase({ databaseUrl, dataDir: '/tmp' }, { inMemory: true });
try {
  await migrateDatabase(database);
  const demo = demoSurveys[0]!;
  const surveyId = randomUUID();
  await database.db
    .insert(surveys)
    .values({ id: surveyId, type: 'long_form', name: 'Bench', status: 'complete', audience: demo.audience });
  await replaceQuestions(database.db, surveyId, demo.questions);
  const survey = { id: surveyId, status: 'complete', sampleSize: null };
  let total = 0;
  for (const target of [10_000, 100_000]) {
    const t0 = performance.now();
    while (total < target)
      total += await simulateResponses(
        database.db,
        { id: surveyId, audience: demo.audience },
        demo.questions,
        Math.min(10_000, target - total),
        total,
      );
    console.log(`inserted up to ${target} responses in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await database.executeSql('analyze survey_responses');
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s0 = performance.now();
      await summarize(database.db, survey, demo.questions);
      times.push(performance.now() - s0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `summary of ${target} responses (${demo.questions.length} questions): median ${times[2]!.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms`,
    );
    const filtered0 = performance.now();
    await summarize(database.db, survey, demo.questions, { gender: 'female', answer: 'clubs:weekly' });
    console.log(`  filtered + cross-tab summary: ${(performance.now() - filtered0).toFixed(0)} ms`);
  }
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let bytes = 0;
  const e0 = performance.now();
  await pipeline(
    responsesCsv(database.db, surveyId, demo.questions),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        peak = Math.max(peak, process.memoryUsage().rss);
        callback();
      },
    }),
  );
  console.log(
    `CSV export of ${total} responses: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - e0) / 1000).toFixed(1)} s, RSS grew by at most ${((peak - before) / 1e6).toFixed(0)} MB`,
  );
} finally {
  await database.close();
  if (!usePglite) {
    const cleanup = new pg.Client({ connectionString: admin });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}
