import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

/** The Redis on this machine (CI and dev machines run one); the test is skipped where there is none. */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const redisUp = await reachable(redisUrl);
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe.runIf(redisUp)('rate limits shared through Redis', () => {
  it('counts sign-in attempts across two server copies', { timeout: 120_000 }, async () => {
    const redis = new Redis(redisUrl);
    const stale = await redis.keys('tv-rate-limit-*');
    if (stale.length > 0) await redis.del(...stale);

    const config = { AUTH_RATE_LIMIT: '3', REDIS_URL: redisUrl };
    const first = await createTestApp(config, { seed: false });
    apps.push(first);
    const second = await createTestApp(config, { seed: false });
    apps.push(second);
    const attempt = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/v2/login', payload: { email: 'a@example.org', password: 'x' } });

    expect((await attempt(first)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    expect((await attempt(first)).statusCode).toBe(401);
    // The fourth attempt is over the limit of 3 on whichever copy it reaches.
    const limited = await attempt(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Too many attempts/),
    });
    expect((await redis.keys('tv-rate-limit-*')).length).toBeGreaterThan(0);
    await redis.quit();
  });
});
