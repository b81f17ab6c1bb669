import type { Redis } from 'ioredis';

/**
 * Counts events per key in fixed windows, in the app's Redis when REDIS_URL is set (so several server
 * copies share the counts) and in memory otherwise. `first` claims a key once per period across copies.
 */
export interface WindowCounter {
  /** Adds `by` to the key's count in its current window and returns the count after. */
  add(key: string, windowMs: number, by?: number): Promise<number>;
  /** True for exactly one caller per key per `ttlMs`, whichever copy asks first. */
  first(key: string, ttlMs: number): Promise<boolean>;
}

export function createWindowCounter({
  redis,
  prefix,
  now = Date.now,
}: {
  redis?: Redis | undefined;
  prefix: string;
  now?: () => number;
}): WindowCounter {
  if (redis) {
    return {
      async add(key, windowMs, by = 1) {
        const name = `${prefix}${key}`;
        const [[, count]] = (await redis.multi().incrby(name, by).pexpire(name, windowMs, 'NX').exec()) as [
          [null, number],
        ];
        return count;
      },
      async first(key, ttlMs) {
        return (await redis.set(`${prefix}${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
      },
    };
  }
  const counts = new Map<string, { count: number; until: number }>();
  const sweep = () => {
    if (counts.size < 10_000) return;
    const at = now();
    for (const [key, entry] of counts) if (entry.until <= at) counts.delete(key);
  };
  return {
    async add(key, windowMs, by = 1) {
      const at = now();
      const entry = counts.get(key);
      if (!entry || entry.until <= at) {
        sweep();
        counts.set(key, { count: by, until: at + windowMs });
        return by;
      }
      entry.count += by;
      return entry.count;
    },
    async first(key, ttlMs) {
      const at = now();
      const entry = counts.get(key);
      if (entry && entry.until > at) return false;
      sweep();
      counts.set(key, { count: 1, until: at + ttlMs });
      return true;
    },
  };
}
