import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Failed sign-ins per account (per email address, whether or not an account has it), on top of the
 * per-address limit of plugins/rate-limit.ts: the same account cannot take more guesses by moving to
 * another address. After `freeFailures` (ACCOUNT_FREE_FAILURES, 5 by default) failures in a row each
 * further one waits twice as long as the last, from BASE_DELAY_MS up to MAX_DELAY_MS; a successful sign-in clears the count. Counters live in
 * memory, or in Redis when REDIS_URL is set so that every server copy sees them (decision 005).
 */
export const BASE_DELAY_MS = 15_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A failure is forgotten after a day without another. */
const MEMORY_MS = 24 * 60 * 60_000;

export interface AccountAttempts {
  /** Milliseconds the account must still wait before its next attempt, 0 when it may try now. */
  waitMs(email: string): Promise<number>;
  /** Counts a failed attempt. */
  fail(email: string): Promise<void>;
  /** Forgets the failures after a successful sign-in. */
  clear(email: string): Promise<void>;
}

/** The wait after `failures` failures in a row, the last at `lastAt`. */
export function lockedUntil(failures: number, lastAt: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(30, failures - freeFailures));
  return lastAt + delay;
}

/** Keys hold no address: a hash of the normalised one. */
const keyOf = (email: string, namespace = 'tv-account-attempts') =>
  `${namespace}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

function memoryAttempts(freeFailures: number, now: () => number): AccountAttempts {
  const entries = new Map<string, { failures: number; lastAt: number }>();
  const current = (key: string) => {
    const entry = entries.get(key);
    if (entry && now() - entry.lastAt > MEMORY_MS) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async waitMs(email) {
      const entry = current(keyOf(email));
      return entry ? Math.max(0, lockedUntil(entry.failures, entry.lastAt, freeFailures) - now()) : 0;
    },
    async fail(email) {
      const key = keyOf(email);
      const entry = current(key);
      entries.set(key, { failures: (entry?.failures ?? 0) + 1, lastAt: now() });
      // Bounded: the oldest entries go first when an attacker sprays many addresses.
      if (entries.size > 100_000) entries.delete(entries.keys().next().value!);
    },
    async clear(email) {
      entries.delete(keyOf(email));
    },
  };
}

function redisAttempts(
  redis: Redis,
  freeFailures: number,
  now: () => number,
  namespace: string | undefined,
): AccountAttempts {
  return {
    async waitMs(email) {
      const [failures, lastAt] = await redis.hmget(keyOf(email, namespace), 'failures', 'lastAt');
      if (!failures || !lastAt) return 0;
      return Math.max(0, lockedUntil(Number(failures), Number(lastAt), freeFailures) - now());
    },
    async fail(email) {
      const key = keyOf(email, namespace);
      await redis
        .multi()
        .hincrby(key, 'failures', 1)
        .hset(key, 'lastAt', String(now()))
        .pexpire(key, MEMORY_MS)
        .exec();
    },
    async clear(email) {
      await redis.del(keyOf(email, namespace));
    },
  };
}

/**
 * In the app's Redis when there is one (shared by every copy), in memory otherwise. `namespace` keeps
 * another kind of counter (a device's failures, keyed by its id) apart from the accounts' in Redis.
 */
export function createAccountAttempts(
  options: { redis?: Redis; freeFailures: number; namespace?: string },
  now: () => number = Date.now,
): AccountAttempts {
  return options.redis
    ? redisAttempts(options.redis, options.freeFailures, now, options.namespace)
    : memoryAttempts(options.freeFailures, now);
}
