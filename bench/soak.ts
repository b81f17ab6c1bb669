/**
 * Memory soak (issue 11): 100 concurrent respondents submit to the seeded pulse check for
 * SOAK_SECONDS (600 by default) against a server started with NODE_ENV=production on PostgreSQL.
 * The server's resident memory (RSS, from /proc) is sampled every 10 s; the figure that counts is the
 * growth from the minute after the warm-up (WARMUP_SECONDS, 60 by default) to the last minute, each a
 * mean of its samples: it must stay under 10%.
 *
 *   npx tsx bench/soak.ts                          (10 minutes; needs PostgreSQL at 127.0.0.1:5432)
 *   SOAK_SECONDS=60 WARMUP_SECONDS=20 npx tsx bench/soak.ts      (a short run to check it works)
 *
 * It creates and drops its own database, uses port 3410 (SOAK_PORT), and stops by itself. Exit code 1
 * when memory grew 10% or more. SOAK_NODE_ARGS='--heapsnapshot-signal=SIGUSR2' lets you take heap
 * snapshots (kill -USR2 <pid>) to find out why, if it does.
 */
import { randomUUID } from 'node:crypto';
import {
  closedLoop,
  openSample,
  PULSE,
  poster,
  rssMiB,
  scratchDatabase,
  startServer,
  startToken,
  submission,
} from './lib/respondents';

const admin = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.SOAK_PORT ?? 3410);
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const warmup = Number(process.env.WARMUP_SECONDS ?? 60);
const concurrency = 100;
const path = `/v2/respond/${PULSE}/responses`;

const database = await scratchDatabase(admin, 'tv_bench_soak');
const server = await startServer({
  port,
  databaseUrl: database.url,
  nodeArgs: process.env.SOAK_NODE_ARGS?.split(' ').filter(Boolean),
});
try {
  await openSample(database.url);
  const client = poster(server.base, concurrency);
  let token = await startToken(server.base);
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const samples: { at: number; rss: number; requests: number }[] = [];
  const sample = () => {
    const at = (performance.now() - started) / 1000;
    samples.push({ at, rss: rssMiB(server.pid), requests });
    const last = samples.at(-1)!;
    console.log(
      `${at.toFixed(0).padStart(4)} s  RSS ${last.rss.toFixed(1)} MiB  ${requests} responses, ${errors} errors`,
    );
  };
  sample();
  const sampler = setInterval(sample, 10_000);
  // A respondent opens the survey now and then, as real ones do; the token is a minute old at most.
  const refresher = setInterval(async () => {
    token = await startToken(server.base).catch(() => token);
  }, 60_000);
  await closedLoop(
    concurrency,
    seconds * 1000,
    async () => (await client.post(path, submission(token, randomUUID()))).status === 200,
    (ok) => {
      requests++;
      if (!ok) errors++;
    },
  );
  clearInterval(sampler);
  clearInterval(refresher);
  sample();
  client.close();

  const afterWarmup = samples.find((s) => s.at >= warmup) ?? samples[0]!;
  const end = samples.at(-1)!;
  // One sample swings with the garbage collector (±20%): the figure that counts compares the mean of
  // the minute after the warm-up with the mean of the last minute.
  const meanOf = (from: number, to: number) => {
    const window = samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.rss);
    return window.reduce((a, b) => a + b, 0) / Math.max(1, window.length);
  };
  const first = meanOf(warmup, warmup + 60);
  const last = meanOf(end.at - 60, end.at);
  const growth = (last - first) / first;
  const peak = Math.max(...samples.map((s) => s.rss));
  const rate = (end.requests - afterWarmup.requests) / Math.max(1, end.at - afterWarmup.at);
  console.log(
    `${new Date().toISOString()}: ${seconds} s, ${concurrency} concurrent, ${requests} responses (${rate.toFixed(0)}/s after warm-up), ${errors} errors`,
  );
  console.log(
    `RSS mean of the minute after the ${warmup} s warm-up ${first.toFixed(1)} MiB, of the last minute ${last.toFixed(1)} MiB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%); single samples ${afterWarmup.rss.toFixed(1)} → ${end.rss.toFixed(1)} MiB, peak ${peak.toFixed(1)} MiB`,
  );
  if (growth >= 0.1) {
    process.exitCode = 1;
    console.log('Memory grew 10% or more after warm-up.');
  }
} finally {
  await server.stop();
  await database.drop();
}
