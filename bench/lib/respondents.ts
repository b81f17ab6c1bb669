/**
 * Shared by bench/ingestion.ts and bench/soak.ts: a server process of our own, respondents that
 * submit the seeded pulse check over keep-alive sockets (lighter than fetch, so the load generator is
 * less of a ceiling on a 2-core machine), and the server's CPU time and resident memory from /proc.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { issueDeviceToken, signStartToken } from '../../apps/server/src/modules/responses/fieldwork';

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

/** The session secret the benchmarks' server runs with, so they can sign respondents' passes too. */
export const BENCH_SESSION_SECRET = 'b'.repeat(40);
const benchSecret = new TextEncoder().encode(BENCH_SESSION_SECRET);

/**
 * A respondent's submission as the respondent page sends it: its own ids, and a start and device of
 * its own, signed as the server signs them (issue 23: a start token starts one response, and a device
 * the server did not issue is held for review). The start is a minute old, as a real respondent's is;
 * `_opened` (a token from GET /v2/respond/:id) is what older runs reused for every answer.
 */
export function submission(_opened?: string, clientResponseId = randomUUID()) {
  const n = randomBytes(4).readUInt32LE();
  return JSON.stringify({
    clientResponseId,
    screener: { age: 13 + (n % 7), gender: n % 2 ? 'female' : 'male', state: states[n % states.length] },
    answers: { mood: 1 + (n % 5), sleep: sleeps[n % 3], best: `${bests[n % bests.length]} ${n % 1000}` },
    startToken: signStartToken(benchSecret, PULSE, Date.now() - 60_000),
    deviceToken: issueDeviceToken(benchSecret),
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
  respondLimit?: number;
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
    SESSION_SECRET: BENCH_SESSION_SECRET,
    // The respondent limits are for people; a load test is one address (issue 23). `respondLimit`
    // turns them back on, for the flood benchmark.
    RESPOND_RATE_LIMIT: String(options.respondLimit ?? 0),
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

/** CPU ticks of every PostgreSQL process on this machine now, by pid. */
function postgresTicks() {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while we read.
    }
  }
  return ticks;
}

/**
 * Starts counting the CPU all PostgreSQL processes use (the backends, the WAL writer, the
 * checkpointer): what the database costs, read from /proc beside the rest. The result gives the
 * seconds used since, by the processes alive at the end (a backend that ended meanwhile is missed).
 */
export function postgresCpuMeter() {
  const before = postgresTicks();
  return () => {
    let ticks = 0;
    for (const [pid, now] of postgresTicks()) ticks += now - (before.get(pid) ?? 0);
    return ticks / 100;
  };
}

/** The machine's busy and total CPU time so far (all cores, in ticks), from /proc/stat. */
export function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3]! + fields[4]!;
  return { busy: total - idle, total };
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

/**
 * Keep-alive POSTs of JSON over at most `sockets` plain TCP connections. A request is one write of a
 * prebuilt head and the body; the reply is read by its Content-Length. node:http's client spent about
 * 0.13 ms of this process's CPU per request, a third of what the server itself spends: on a 2-core
 * machine that came out of the server's share. This one spends a fraction of it, as the raw INSERT
 * loop's `pg` client does. (Fastify answers JSON with a Content-Length; anything else is an error.)
 */
export function poster(base: string, sockets: number) {
  const url = new URL(base);
  const idle: Socket[] = [];
  const waiting: ((socket: Socket) => void)[] = [];
  let open = 0;
  const closed = new Set<Socket>();

  function connect(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host: url.hostname, port: Number(url.port) });
      socket.setNoDelay(true);
      socket.once('connect', () => resolve(socket));
      socket.once('error', (error) => {
        closed.add(socket);
        reject(error);
      });
      socket.once('close', () => closed.add(socket));
    });
  }

  async function acquire(): Promise<Socket> {
    const socket = idle.pop();
    if (socket) return socket;
    if (open < sockets) {
      open++;
      try {
        return await connect();
      } catch (error) {
        open--;
        throw error;
      }
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(socket: Socket, reusable: boolean) {
    if (!reusable || closed.has(socket)) {
      socket.destroy();
      open--;
      const next = waiting.shift();
      if (next) acquire().then(next, () => waiting.unshift(next));
      return;
    }
    const next = waiting.shift();
    if (next) next(socket);
    else idle.push(socket);
  }

  function exchange(socket: Socket, request: Buffer): Promise<Reply & { keepAlive: boolean }> {
    return new Promise((resolve, reject) => {
      let buffered: Buffer = Buffer.alloc(0);
      let headEnd = -1;
      let length = -1;
      let status = 0;
      let keepAlive = true;
      const done = (error: Error | null, reply?: Reply & { keepAlive: boolean }) => {
        socket.off('data', onData);
        socket.off('close', onClose);
        socket.off('error', onError);
        if (error) reject(error);
        else resolve(reply!);
      };
      const onData = (chunk: Buffer) => {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        if (headEnd < 0) {
          headEnd = buffered.indexOf('\r\n\r\n');
          if (headEnd < 0) return;
          const head = buffered.subarray(0, headEnd).toString('latin1');
          status = Number(head.slice(9, 12));
          const match = /\r\ncontent-length: *(\d+)/i.exec(head);
          if (!match) return done(new Error('the reply has no Content-Length'));
          length = Number(match[1]);
          keepAlive = !/\r\nconnection: *close/i.test(head);
        }
        if (buffered.length - headEnd - 4 < length) return;
        const body = buffered.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
        done(null, { status, body, keepAlive });
      };
      const onClose = () => done(new Error('the connection closed before the reply'));
      const onError = (error: Error) => done(error);
      socket.on('data', onData);
      socket.once('close', onClose);
      socket.once('error', onError);
      socket.write(request);
    });
  }

  return {
    async post(path: string, body: string): Promise<Reply> {
      const payload = Buffer.from(body);
      const request = Buffer.concat([
        Buffer.from(
          `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${payload.length}\r\n\r\n`,
          'latin1',
        ),
        payload,
      ]);
      const socket = await acquire();
      try {
        const reply = await exchange(socket, request);
        release(socket, reply.keepAlive);
        return { status: reply.status, body: reply.body };
      } catch (error) {
        release(socket, false);
        throw error;
      }
    },
    close() {
      for (const socket of idle.splice(0)) socket.destroy();
    },
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
