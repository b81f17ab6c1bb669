import {
  healthSchema,
  platformStatusResponseSchema,
  readinessSchema,
  resolveRedirectQuerySchema,
  resolveRedirectResponseSchema,
  setMaintenanceSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../plugins/route';
import { resolveRedirect } from './service';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['platform']);

  route.get(
    '/healthz',
    { access: 'public', tags: ['ops'], summary: 'Liveness: the process answers', response: healthSchema },
    async () => ({ status: 'ok' as const }),
  );

  route.get(
    '/readyz',
    {
      access: 'public',
      tags: ['ops'],
      summary: 'Readiness: the database and the job queue answer',
      response: readinessSchema,
      otherResponses: { 503: readinessSchema },
    },
    async (_request, reply) => {
      const database = await app.database.ping().catch(() => false);
      const jobs = app.jobsReady();
      const ready = database && jobs;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', checks: { database, jobs } });
    },
  );

  route.get(
    '/v2/redirects/resolve',
    {
      access: 'public',
      summary: 'Where a path should lead instead, if anywhere',
      querystring: resolveRedirectQuerySchema,
      response: resolveRedirectResponseSchema,
    },
    async (request, reply) => {
      const data = await resolveRedirect(app.database.db, request.query.path);
      reply.header('Cache-Control', 'public, max-age=60');
      return { data };
    },
  );

  route.get(
    '/v2/platform/status',
    {
      access: 'public',
      summary: 'Service-wide state every screen needs (maintenance mode)',
      response: platformStatusResponseSchema,
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await app.platformStatus.getStatus() };
    },
  );

  route.put(
    '/v2/platform/maintenance',
    {
      access: { platform: 'platform_users~manage' },
      summary: 'Switch maintenance mode on or off (Super Admin); every other API call answers 503 while on',
      body: setMaintenanceSchema,
      response: platformStatusResponseSchema,
    },
    async (request) => {
      await app.platformStatus.setMaintenance(request.body.maintenance, request.body.message);
      request.log.warn({ maintenance: request.body.maintenance }, 'maintenance mode switched');
      return { data: await app.platformStatus.getStatus() };
    },
  );
};
