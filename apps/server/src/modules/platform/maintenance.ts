import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/api-paths';

/** Open during maintenance, so screens can learn when it ends and a Super Admin can end it. */
const alwaysOpen = /^\/(healthz|readyz|v2\/platform\/(status|maintenance)|api\/docs)(\/|$|\?)/;

/**
 * While maintenance mode is on, every API call but the open ones answers 503. A plugin of the root
 * (fastify-plugin), not of the platform routes: an encapsulated hook covered only that module's own
 * routes, and every other module kept answering.
 */
export const maintenancePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    // The route that will answer decides, not the address as sent: the router decodes `/%762/surveys`
    // to `/v2/surveys`, which a test of the raw address would let through.
    const route = request.routeOptions.url;
    if (!isApiPath(request.url) && !(route && isApiPath(route))) return;
    if (alwaysOpen.test(route ?? request.url)) return;
    const status = await app.platformStatus.getStatus();
    if (!status.maintenance) return;
    return reply
      .status(503)
      .header('Retry-After', '120')
      .send({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'MAINTENANCE',
        message:
          status.maintenanceMessage ?? 'TeenVoice is down for planned maintenance. Please try again shortly.',
      });
  });
});
