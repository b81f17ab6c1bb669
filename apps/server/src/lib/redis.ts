import type { Redis } from 'ioredis';

/**
 * The one Redis connection of a server copy, when REDIS_URL is set: rate-limit counters and failed
 * sign-ins per account share it. Loaded only when configured.
 */
export async function openRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
}
