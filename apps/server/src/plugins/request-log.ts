import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A request slower than this is logged at warn, whatever its status. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, at a level that says whether it matters: server errors at error, slow requests
 * at warn, the rest at debug. Fastify's own logging writes two info lines for every request, which on
 * a busy API costs more than the request itself; `LOG_LEVEL=debug` brings every request back.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime;
    const level = reply.statusCode >= 500 ? 'error' : responseTime >= SLOW_REQUEST_MS ? 'warn' : 'debug';
    // Nothing is built for a line the logger would drop (the debug line of every request, by default).
    const logger = request.log as typeof request.log & { isLevelEnabled?: (level: string) => boolean };
    if (logger.isLevelEnabled && !logger.isLevelEnabled(level)) {
      done();
      return;
    }
    request.log[level](
      {
        req: { method: request.method, url: request.url },
        res: { statusCode: reply.statusCode },
        responseTime,
      },
      level === 'warn' ? 'slow request' : 'request completed',
    );
    done();
  });
});
