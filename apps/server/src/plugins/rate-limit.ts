import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * Limits are set per route (sign-in, sign-up, reset). Counters live in memory, or in the app's Redis
 * (lib/redis.ts) when REDIS_URL is set so that several server copies share them.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redis?: Redis }) => {
  const { redis } = options;
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
