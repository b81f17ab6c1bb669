/**
 * Shared by bench/ingestion.ts and bench/soak.ts: a server process of our own, respondents that
 * submit the seeded pulse check over keep-alive sockets (lighter than fetch, so the load generator is
 * less of a ceiling on a 2-core machine), and the server's CPU time and resident memory from /proc.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The seeded live pulse check: mood (rating 1–5), sleep (one of three), best (short text). */
export const PULSE = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';

const bests = [
  'Seeing my friends at practice',
  'Finishing my science project',
  'Pizza night with my family',
  'Sleeping in on Saturday',
  'Beating my best time at the pool',
  'A new book from the library',
];
const sleeps = ['lt6', '6-8', 'gt8'];
const states = ['CA', 'TX', 'NY', 'OH', 'WA', 'GA'];

/** A respondent's submission as the respondent page sends it: its own ids, the survey's start token. */
export function submission(startToken: string, clientResponseId = randomUUID()) {
  const n = randomBytes(4).readUInt32LE();
  return JSON.stringify({
    clientResponseId,
    screener: { age: 13 + (n % 7), gender: n % 2 ? 'female' : 'male', state: states[n % states.length] },
    answers: { mood: 1 + (n % 5), sleep: sleeps[n % 3], best: `${bests[n % bests.length]} ${n % 1000}` },
    startToken,
    deviceToken: randomBytes(24).toString('base64url'),
  });
}

export interface Server {
  base: string;
  process: ChildProcess;
  /** The server's own process (node), not a wrapper. */
  pid: number;
  stop(): Promise<void>;
}

/** Starts the compiled apps/server on `port` with NODE_ENV=production and waits for /readyz. */
export async function startServer(options: {
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  nodeArgs?: string[];
}): Promise<Server> {
  const base = `http://127.0.0.1:${options.port}`;
  // The compiled server, as `npm start` runs it (built only when its sources changed).
  execFileSync('node', ['scripts/build.mjs', 'server'], { stdio: 'inherit' });
  const env = {
    ...process.env,
    PORT: String(options.port),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_URL: '' }),
    DATA_DIR: options.dataDir ?? mkdtempSync(join(tmpdir(), 'tv-bench-')),
    LOG_LEVEL: 'error',
    SESSION_SECRET: 'b'.repeat(40),
    PUBLIC_URL: base,
  };
  // Production creates no demo data, so the demo seed (its pulse check among it) is put in first.
  execFileSync('node', ['apps/server/dist/seed.js'], {
    env: { ...env, NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  const child = spawn('node', [...(options.nodeArgs ?? []), 'apps/server/dist/server.js'], {
    env: { ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    const ready = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    process: child,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** User + system CPU seconds the process has used so far. */
export function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory in MiB. */
export function rssMiB(pid: number) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

export interface Reply {
  status: number;
  body: string;
}

/** Keep-alive POSTs of JSON, at most `sockets` at once. */
export function poster(base: string, sockets: number) {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return {
    post(path: string, body: string) {
      return new Promise<Reply>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path,
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

export async function startToken(base: string, surveyId = PULSE) {
  const res = await fetch(`${base}/v2/respond/${surveyId}`);
  const json = (await res.json()) as { data: { startToken?: string } };
  if (!json.data.startToken) throw new Error('the survey is not live');
  return json.data.startToken;
}

/** A database of its own on the PostgreSQL server, dropped by `drop()`. */
export async function scratchDatabase(admin: string, prefix: string) {
  const name = `${prefix}_${Date.now()}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: admin });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Keeps the pulse check open for the whole run (its seeded sample is 500). */
export async function openSample(databaseUrl: string, sampleSize = 100_000_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `update surveys set audience = jsonb_set(audience, '{sampleSize}', to_jsonb($2::int)) where id = $1`,
    [PULSE, sampleSize],
  );
  await client.end();
}

/**
 * A closed loop: `concurrency` callers each run `operation` one after another until `ms` have passed.
 * An operation that throws or resolves false counts as an error. Latencies come back sorted.
 */
export async function closedLoop(
  concurrency: number,
  ms: number,
  operation: () => Promise<boolean>,
  onDone: (ok: boolean) => void = () => {},
) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await operation().catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
        onDone(ok);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, errors, elapsed };
}
