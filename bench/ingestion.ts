/**
 * Response ingestion: requests/s and p99 at 100 concurrent submissions against the real server on
 * PostgreSQL, side by side with a raw `pg` INSERT loop into the same table in the same run.
 *
 *   npx tsx bench/ingestion.ts            (needs PostgreSQL at 127.0.0.1:5432, trust auth)
 *
 * It creates and drops its own database, starts the server on port 3400, and stops by itself.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { formatResult, runLoad } from './lib/load';

const admin = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `tv_bench_${Date.now()}`;
const url = new URL(admin);
url.pathname = `/${database}`;
const port = 3400;
const base = `http://127.0.0.1:${port}`;
const SURVEY = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02'; // the seeded live pulse check
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = 100;

const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${database}`);
await client.end();

const server = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: url.toString(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-bench-')),
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    SESSION_SECRET: 'b'.repeat(40),
    PUBLIC_URL: base,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const pool = new pg.Pool({ connectionString: url.toString(), max: 50 });
  // Keep the survey open for the whole run.
  await pool.query(
    `update surveys set audience = jsonb_set(audience, '{sampleSize}', '100000000') where id = $1`,
    [SURVEY],
  );

  const answers = { mood: 4, sleep: '6-8', best: 'Seeing my friends at practice' };
  const body = () =>
    JSON.stringify({
      clientResponseId: randomUUID(),
      screener: { age: 15, gender: 'female', state: 'CA' },
      answers,
      startedAt: new Date(Date.now() - 90_000).toISOString(),
    });

  const http = await runLoad({
    concurrency,
    durationMs: seconds * 1000,
    send: () =>
      fetch(`${base}/v2/respond/${SURVEY}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body(),
      }),
  });
  console.log(formatResult(`server POST /v2/respond/:id/responses, ${concurrency} concurrent`, http));

  const raw = await runLoad({
    concurrency,
    durationMs: seconds * 1000,
    send: async () => {
      const t0 = performance.now();
      await pool.query(
        `insert into survey_responses (survey_id, client_response_id, status, age, gender, state, region, answers, duration_seconds)
         values ($1, $2, 'completed', 15, 'female', 'CA', 'west', $3, 90)`,
        [SURVEY, randomUUID(), JSON.stringify(answers)],
      );
      return new Response(null, { status: 200, headers: { 'x-ms': String(performance.now() - t0) } });
    },
  });
  console.log(formatResult(`raw pg INSERT, ${concurrency} concurrent (pool of 50)`, raw));
  console.log(
    `server / raw throughput: ${((http.requestsPerSecond / raw.requestsPerSecond) * 100).toFixed(0)}%`,
  );
  await pool.end();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const cleanup = new pg.Client({ connectionString: admin });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${database} with (force)`);
  await cleanup.end();
}
