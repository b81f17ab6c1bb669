import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Limits are set per route (sign-in, sign-up, reset). Counters live in memory, or in Redis when
 * REDIS_URL is set so that several server copies share them.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  let redis: import('ioredis').Redis | undefined;
  if (options.config.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(options.config.redisUrl, {
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'tv-rate-limit-' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
});
