/**
 * `npm start` to a passing `/readyz`, on a current build: the first start on an empty data folder
 * (migrations, seed, demo PDFs) and later starts on the same folder. For comparison, in the same run:
 * the server through tsx as it started before decision 022, and the floor of this machine (Node
 * starting a bare Fastify with one route).
 *
 *   npx tsx bench/start.ts            # RUNS=3 later starts of each kind
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 3490);
const runs = Number(process.env.RUNS ?? 3);

async function timeToReady(command: string, args: string[], env: Record<string, string>) {
  const started = performance.now();
  // Its own process group, so npm, its shell and the server stop together.
  const child = spawn(command, args, {
    cwd: root,
    env: { ...(process.env as Record<string, string>), PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode})`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return (performance.now() - started) / 1000;
  } finally {
    await stop(child);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  // The server closes its database before it exits; npm may exit first.
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (values: number[]) =>
  `median ${median(values).toFixed(2)} s (${values.map((v) => v.toFixed(2)).join(', ')})`;

// A current build, so what follows measures starts, not builds.
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
console.log(`start to /readyz, ${new Date().toISOString()}, ${runs} later starts each`);

const bare = `
  import Fastify from 'fastify';
  const app = Fastify();
  app.get('/readyz', async () => ({ status: 'ready' }));
  await app.listen({ port: ${port}, host: '127.0.0.1' });
`;
const floor: number[] = [];
for (let i = 0; i < runs; i++)
  floor.push(await timeToReady(process.execPath, ['--input-type=module', '-e', bare], {}));
console.log(`floor: node + bare Fastify              ${seconds(floor)}`);

const dataDir = mkdtempSync(join(tmpdir(), 'tv-bench-start-'));
try {
  const first = await timeToReady('npm', ['start'], { DATA_DIR: dataDir });
  console.log(`npm start, empty data folder            ${first.toFixed(2)} s`);
  const later: number[] = [];
  for (let i = 0; i < runs; i++) later.push(await timeToReady('npm', ['start'], { DATA_DIR: dataDir }));
  console.log(`npm start, second and later starts      ${seconds(later)}`);
  const direct: number[] = [];
  for (let i = 0; i < runs; i++)
    direct.push(
      await timeToReady(process.execPath, [join(root, 'apps/server/dist/server.js')], { DATA_DIR: dataDir }),
    );
  console.log(`node apps/server/dist/server.js (no npm) ${seconds(direct)}`);
  const tsx: number[] = [];
  for (let i = 0; i < runs; i++)
    tsx.push(
      await timeToReady(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        DATA_DIR: dataDir,
      }),
    );
  console.log(`before: server through tsx, no build    ${seconds(tsx)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
