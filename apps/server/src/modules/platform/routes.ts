import {
  healthSchema,
  platformStatusResponseSchema,
  readinessSchema,
  resolveRedirectQuerySchema,
  resolveRedirectResponseSchema,
  setMaintenanceSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveRedirect } from './service';

export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['ops'], summary: 'Liveness: the process answers', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: the database and the job queue answer',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
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

  app.get(
    '/v2/redirects/resolve',
    {
      schema: {
        tags: ['platform'],
        summary: 'Where a path should lead instead, if anywhere',
        querystring: resolveRedirectQuerySchema,
        response: { 200: resolveRedirectResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await resolveRedirect(app.database.db, request.query.path);
      reply.header('Cache-Control', 'public, max-age=60');
      return { data };
    },
  );

  app.get(
    '/v2/platform/status',
    {
      schema: {
        tags: ['platform'],
        summary: 'Service-wide state every screen needs (maintenance mode)',
        response: { 200: platformStatusResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await app.platformStatus.getStatus() };
    },
  );

  app.put(
    '/v2/platform/maintenance',
    {
      onRequest: app.requirePlatform('platform_users~manage'),
      schema: {
        tags: ['platform'],
        summary: 'Switch maintenance mode on or off (Super Admin); every other API call answers 503 while on',
        body: setMaintenanceSchema,
        response: { 200: platformStatusResponseSchema },
      },
    },
    async (request) => {
      await app.platformStatus.setMaintenance(request.body.maintenance, request.body.message);
      request.log.warn({ maintenance: request.body.maintenance }, 'maintenance mode switched');
      return { data: await app.platformStatus.getStatus() };
    },
  );
};
