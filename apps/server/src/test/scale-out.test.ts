import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-accounts';
import { type SmtpSink, startSmtpSink } from '../modules/mail/smtp-sink';
import { redisReachable, testRedisUrl } from './redis';

/**
 * Issue 12, point 8: two server copies on one PostgreSQL and one Redis, behind HAProxy, started by
 * scripts/scale-out.sh with the commands deploy/compose.yaml runs. It needs a PostgreSQL server, so it
 * runs in `npm run test:db` (CI runs that against the machine's server) and is skipped on the embedded
 * database, which one process owns.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverUrl = process.env.DATABASE_URL;
const ready = serverUrl !== undefined && (await redisReachable());
const run = promisify(execFile);

/** A Redis database of its own, so other tests' counters on this machine's Redis never mix in. */
const redisUrl = (() => {
  const url = new URL(testRedisUrl);
  url.pathname = '/7';
  return url.toString();
})();

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

interface Answer {
  status: number;
  servedBy: string | null;
  json: { data?: unknown; code?: string } & Record<string, unknown>;
  cookies: string[];
}

async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    servedBy: response.headers.get('x-served-by'),
    json: text.startsWith('{') ? JSON.parse(text) : {},
    cookies: response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!),
  };
}

describe.skipIf(!ready)('two copies behind HAProxy (scripts/scale-out.sh)', () => {
  let smtp: SmtpSink;
  let proxy = '';
  let app1 = '';
  let app2 = '';
  let databaseName = '';
  let runDir = '';
  let env: NodeJS.ProcessEnv = {};

  const signIn = async (base: string, email: string) => {
    const answer = await call(base, 'POST', '/v2/login', { body: { email, password: DEMO_PASSWORD } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.cookies.join('; ');
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const flush = new Redis(redisUrl);
    await flush.flushdb();
    flush.disconnect();

    databaseName = `tv_scaleout_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(serverUrl!);
    databaseUrl.pathname = `/${databaseName}`;

    const [proxyPort, port1, port2] = await Promise.all([freePort(), freePort(), freePort()]);
    proxy = `http://127.0.0.1:${proxyPort}`;
    app1 = `http://127.0.0.1:${port1}`;
    app2 = `http://127.0.0.1:${port2}`;
    runDir = mkdtempSync(join(tmpdir(), 'tv-scale-out-'));
    env = {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      PROXY_PORT: String(proxyPort),
      APP_PORTS: `${port1} ${port2}`,
      SCALE_OUT_DIR: runDir,
      SEED_DEMO: 'true',
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT: '6',
      // The answer below is sent the moment the survey opens: no plausible time is asked of it here
      // (responses/abuse.test.ts tests that).
      RESPOND_SECONDS_PER_QUESTION: '0',
      LOG_LEVEL: 'warn',
    };
    await run('bash', ['scripts/scale-out.sh', 'start'], { cwd: repoRoot, env, timeout: 240_000 });
  }, 300_000);

  afterAll(async () => {
    if (runDir) {
      await run('bash', ['scripts/scale-out.sh', 'stop'], { cwd: repoRoot, env, timeout: 60_000 }).catch(
        () => undefined,
      );
      rmSync(runDir, { recursive: true, force: true });
    }
    if (databaseName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    await smtp?.close();
  }, 120_000);

  it('answers through the proxy from both copies in turn', async () => {
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const answer = await call(proxy, 'GET', '/readyz');
      expect(answer.status).toBe(200);
      servedBy.add(answer.servedBy);
    }
    expect([...servedBy].sort()).toEqual(['app1', 'app2']);
  });

  it('shares the sign-in limit: one client gets six tries across both copies, not six on each', async () => {
    // One client behind the proxy, as the copies see it (they trust the proxy's X-Forwarded-For).
    const client = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await call(i % 2 === 0 ? app1 : app2, 'POST', '/v2/login', {
        body: { email: `nobody.${i}@example.org`, password: 'not the password' },
        headers: client,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 6).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
    // Another client is not held back by the first one's tries.
    const other = await call(app1, 'POST', '/v2/login', {
      body: { email: 'nobody.else@example.org', password: 'not the password' },
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(other.status).toBe(401);
  });

  it('delivers each mail once, whichever copy queued it and both copies working the queue', async () => {
    const priya = await signIn(proxy, demoAccounts.northsideAdmin.email);
    const addresses = Array.from(
      { length: 6 },
      (_, i) => `scale.${i}.${randomBytes(3).toString('hex')}@example.org`,
    );
    for (const [i, email] of addresses.entries()) {
      const answer = await call(i % 2 === 0 ? app1 : app2, 'POST', '/v2/organization/invitations', {
        body: { email, roleName: 'Viewer' },
        cookie: priya,
        headers: { 'x-asa-organization-id': demoAccounts.northsideAdmin.organization!.id },
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
    await expect
      .poll(() => addresses.every((email) => smtp.to(email).length > 0), { timeout: 30_000, interval: 250 })
      .toBe(true);
    // Both copies poll the queue each second: give a second delivery every chance to happen.
    await new Promise((wait) => setTimeout(wait, 2_500));
    expect(addresses.map((email) => smtp.to(email).length)).toEqual(addresses.map(() => 1));
  });

  it('shows a response submitted to one copy in the summary read from the other', async () => {
    const pulse = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';
    const jordan = await signIn(proxy, demoAccounts.northsideMember.email);
    const responses = async () => {
      const answer = await call(app2, 'GET', `/v2/surveys/${pulse}/results/summary`, { cookie: jordan });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return (answer.json.data as { totals: { responses: number } }).totals.responses;
    };
    const before = await responses();

    const survey = await call(app1, 'GET', `/v2/respond/${pulse}`);
    const { startToken, deviceToken } = survey.json.data as { startToken: string; deviceToken: string };
    const submitted = await call(app1, 'POST', `/v2/respond/${pulse}/responses`, {
      body: {
        clientResponseId: crypto.randomUUID(),
        screener: { age: 15, gender: 'female', state: 'OH' },
        answers: { mood: 4, sleep: '6-8', best: 'Band practice with my friends' },
        startToken,
        deviceToken,
      },
    });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
    expect(await responses()).toBe(before + 1);
  });
});
