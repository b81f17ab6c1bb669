/**
 * A platform-sized database (issue 27, point 4; decision 052): 10,000,000 responses over 1,000 surveys,
 * one of them with 1,000,000, beside the demo content, on the PostgreSQL server. One command builds it
 * and measures it:
 *
 *   npx tsx bench/platform.ts
 *
 * 1. build: a scratch database `tv_platform_<time>` (postgres://postgres@127.0.0.1:5432), migrated
 *    (migrateDatabase) and seeded with the demo content (seedDemoData, as `npm start` does); then the
 *    1,000 surveys and their responses, generated here (bench/lib/platform-data.ts: the simulator's
 *    answers) and streamed with `COPY survey_responses (...) FROM STDIN`, 200,000 rows a statement.
 *    The queue trigger (decision 051) queues what COPY stores; then every survey is folded
 *    (`foldSurveyAll(db, id, 1_000_000)`). The raw baseline in the same run: the same generator's rows
 *    COPYed into an unindexed copy of the table without the trigger (the physical limit), for the
 *    first BENCH_RAW_ROWS rows (2,000,000 by default; the indexed build's rate over the same rows is
 *    printed beside it), and the generator alone.
 * 2. summaries: p50/p95/max of the full summary and of a filtered one (girls of 14–16 and, where the
 *    survey has one, a closed answer) on the large survey and on 50 random others.
 * 3. ingestion: the compiled server (RESPOND_RATE_LIMIT=0, 100 concurrent respondents, as
 *    bench/ingestion.ts measures it) on this database and on an empty one, taking turns.
 * 4. soak: SOAK_SECONDS (600) at that peak on this database: the latency distribution, and every 10 s
 *    the unfolded tail (the server's own folder runs on PostgreSQL), the window's p99 and max.
 *
 * Options (environment):
 *   BENCH_SCALE=0.1       a tenth of the responses (still 1,000 surveys): the dry run
 *   BENCH_KEEP_DB=1       keep the database at the end (its name is printed)
 *   BENCH_DB=<name>       reuse a kept database: the build is skipped
 *   PHASES=build,summaries,ingestion,soak   (the default: all)
 *   BENCH_SECONDS=15 ROUNDS=2               each ingestion measurement, and how many turns
 *   SOAK_SECONDS=600                        the soak (after SOAK_WARMUP_SECONDS=15 not counted)
 *   BENCH_RAW_ROWS=2000000                  rows of the raw COPY baseline (0: none)
 *   FOLD_WORKERS=2                          surveys folded at a time
 *   BENCH_TABLE_SETTINGS=1                  apply decision 052's table settings before measuring
 *   BENCH_TABLE_SETTINGS=0                  put back the migrations' settings (a kept database, measured
 *                                           before and after in turns: 0, 1, 1, 0)
 *
 * Uses ports 3420–3422. Needs about 40 GB of disk at full scale (38 GB: 30 of them aggregates); the database is dropped at the end
 * unless kept. Every phase prints `uptime` before and after: the machine is shared.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { surveys } from '../apps/server/src/db/schema/surveys';
import { seedDemoData } from '../apps/server/src/db/seed';
import { demoOrganizations } from '../apps/server/src/db/seed/demo-accounts';
import { foldAll, foldSurveyAll } from '../apps/server/src/modules/results/aggregates';
import { summarize } from '../apps/server/src/modules/results/summary';
import { replaceQuestions } from '../apps/server/src/modules/surveys/repository';
import { COPY_COLUMNS, filterFor, type PlannedSurvey, platformPlan, surveyRows } from './lib/platform-data';
import {
  BENCH_SESSION_SECRET,
  closedLoop,
  machineTicks,
  openSample,
  PULSE,
  poster,
  rssMiB,
  type Server,
  scratchDatabase,
  startServer as startServerOnce,
  submission,
} from './lib/respondents';

/**
 * The compiled server, started again if its build or seed fails: other work in this checkout may be
 * rebuilding apps/server/dist at the same moment.
 */
async function startServer(options: Parameters<typeof startServerOnce>[0]): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      // What the seed said (respondents.ts runs it quietly).
      const seed = spawnSync('node', ['apps/server/dist/seed.js'], {
        env: {
          ...process.env,
          PORT: String(options.port),
          DATABASE_URL: options.databaseUrl ?? '',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-bench-')),
          NODE_ENV: 'development',
          LOG_LEVEL: 'error',
          SESSION_SECRET: BENCH_SESSION_SECRET,
        },
        encoding: 'utf8',
      });
      console.log(
        `the server did not start: ${(error as Error).message.split('\n')[0]}; the seed alone: exit ${seed.status}, ${seed.stderr
          .split('\n')
          .filter((l) => !l.includes('Deprecation') && !l.includes('trace-deprecation'))
          .join(' ')
          .slice(0, 1500)}`,
      );
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
}

const admin = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scale = Number(process.env.BENCH_SCALE ?? 1);
const phases = (process.env.PHASES ?? 'build,summaries,ingestion,soak').split(',');
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const rounds = Number(process.env.ROUNDS ?? 2);
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const soakWarmup = Number(process.env.SOAK_WARMUP_SECONDS ?? 15);
const tableSettings = process.env.BENCH_TABLE_SETTINGS;
const TOTAL = Math.round(10_000_000 * scale);
const LARGE = Math.round(1_000_000 * scale);
const rawRows = Math.min(TOTAL, Number(process.env.BENCH_RAW_ROWS ?? 2_000_000 * Math.min(1, scale * 10)));
const COPY_ROWS = 200_000;
const foldWorkers = Number(process.env.FOLD_WORKERS ?? 2);
const concurrency = 100;
const respondPath = `/v2/respond/${PULSE}/responses`;

const reused = process.env.BENCH_DB;
const name = reused ?? `tv_platform_${Date.now()}`;
const url = new URL(admin);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

const plan = platformPlan(TOTAL, LARGE);
const uptime = (label: string) =>
  console.log(`[${new Date().toISOString()}] uptime ${label}: ${execFileSync('uptime').toString().trim()}`);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} rows/s`;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const dist = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p95 ${quantile(sorted, 0.95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${sorted.length} runs)`;
};

/** The plan's rows as COPY text, survey after survey, the first `count` rows. */
function* planText(count: number) {
  let left = count;
  for (const survey of plan) {
    if (left <= 0) return;
    const n = Math.min(left, survey.responses);
    yield* surveyRows(survey, n);
    left -= n;
  }
}

/**
 * Streams the plan's first `count` rows into `table`, one COPY statement per COPY_ROWS rows (the
 * trigger's transition table holds one statement's rows). Reports progress every million rows, and
 * when `mark` rows were in.
 */
async function copyPlan(client: pg.Client, table: string, count: number, label: string, mark = 0) {
  const t0 = performance.now();
  const source = planText(count);
  let done = 0;
  let nextReport = 1_000_000;
  let finished = false;
  let atMark: number | undefined;
  while (!finished) {
    let inStatement = 0;
    const statement = async function* () {
      while (inStatement < COPY_ROWS) {
        const next = source.next().value;
        if (!next) {
          finished = true;
          return;
        }
        inStatement += next.rows;
        yield next.text;
      }
    };
    await pipeline(
      Readable.from(statement()),
      client.query(copyFrom(`copy ${table} (${COPY_COLUMNS.join(', ')}) from stdin`)),
    );
    done += inStatement;
    const elapsed = performance.now() - t0;
    if (mark && atMark === undefined && done >= mark) atMark = elapsed;
    if (done >= nextReport || finished) {
      console.log(
        `  ${label}: ${done.toLocaleString('en-US')} rows in ${s(elapsed)} (${rate(done, elapsed)})`,
      );
      while (nextReport <= done) nextReport += 1_000_000;
    }
  }
  return { rows: done, ms: performance.now() - t0, atMark };
}

async function build() {
  uptime('before the build');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const database = await openDatabase({ databaseUrl, dataDir: tmpdir() });
  const db = database.db;
  const timings: Record<string, { ms: number; rows?: number }> = {};
  try {
    let t0 = performance.now();
    await migrateDatabase(database);
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-platform-')),
      LOG_LEVEL: 'error',
    });
    await seedDemoData(db, config);
    timings['migrate + demo seed'] = { ms: performance.now() - t0 };
    console.log(`migrated and seeded the demo content in ${s(timings['migrate + demo seed'].ms)}`);

    t0 = performance.now();
    for (let i = 0; i < plan.length; i += 100) {
      const batch = plan.slice(i, i + 100);
      await db.insert(surveys).values(
        batch.map((survey) => ({
          id: survey.id,
          organizationId: demoOrganizations.northside.id,
          type: survey.type,
          name: survey.name,
          status: 'complete',
          audience: survey.audience,
          completedCount: survey.responses,
          tags: ['platform-bench'],
        })),
      );
      for (const survey of batch) await replaceQuestions(db, survey.id, survey.questions);
    }
    timings.surveys = { ms: performance.now() - t0, rows: plan.length };
    console.log(`${plan.length} surveys with their questions in ${s(timings.surveys.ms)}`);

    const raw = new pg.Client({ connectionString: databaseUrl });
    await raw.connect();
    // The generator alone, for reference: what the COPY figures below cannot beat.
    const genRows = Math.min(TOTAL, 500_000);
    t0 = performance.now();
    let generated = 0;
    for (const chunk of planText(genRows)) generated += chunk.rows;
    timings['generator alone (no database)'] = { ms: performance.now() - t0, rows: generated };

    uptime('before COPY');
    const copied = await copyPlan(raw, 'survey_responses', TOTAL, 'COPY into survey_responses', rawRows);
    timings['COPY (indexes + queue trigger)'] = copied;
    if (copied.atMark !== undefined)
      timings[`  of which the first ${rawRows.toLocaleString('en-US')} rows`] = {
        ms: copied.atMark,
        rows: rawRows,
      };
    uptime('after COPY');
    const { rows: queued } = await raw.query<{ n: number }>(
      'select count(*)::int as n from unfolded_responses',
    );
    console.log(`queued by the trigger: ${queued[0]!.n.toLocaleString('en-US')}`);

    if (rawRows > 0) {
      // The physical limit: the same generator's rows into the table's columns without an index, a
      // constraint or the trigger (logged, as the real table is).
      await raw.query('create table survey_responses_raw (like survey_responses including defaults)');
      const baseline = await copyPlan(
        raw,
        'survey_responses_raw',
        rawRows,
        'raw COPY (no index, no trigger)',
      );
      timings[`raw COPY baseline, the first ${rawRows.toLocaleString('en-US')} rows`] = baseline;
      await raw.query('drop table survey_responses_raw');
      uptime('after the baseline');
    }

    // FOLD_WORKERS surveys fold at a time (each its own transaction, as the server's folder does):
    // a fold alternates between counting here and writing in PostgreSQL, so two overlap on two cores.
    t0 = performance.now();
    let folded = 0;
    let nextReport = 1_000_000;
    let nextSurvey = 0;
    await Promise.all(
      Array.from({ length: foldWorkers }, async () => {
        while (nextSurvey < plan.length) {
          const survey = plan[nextSurvey++]!;
          const n = await foldSurveyAll(db, survey.id, 1_000_000);
          folded += n;
          if (folded >= nextReport) {
            const elapsed = performance.now() - t0;
            console.log(
              `  folded ${folded.toLocaleString('en-US')} (${nextSurvey} surveys) in ${s(elapsed)} (${rate(folded, elapsed)})`,
            );
            while (nextReport <= folded) nextReport += 1_000_000;
          }
        }
      }),
    );
    // The demo surveys' own responses, as the server's sweep would fold them.
    folded += await foldAll(db, 1_000_000);
    timings[`fold (${foldWorkers} at a time)`] = { ms: performance.now() - t0, rows: folded };
    uptime('after the fold');
    t0 = performance.now();
    await raw.query('vacuum analyze survey_responses');
    await raw.query('vacuum analyze unfolded_responses');
    await raw.query('vacuum analyze result_aggregates');
    timings['vacuum analyze'] = { ms: performance.now() - t0 };
    const sizes = await raw.query<{ t: string; rows: string; size: string }>(
      `select relname as t, n_live_tup::text as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
       from pg_stat_user_tables where relname in ('survey_responses', 'unfolded_responses', 'result_aggregates')`,
    );
    await raw.end();
    console.log('\nBuild phases:\n\n| Phase | Time | Rows | Rows/s |\n|---|---:|---:|---:|');
    let total = 0;
    for (const [phase, { ms, rows }] of Object.entries(timings)) {
      if (!phase.includes('baseline') && !phase.startsWith(' ') && !phase.includes('alone')) total += ms;
      console.log(
        `| ${phase} | ${s(ms)} | ${rows === undefined ? '' : rows.toLocaleString('en-US')} | ${rows === undefined ? '' : rate(rows, ms)} |`,
      );
    }
    console.log(`| **build (without the baselines)** | **${s(total)}** | | |`);
    console.log(
      `\n${sizes.rows.map((r) => `${r.t}: ${Number(r.rows).toLocaleString('en-US')} rows, ${r.size}`).join('; ')}`,
    );
    console.log(`database size: ${(await sizeOf()).toString()}`);
  } finally {
    await database.close();
  }
  uptime('after the build');
}

async function sizeOf() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ size: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  await client.end();
  return rows[0]!.size;
}

/**
 * Decision 052's table settings: vacuum the queue often (it is all inserts and deletes, and a
 * summary counts its live rows), and the large insert-mostly table by a fixed number of new rows
 * rather than a fifth of its size.
 */
async function applyTableSettings(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `alter table unfolded_responses set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000,
       autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 5000)`,
  );
  await client.query(
    `alter table survey_responses set (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000000,
       autovacuum_analyze_scale_factor = 0.02)`,
  );
  await client.query(`alter table result_aggregates set (autovacuum_vacuum_scale_factor = 0.02)`);
  await client.end();
  console.log('applied the table settings of decision 052');
}

/** The table settings the migrations leave (0023: the aggregates' fill factor; 0024: the queue's vacuum). */
async function resetTableSettings(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `alter table unfolded_responses reset (autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold)`,
  );
  await client.query(
    `alter table unfolded_responses set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000,
       autovacuum_vacuum_cost_delay = 0)`,
  );
  await client.query(
    `alter table survey_responses reset (autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold,
       autovacuum_analyze_scale_factor)`,
  );
  await client.query(`alter table result_aggregates reset (autovacuum_vacuum_scale_factor)`);
  await client.end();
  console.log('put back the table settings of the migrations');
}

/** Each large table's options, its vacuum and analyze counts and dead rows: did the settings act? */
async function vacuumCounts(url: string, when: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<Record<string, string>>(
    `select s.relname, coalesce(array_to_string(c.reloptions, ', '), '') as options,
       s.autovacuum_count::text as autovacuums, s.autoanalyze_count::text as autoanalyzes,
       s.n_dead_tup::text as dead, s.n_live_tup::text as live
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.relname in ('survey_responses', 'unfolded_responses', 'result_aggregates') order by 1`,
  );
  await client.end();
  console.log(`\ntables ${when}:`);
  for (const r of rows)
    console.log(
      `  ${r.relname}: autovacuums ${r.autovacuums}, autoanalyzes ${r.autoanalyzes}, dead ${r.dead}, live ${r.live}; options ${r.options || 'none'}`,
    );
}

async function summaries() {
  uptime('before the summaries');
  const database = await openDatabase({ databaseUrl, dataDir: tmpdir() });
  try {
    const random = (() => {
      let x = 52;
      return () => {
        x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
        return x / 2_147_483_648;
      };
    })();
    const others = plan
      .slice(1)
      .map((survey) => ({ survey, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, 50)
      .map((x) => x.survey);
    const run = async (survey: PlannedSurvey, filtered: boolean) => {
      const t0 = performance.now();
      await summarize(
        database.db,
        { id: survey.id, status: 'complete', sampleSize: null },
        survey.questions,
        filtered ? filterFor(survey) : {},
      );
      return performance.now() - t0;
    };
    const large = plan[0]!;
    for (const filtered of [false, true]) {
      await run(large, filtered); // warm
      const times: number[] = [];
      for (let i = 0; i < 20; i++) times.push(await run(large, filtered));
      console.log(
        `${filtered ? 'filtered' : 'full'} summary, the ${large.responses.toLocaleString('en-US')} survey: ${dist(times)}`,
      );
    }
    for (const filtered of [false, true]) {
      const cold: number[] = [];
      const warm: number[] = [];
      for (const survey of others) {
        cold.push(await run(survey, filtered));
        for (let i = 0; i < 3; i++) warm.push(await run(survey, filtered));
      }
      console.log(
        `${filtered ? 'filtered' : 'full'} summary, 50 other surveys (${Math.min(...others.map((o) => o.responses))}–${Math.max(...others.map((o) => o.responses))} responses): first call ${dist(cold)}; then ${dist(warm)}`,
      );
    }
  } finally {
    await database.close();
  }
  uptime('after the summaries');
}

/** `concurrency` respondents for `ms`; latencies sorted, and the figures bench/ingestion.ts prints. */
async function respondents(server: Server, ms: number, onDone?: (ok: boolean, latency: number) => void) {
  const client = poster(server.base, concurrency);
  const m0 = machineTicks();
  const loop = await closedLoop(concurrency, ms, async () => {
    const t0 = performance.now();
    const reply = await client.post(respondPath, submission(undefined, randomUUID()));
    const ok = reply.status === 200 && JSON.parse(reply.body).data.outcome === 'completed';
    onDone?.(ok, performance.now() - t0);
    return ok;
  });
  const m1 = machineTicks();
  client.close();
  return { ...loop, busy: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total) };
}

async function ingestion() {
  uptime('before the ingestion comparison');
  const empty = await scratchDatabase(admin, 'tv_platform_empty');
  let emptyServer: Server | null = null;
  let bigServer: Server | null = null;
  try {
    emptyServer = await startServer({ port: 3420, databaseUrl: empty.url });
    await openSample(empty.url);
    bigServer = await startServer({ port: 3421, databaseUrl });
    await openSample(databaseUrl);
    const rates: Record<string, number[]> = { empty: [], '10M': [] };
    for (let round = 1; round <= rounds; round++) {
      for (const [label, server] of [
        ['empty', emptyServer],
        ['10M', bigServer],
      ] as const) {
        const r = await respondents(server, seconds * 1000);
        const perSecond = r.latencies.length / r.elapsed;
        rates[label]!.push(perSecond);
        console.log(
          `round ${round}, ${label === '10M' ? `the ${(TOTAL / 1e6).toFixed(1)}M database` : 'an empty database'}: ${r.latencies.length} in ${r.elapsed.toFixed(1)} s, ${perSecond.toFixed(0)}/s, p50 ${quantile(r.latencies, 0.5).toFixed(1)} ms, p99 ${quantile(r.latencies, 0.99).toFixed(1)} ms, max ${r.latencies.at(-1)!.toFixed(0)} ms, ${r.errors} errors, machine ${(r.busy * 100).toFixed(0)}% busy`,
        );
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(rates['10M']!) / mean(rates.empty!);
    console.log(
      `ingestion: empty ${mean(rates.empty!).toFixed(0)}/s, ${(TOTAL / 1e6).toFixed(1)}M ${mean(rates['10M']!).toFixed(0)}/s: ${(ratio * 100).toFixed(0)}% (target ≥ 80%); per round ${rates['10M']!.map((r, i) => `${((r / rates.empty![i]!) * 100).toFixed(0)}%`).join(', ')}`,
    );
  } finally {
    await emptyServer?.stop();
    await bigServer?.stop();
    await empty.drop();
  }
  uptime('after the ingestion comparison');
}

async function soak() {
  uptime('before the soak');
  const server = await startServer({ port: 3422, databaseUrl });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await openSample(databaseUrl);
    // The server's first seconds (JIT, pools filling) are not the steady state the soak measures.
    await respondents(server, soakWarmup * 1000);
    const all: number[] = [];
    let window: number[] = [];
    let errors = 0;
    const started = performance.now();
    const samples: string[] = [];
    const sample = async () => {
      const at = (performance.now() - started) / 1000;
      const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from unfolded_responses');
      const sorted = window.sort((a, b) => a - b);
      const line = `${at.toFixed(0).padStart(4)} s  ${all.length} responses, ${errors} errors; last 10 s ${(sorted.length / 10).toFixed(0)}/s, p99 ${quantile(sorted, 0.99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms; unfolded tail ${rows[0]!.n}; server RSS ${rssMiB(server.pid).toFixed(0)} MiB`;
      window = [];
      samples.push(line);
      console.log(line);
    };
    const sampler = setInterval(() => void sample().catch(() => {}), 10_000);
    const r = await respondents(server, soakSeconds * 1000, (ok, latency) => {
      all.push(latency);
      window.push(latency);
      if (!ok) errors++;
    });
    clearInterval(sampler);
    await sample();
    const sorted = r.latencies;
    const over = (ms: number) => sorted.filter((t) => t > ms).length;
    console.log(
      `\nsoak on the ${(TOTAL / 1e6).toFixed(1)}M database: ${soakSeconds} s, ${concurrency} concurrent, ${sorted.length} responses (${(sorted.length / r.elapsed).toFixed(0)}/s), ${r.errors} errors, machine ${(r.busy * 100).toFixed(0)}% busy`,
    );
    console.log(
      `latency: p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p90 ${quantile(sorted, 0.9).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, p99.9 ${quantile(sorted, 0.999).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; over 250 ms ${over(250)}, over 500 ms ${over(500)}, over 1 s ${over(1000)}, over 2 s ${over(2000)} (targets: p99.9 < 1 s, none over 2 s)`,
    );
    const bounds = [10, 25, 50, 100, 250, 500, 1000, 2000, Number.POSITIVE_INFINITY];
    let from = 0;
    const buckets = bounds.map((to) => {
      const n =
        sorted.filter((t) => t > from && t <= to).length +
        (from === 0 ? sorted.filter((t) => t === 0).length : 0);
      const label = `${from}–${to === Number.POSITIVE_INFINITY ? '∞' : to} ms: ${n}`;
      from = to;
      return label;
    });
    console.log(`distribution: ${buckets.join('; ')}`);
  } finally {
    await server.stop();
    await pool.end();
  }
  uptime('after the soak');
}

console.log(
  `${new Date().toISOString()}: platform bench at scale ${scale}: ${TOTAL.toLocaleString('en-US')} responses over ${plan.length} surveys (the largest ${LARGE.toLocaleString('en-US')}), database ${name}${reused ? ' (reused)' : ''}`,
);
try {
  if (phases.includes('build') && !reused) await build();
  if (tableSettings === '1') await applyTableSettings(databaseUrl);
  else if (tableSettings === '0') await resetTableSettings(databaseUrl);
  if (tableSettings) await vacuumCounts(databaseUrl, 'before');
  if (phases.includes('summaries')) await summaries();
  if (phases.includes('ingestion')) await ingestion();
  if (phases.includes('soak')) await soak();
  if (tableSettings) await vacuumCounts(databaseUrl, 'after');
} finally {
  if (process.env.BENCH_KEEP_DB === '1' || reused)
    console.log(`kept the database ${name} (BENCH_DB=${name} reuses it)`);
  else {
    const cleanup = new pg.Client({ connectionString: admin });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    console.log(`dropped the database ${name}`);
  }
}
