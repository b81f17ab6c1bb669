/**
 * Results summary time at 10k, 100k and 1M responses, read from the maintained aggregates (decision
 * 020), against the raw count of the same rows; and the memory an export of 100k takes. On
 * PostgreSQL (127.0.0.1:5432, a scratch database created and dropped here) or, with BENCH_PGLITE=1,
 * on the embedded database. The responses are written by the simulator's bulk writer (5,000 rows per
 * INSERT, not through the API), then folded.
 *
 *   npx tsx bench/summary.ts            (BENCH_MAX=100000 to stop earlier; BENCH_KEEP_DB=1 keeps the
 *                                        scratch database for EXPLAIN, and names it)
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ResultsFilter } from '@tv/contract';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { surveys } from '../apps/server/src/db/schema/surveys';
import { demoSurveys } from '../apps/server/src/db/seed/demo-surveys';
import { insertSimulatedBulk } from '../apps/server/src/modules/responses/simulator';
import { foldSurveyAll } from '../apps/server/src/modules/results/aggregates';
import { responsesCsv } from '../apps/server/src/modules/results/export';
import { summarize, summarizeRaw } from '../apps/server/src/modules/results/summary';
import { cellWeights } from '../apps/server/src/modules/results/weighting';
import { replaceQuestions } from '../apps/server/src/modules/surveys/repository';

const admin = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const usePglite = process.env.BENCH_PGLITE === '1';
const max = Number(process.env.BENCH_MAX ?? 1_000_000);
const targets = [10_000, 100_000, 1_000_000].filter((n) => n <= max);
const RUNS = 5;
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

const views: { label: string; filter: ResultsFilter }[] = [
  { label: 'full summary', filter: {} },
  { label: 'filtered (gender + age 14–16)', filter: { gender: 'female', ageMin: 14, ageMax: 16 } },
  { label: 'cross-tab (answer clubs:weekly)', filter: { answer: 'clubs:weekly' } },
  {
    label: 'cross-tab + filters (activities:music, region, gender)',
    filter: { answer: 'activities:music', region: 'West', gender: 'male' },
  },
];

const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
async function timed(runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return median(times);
}
const ms = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(n < 10 ? 1 : 0)} ms`);
const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
const rate = (rows: number, time: number) => `${Math.round(rows / (time / 1000)).toLocaleString('en-US')}/s`;

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
  const real = { id: surveyId, audience: demo.audience };
  const weighted = { id: surveyId, audience: demo.audience, weightingTargets: null };
  const results: {
    n: number;
    insert: number;
    fold: number;
    aggregateRows: number;
    views: { aggregate: number; weighted: number; raw?: number }[];
  }[] = [];
  let total = 0;
  let rawFull100k: number | undefined;
  for (const target of targets) {
    const previous = total;
    const i0 = performance.now();
    // Real (not simulated) rows, so the default summary counts them.
    total += await insertSimulatedBulk(database.db, real, demo.questions, target - total, {
      seed: total + 1,
      simulated: false,
    });
    const insert = performance.now() - i0;
    const f0 = performance.now();
    // One pass, as a backlog is folded (decision 051): each aggregate row is written once.
    await foldSurveyAll(database.db, surveyId, 1_000_000);
    const fold = performance.now() - f0;
    // What autovacuum does soon after in production: a fold rewrites every row it marks.
    await database.executeSql('vacuum analyze survey_responses');
    await database.executeSql('vacuum analyze result_aggregates');
    const aggregateRows = Number(
      (await database.executeSql('select count(*)::int as n from result_aggregates')).rows[0]?.n ?? 0,
    );
    console.log(
      `${target} responses: inserted in ${s(insert)} (${rate(target - previous, insert)}), folded in ${s(fold)} (${rate(target - previous, fold)}), ${aggregateRows} aggregate rows`,
    );
    // Raw counts at 1M only when 100k suggests they finish within about 30 s.
    const runRaw = target < 1_000_000 || (rawFull100k !== undefined && rawFull100k * 10 < 30_000);
    const row = {
      n: target,
      insert,
      fold,
      aggregateRows,
      views: [] as { aggregate: number; weighted: number; raw?: number }[],
    };
    for (const view of views) {
      await summarize(database.db, survey, demo.questions, view.filter); // warm
      const aggregate = await timed(RUNS, () => summarize(database.db, survey, demo.questions, view.filter));
      // What the results page shows by default for an audience survey (issue 13): weighted to the US
      // teen margins, the weights looked up as the route does (raked once, then cached per cell counts).
      const weightedView = async () =>
        summarize(
          database.db,
          survey,
          demo.questions,
          view.filter,
          undefined,
          true,
          await cellWeights(database.db, weighted, undefined),
        );
      const cold = performance.now();
      await weightedView();
      const firstWeighted = performance.now() - cold;
      const weightedTime = await timed(RUNS, weightedView);
      const raw = runRaw
        ? await timed(target >= 1_000_000 ? 1 : 3, () =>
            summarizeRaw(database.db, survey, demo.questions, view.filter),
          )
        : undefined;
      if (target === 100_000 && view.label === 'full summary') rawFull100k = raw;
      console.log(
        `  ${view.label}: aggregates ${ms(aggregate)}, weighted ${ms(weightedTime)} (first ${ms(firstWeighted)}), raw ${ms(raw)}`,
      );
      row.views.push({ aggregate, weighted: weightedTime, raw });
    }
    results.push(row);

    if (target === 100_000) {
      // The tail: responses not folded yet are expanded by the summary itself.
      const tail = await insertSimulatedBulk(database.db, real, demo.questions, 2_000, {
        seed: 999_999,
        simulated: false,
      });
      total += tail;
      const withTail = await timed(RUNS, () => summarize(database.db, survey, demo.questions));
      console.log(`  full summary with ${tail} responses not folded yet: ${ms(withTail)}`);
      await foldSurveyAll(database.db, surveyId);

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
        `  CSV export of ${total} responses: ${(bytes / 1e6).toFixed(1)} MB in ${s(performance.now() - e0)}, RSS grew by at most ${((peak - before) / 1e6).toFixed(0)} MB`,
      );
    }
  }

  console.log(
    `\nMedian of ${RUNS} runs (raw: median of 3, once at 1M), ${demo.questions.length} questions, ${usePglite ? 'PGlite' : 'PostgreSQL'}:\n`,
  );
  console.log(
    `| View | ${results.map((r) => `${r.n.toLocaleString('en-US')} (aggregates)`).join(' | ')} | ${results.map((r) => `${r.n.toLocaleString('en-US')} (weighted)`).join(' | ')} | ${results.map((r) => `${r.n.toLocaleString('en-US')} (raw)`).join(' | ')} |`,
  );
  console.log(
    `|---|${results.map(() => '---:').join('|')}|${results.map(() => '---:').join('|')}|${results.map(() => '---:').join('|')}|`,
  );
  views.forEach((view, i) => {
    console.log(
      `| ${view.label} | ${results.map((r) => ms(r.views[i]!.aggregate)).join(' | ')} | ${results.map((r) => ms(r.views[i]!.weighted)).join(' | ')} | ${results.map((r) => ms(r.views[i]!.raw)).join(' | ')} |`,
    );
  });
  console.log(`| bulk insert (cumulative step) | ${results.map((r) => s(r.insert)).join(' | ')} | | | |`);
  console.log(`| fold (step) | ${results.map((r) => s(r.fold)).join(' | ')} | | | |`);
  console.log(
    `| aggregate rows | ${results.map((r) => r.aggregateRows.toLocaleString('en-US')).join(' | ')} | | | |`,
  );
} finally {
  await database.close();
  if (process.env.BENCH_KEEP_DB === '1') console.log(`kept the database ${name}`);
  else if (!usePglite) {
    const cleanup = new pg.Client({ connectionString: admin });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}
