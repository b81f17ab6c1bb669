import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { redisReachable, testRedisUrl } from '../test/redis';

const redisUrl = testRedisUrl;
const redisUp = await redisReachable();
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
    // An address of its own each run: the per-account counters live in the same Redis for a day.
    const email = `limit-${Date.now()}@example.org`;
    const attempt = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/v2/login', payload: { email, password: 'x' } });

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
