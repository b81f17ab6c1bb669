import type { PlatformPermission } from '@tv/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/api-paths';

/**
 * Open during maintenance, so screens can learn when it ends and a Super Admin can end it: signing in
 * and refreshing a session stay open too, or a Super Admin whose 15-minute access token ran out
 * could only end maintenance in the database. Anyone else who signs in meets 503 everywhere else.
 */
const alwaysOpen =
  /^\/(healthz|readyz|v2\/platform\/(status|maintenance)|api\/docs|v2\/login|refresh-access-token)(\/|$|\?)/;

/** Who may switch maintenance mode, and so use the whole service while it is on: a Super Admin. */
const SWITCH_PERMISSION: PlatformPermission = 'platform_users~manage';

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
    // A Super Admin's session goes on working: to check the service before ending maintenance.
    const viewer = await request.getViewer().catch(() => null);
    if (viewer?.platformPermissions.includes(SWITCH_PERMISSION)) return;
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
