/**
 * What the API adds to a request: authenticated `GET /v2/profile` on the real server (compiled,
 * NODE_ENV=production) against a bare Fastify route returning the same JSON, same load generator,
 * same run, 50 connections. Once on PostgreSQL (127.0.0.1:5432, database bench_api) and once on the
 * embedded PGlite.
 *
 *   npx tsx bench/api-overhead.ts                 # both databases
 *   DATABASES=pglite npx tsx bench/api-overhead.ts
 *   PROFILE=1 …                                   # the real server writes a --cpu-prof file to /tmp
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const connections = Number(process.env.CONNECTIONS ?? 50);
const durationMs = Number(process.env.DURATION_MS ?? 10_000);
// Bare and real take turns, so a busy moment on a shared machine lands on both; the median ratio counts.
const rounds = Number(process.env.ROUNDS ?? 3);
const databases = (process.env.DATABASES ?? 'postgres,pglite').split(',');
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_api';
const account = { email: 'priya@northside.test', password: 'teenvoice-demo' };

/** A closed loop over keep-alive sockets: lighter than fetch, so the generator is less of a ceiling. */
async function load(port: number, path: string, headers: Record<string, string>, ms = durationMs) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let requests = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + ms;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        if (res.statusCode !== 200) errors++;
        res.on('data', () => {});
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          requests++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rate: requests / seconds, requests, errors, p50: at(0.5), p99: at(0.99) };
}

const describe = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `${name.padEnd(44)} ${r.rate.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ${r.requests} requests, ${r.errors} errors`;

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The same JSON from a Fastify instance with nothing registered: the floor for this machine. */
function startBare(port: number, body: string) {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    const body = JSON.parse(process.env.BODY);
    app.get('/v2/profile', async () => body);
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  return spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: join(root, 'apps/server'),
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function startServer(port: number, database: string) {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SEED_DEMO_SURVEYS: 'false',
    DATABASE_URL: database === 'postgres' ? postgresUrl : '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-bench-api-')),
  };
  // Production creates no demo accounts, so the demo seed (the account signed in below) is put in first.
  execFileSync(process.execPath, [join(root, 'apps/server/dist/seed.js')], {
    cwd: root,
    env: { ...env, NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  const args = process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/api-overhead-prof'] : [];
  return spawn(process.execPath, [...args, join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function signIn(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const access = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('tv_access='))
    ?.split(';')[0];
  if (!access) throw new Error('no access cookie');
  return access;
}

execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'server'], { stdio: 'inherit' });
if (databases.includes('postgres')) {
  try {
    execFileSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--if-exists', 'bench_api']);
    execFileSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', 'bench_api']);
  } catch (error) {
    console.error('PostgreSQL at 127.0.0.1:5432 is needed for the postgres run:', error);
    process.exit(1);
  }
}

console.log(`${connections} connections, ${durationMs / 1000} s per figure, ${new Date().toISOString()}`);
for (const [index, database] of databases.entries()) {
  const serverPort = 3470 + index * 2;
  const barePort = serverPort + 1;
  const server = startServer(serverPort, database);
  let bare: ChildProcess | null = null;
  try {
    await waitFor(`http://127.0.0.1:${serverPort}/readyz`, server);
    const cookie = await signIn(serverPort);
    const headers = { cookie, 'accept-encoding': 'gzip, br', accept: 'application/json' };
    const profile = await fetch(`http://127.0.0.1:${serverPort}/v2/profile`, { headers });
    const body = await profile.text();
    if (!profile.ok) throw new Error(`profile: ${profile.status} ${body}`);
    bare = startBare(barePort, body);
    await waitFor(`http://127.0.0.1:${barePort}/v2/profile`, bare);

    // Warm both up (JIT, pools), then measure each in turn.
    await load(barePort, '/v2/profile', headers, 3_000);
    await load(serverPort, '/v2/profile', headers, 3_000);
    console.log(`\n${database} (profile ${body.length} bytes of JSON)`);
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const bareResult = await load(barePort, '/v2/profile', headers);
      const serverResult = await load(serverPort, '/v2/profile', headers);
      ratios.push(serverResult.rate / bareResult.rate);
      console.log(describe(`round ${round}: bare Fastify, same JSON`, bareResult));
      console.log(describe(`round ${round}: GET /v2/profile (signed in)`, serverResult));
    }
    ratios.sort((a, b) => a - b);
    const median = ratios[Math.floor(ratios.length / 2)]!;
    console.log(
      `ratio ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median.toFixed(2)}× the bare route`,
    );
  } finally {
    if (bare) await stop(bare);
    await stop(server);
  }
}
