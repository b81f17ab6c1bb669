/**
 * Response ingestion (issue 11, decision 021): requests/s and p50/p99 at 100 concurrent respondents
 * against the real server (NODE_ENV=production) on PostgreSQL, side by side with a raw `pg` INSERT
 * loop into the same table, in the same run, taking turns so a busy moment of a shared machine lands
 * on both. Then a crash check (kill -9 during the load; respondents retry with the same ids: nothing
 * lost, nothing twice) and what the embedded PGlite default sustains.
 *
 *   npx tsx bench/ingestion.ts            (needs PostgreSQL at 127.0.0.1:5432, trust auth)
 *   BENCH_SECONDS=15 ROUNDS=2 PHASES=postgres,crash,pglite BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p'
 *
 * It creates and drops its own database and data folder, uses port 3400, and stops by itself.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  closedLoop,
  cpuSeconds,
  machineTicks,
  openSample,
  PULSE,
  poster,
  postgresCpuMeter,
  type Server,
  scratchDatabase,
  startServer,
  startToken,
  submission,
} from './lib/respondents';

const admin = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT ?? 3400);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const rounds = Number(process.env.ROUNDS ?? 2);
const phases = (process.env.PHASES ?? 'postgres,crash,pglite').split(',');
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const concurrency = 100;
const path = `/v2/respond/${PULSE}/responses`;

interface Figures {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Client ids the server acknowledged as completed. */
  acknowledged: string[];
  cpuMsPerRequest?: number;
  /** CPU this process (the load generator) spent per request: it shares the cores with the rest. */
  clientCpuMsPerRequest?: number;
  /** CPU all PostgreSQL processes spent per request. */
  databaseCpuMsPerRequest?: number;
  /** How busy the machine's cores were (0–1), everything on it included. */
  machineBusy?: number;
}

/** Starts counting the database's CPU and the machine's busy time; the result reads both. */
function resourceMeter() {
  const database = postgresCpuMeter();
  const m0 = machineTicks();
  return (requests: number) => {
    const m1 = machineTicks();
    return {
      databaseCpuMsPerRequest: (database() * 1000) / Math.max(1, requests),
      machineBusy: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
    };
  };
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const figures = ({ latencies, errors, elapsed }: Awaited<ReturnType<typeof closedLoop>>) => ({
  requests: latencies.length,
  errors,
  requestsPerSecond: latencies.length / elapsed,
  p50Ms: quantile(latencies, 0.5),
  p99Ms: quantile(latencies, 0.99),
});

/** `concurrency` respondents, each submitting one response after another until the time is up. */
async function respondents(server: Server, token: string, ms: number): Promise<Figures> {
  const client = poster(server.base, concurrency);
  const acknowledged: string[] = [];
  const cpu0 = cpuSeconds(server.pid);
  const own0 = ownCpuMs();
  const meter = resourceMeter();
  const loop = await closedLoop(concurrency, ms, async () => {
    const id = randomUUID();
    const reply = await client.post(path, submission(token, id));
    const completed = reply.status === 200 && JSON.parse(reply.body).data.outcome === 'completed';
    if (completed) acknowledged.push(id);
    return completed;
  });
  const cpu = cpuSeconds(server.pid) - cpu0;
  const own = ownCpuMs() - own0;
  const resources = meter(loop.latencies.length);
  client.close();
  return {
    ...figures(loop),
    ...resources,
    acknowledged,
    cpuMsPerRequest: (cpu * 1000) / Math.max(1, loop.latencies.length),
    clientCpuMsPerRequest: own / Math.max(1, loop.latencies.length),
  };
}

/** The physical limit to compare with: one INSERT per response straight into the same table. */
async function rawInserts(pool: pg.Pool, ms: number): Promise<Figures> {
  const answers = JSON.stringify({ mood: 4, sleep: '6-8', best: 'Seeing my friends at practice' });
  const own0 = ownCpuMs();
  const meter = resourceMeter();
  const loop = await closedLoop(concurrency, ms, async () => {
    await pool.query(
      `insert into survey_responses (survey_id, client_response_id, status, age, gender, state, region, answers, duration_seconds)
       values ($1, $2, 'completed', 15, 'female', 'CA', 'west', $3, 90)`,
      [PULSE, randomUUID(), answers],
    );
    return true;
  });
  const own = ownCpuMs() - own0;
  const resources = meter(loop.latencies.length);
  return {
    ...figures(loop),
    ...resources,
    acknowledged: [],
    clientCpuMsPerRequest: own / Math.max(1, loop.latencies.length),
  };
}

const line = (name: string, f: Figures) =>
  `${name}: ${f.requests} in ${(f.requests / f.requestsPerSecond).toFixed(1)} s, ${f.requestsPerSecond.toFixed(0)}/s, p50 ${f.p50Ms.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms, ${f.errors} errors${f.cpuMsPerRequest === undefined ? '' : `, server CPU ${f.cpuMsPerRequest.toFixed(2)} ms/request`}${f.clientCpuMsPerRequest === undefined ? '' : `, load generator CPU ${f.clientCpuMsPerRequest.toFixed(2)} ms/request`}${f.databaseCpuMsPerRequest === undefined ? '' : `, PostgreSQL CPU ${f.databaseCpuMsPerRequest.toFixed(2)} ms/request`}${f.machineBusy === undefined ? '' : `, machine ${(f.machineBusy * 100).toFixed(0)}% busy`}`;

/** Completed rows for these client ids: how many, and how many distinct ids. */
async function storedFor(pool: pg.Pool, ids: string[]) {
  const { rows } = await pool.query<{ rows: string; ids: string }>(
    `select count(*) as rows, count(distinct client_response_id) as ids from survey_responses
     where survey_id = $1 and status = 'completed' and client_response_id = any($2::uuid[])`,
    [PULSE, ids],
  );
  return { rows: Number(rows[0]!.rows), ids: Number(rows[0]!.ids) };
}

/** Completed rows the server wrote (the raw loop stores no device hash). */
async function serverRows(pool: pg.Pool) {
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from survey_responses where survey_id = $1 and status = 'completed' and device_hash is not null`,
    [PULSE],
  );
  return Number(rows[0]!.n);
}

async function postgresPhase() {
  const database = await scratchDatabase(admin, 'tv_bench_ingest');
  let server: Server | null = null;
  const pool = new pg.Pool({ connectionString: database.url, max: 50 });
  // Dropping the scratch database at the end ends any connection still open: not an error here.
  pool.on('error', () => {});
  try {
    server = await startServer({ port, databaseUrl: database.url, nodeArgs });
    await openSample(database.url);
    const token = await startToken(server.base);
    const before = await serverRows(pool);
    const ratios: number[] = [];
    const acknowledged: string[] = [];
    const p99s: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const http = await respondents(server, token, seconds * 1000);
      console.log(
        line(`round ${round}: server POST ${path.replace(PULSE, ':id')}, ${concurrency} concurrent`, http),
      );
      const raw = await rawInserts(pool, seconds * 1000);
      console.log(line(`round ${round}: raw pg INSERT, ${concurrency} concurrent (pool of 50)`, raw));
      ratios.push(http.requestsPerSecond / raw.requestsPerSecond);
      p99s.push(http.p99Ms);
      acknowledged.push(...http.acknowledged);
    }
    ratios.sort((a, b) => a - b);
    console.log(
      `server / raw throughput per round: ${ratios.map((r) => `${(r * 100).toFixed(0)}%`).join(', ')}; worst p99 ${Math.max(...p99s).toFixed(1)} ms`,
    );
    const stored = await storedFor(pool, acknowledged);
    const written = (await serverRows(pool)) - before;
    console.log(
      `acknowledged ${acknowledged.length}; rows for them ${stored.rows} (distinct ${stored.ids}); rows the server wrote ${written}`,
    );
    if (
      stored.rows !== acknowledged.length ||
      stored.ids !== acknowledged.length ||
      written !== acknowledged.length
    ) {
      process.exitCode = 1;
      console.log('MISMATCH: an acknowledged answer is missing or stored twice');
    }
  } finally {
    await server?.stop();
    await pool.end();
    await database.drop();
  }
}

/**
 * kill -9 while 100 respondents submit; each retries a failed submission with the same body (same
 * clientResponseId) until it is acknowledged, as the respondent page does. Afterwards every
 * acknowledged id is stored exactly once and nothing else is stored.
 */
async function crashPhase() {
  const database = await scratchDatabase(admin, 'tv_bench_crash');
  const pool = new pg.Pool({ connectionString: database.url, max: 5 });
  let server = await startServer({ port, databaseUrl: database.url });
  let restarting: Promise<void> = Promise.resolve();
  try {
    await openSample(database.url);
    const token = await startToken(server.base);
    const before = await serverRows(pool);
    const acknowledged = new Set<string>();
    let retries = 0;
    const deadline = performance.now() + seconds * 1000;
    const kills = [0.3, 0.65].map((share) =>
      setTimeout(
        () => {
          const victim = server;
          restarting = (async () => {
            victim.process.kill('SIGKILL');
            await victim.stop();
            server = await startServer({ port, databaseUrl: database.url });
          })();
        },
        share * seconds * 1000,
      ),
    );
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const id = randomUUID();
          const body = submission(token, id);
          for (;;) {
            try {
              const client = poster(server.base, 1);
              const reply = await client.post(path, body).finally(() => client.close());
              if (reply.status === 200 && JSON.parse(reply.body).data.outcome === 'completed') {
                acknowledged.add(id);
                break;
              }
            } catch {
              // Connection refused or reset: the server is down; try again with the same id.
            }
            retries++;
            await Promise.all([restarting, new Promise((r) => setTimeout(r, 50))]);
          }
        }
      }),
    );
    for (const kill of kills) clearTimeout(kill);
    await restarting;
    const ids = [...acknowledged];
    const stored = await storedFor(pool, ids);
    const written = (await serverRows(pool)) - before;
    console.log(
      `kill -9 twice under load: acknowledged ${ids.length} after ${retries} retries; rows for them ${stored.rows} (distinct ${stored.ids}); rows the server wrote ${written}`,
    );
    if (stored.rows !== ids.length || stored.ids !== ids.length || written !== ids.length) {
      process.exitCode = 1;
      console.log('MISMATCH after kill -9');
    }
  } finally {
    await restarting.catch(() => {});
    await server.stop();
    await pool.end();
    await database.drop();
  }
}

async function pglitePhase() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tv-bench-pglite-'));
  // First start migrates and seeds; then the sample is opened in the data folder while the server is down.
  await (await startServer({ port, dataDir })).stop();
  const lite = new PGlite(join(dataDir, 'pglite'));
  await lite.query(
    `update surveys set audience = jsonb_set(audience, '{sampleSize}', '100000000') where id = $1`,
    [PULSE],
  );
  await lite.close();
  const server = await startServer({ port, dataDir, nodeArgs });
  try {
    const token = await startToken(server.base);
    // PGlite runs inside the server process: its CPU is in the server's figure.
    const { databaseCpuMsPerRequest: _none, ...http } = await respondents(server, token, seconds * 1000);
    console.log(
      line(`embedded PGlite: server POST ${path.replace(PULSE, ':id')}, ${concurrency} concurrent`, http),
    );
  } finally {
    await server.stop();
  }
}

console.log(`${new Date().toISOString()}; ${seconds} s per measurement, ${rounds} rounds`);
if (phases.includes('postgres')) await postgresPhase();
if (phases.includes('crash')) await crashPhase();
if (phases.includes('pglite')) await pglitePhase();
