import { describe, expect, it } from 'vitest';
import { redisReachable, testRedisUrl } from '../test/redis';
import { BASE_DELAY_MS, createAccountAttempts, MAX_DELAY_MS } from './account-attempts';
import { openRedis } from './redis';

const redisUrl = testRedisUrl;
const redisUp = await redisReachable();

describe('failed sign-ins per account (issue 12)', () => {
  it('lets five failures pass, then doubles the wait up to a ceiling, and a success clears it', async () => {
    let now = 1_000_000;
    const attempts = createAccountAttempts({ freeFailures: 5 }, () => now);
    const email = 'Someone@Example.org';
    for (let i = 0; i < 4; i++) await attempts.fail(email);
    expect(await attempts.waitMs(email)).toBe(0);
    await attempts.fail(email);
    // Any spelling of the address is the same account.
    expect(await attempts.waitMs(' someone@example.org ')).toBe(BASE_DELAY_MS);
    now += BASE_DELAY_MS;
    expect(await attempts.waitMs(email)).toBe(0);
    await attempts.fail(email);
    expect(await attempts.waitMs(email)).toBe(2 * BASE_DELAY_MS);
    for (let i = 0; i < 20; i++) await attempts.fail(email);
    expect(await attempts.waitMs(email)).toBe(MAX_DELAY_MS);
    await attempts.clear(email);
    expect(await attempts.waitMs(email)).toBe(0);
  });

  it.runIf(redisUp)('is shared by every server copy through Redis', async () => {
    const email = `shared-${Date.now()}@example.org`;
    const connections = [await openRedis(redisUrl), await openRedis(redisUrl)];
    const [first, second] = connections.map((redis) => createAccountAttempts({ redis, freeFailures: 2 }));
    if (!first || !second) throw new Error('two copies expected');
    await first.fail(email);
    await second.fail(email);
    expect(await first.waitMs(email)).toBeGreaterThan(BASE_DELAY_MS - 5_000);
    await second.clear(email);
    expect(await first.waitMs(email)).toBe(0);
    for (const redis of connections) await redis.quit();
  });
});
