import {
  decideAnswerSchema,
  idParamSchema,
  incidentResponseSchema,
  incidentStatuses,
  incidentsResponseSchema,
  resolveIncidentSchema,
  triageIncidentSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const safeguardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/admin/incidents',
    {
      onRequest: app.requirePlatform('surveys~moderate'),
      schema: {
        tags: ['safeguarding'],
        summary: 'Safeguarding incidents, newest first',
        querystring: z.object({
          status: z.enum(incidentStatuses).optional(),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(25),
        }),
        response: { 200: incidentsResponseSchema },
      },
    },
    async (request) =>
      app.safeguarding.list(request.query.status, request.query.page, request.query.pageSize),
  );

  app.post(
    '/v2/admin/incidents/:id/triage',
    {
      onRequest: app.requirePlatform('surveys~moderate'),
      schema: {
        tags: ['safeguarding'],
        summary: 'Set the severity and record what was done',
        params: idParamSchema,
        body: triageIncidentSchema,
        response: { 200: incidentResponseSchema },
      },
    },
    async (request) => ({
      data: await app.safeguarding.triage(
        request.viewer!,
        request.params.id,
        request.body.severity,
        request.body.note,
      ),
    }),
  );

  app.post(
    '/v2/admin/incidents/:id/answer',
    {
      onRequest: app.requirePlatform('surveys~moderate'),
      schema: {
        tags: ['safeguarding'],
        summary:
          "Decide what the organisation sees of the incident's answer: release it, release it redacted, or keep it withheld",
        params: idParamSchema,
        body: decideAnswerSchema,
        response: { 200: incidentResponseSchema },
      },
    },
    async (request) => ({
      data: await app.safeguarding.decideAnswer(
        request.viewer!,
        request.params.id,
        request.body.decision,
        request.body.text,
      ),
    }),
  );

  app.post(
    '/v2/admin/incidents/:id/resolve',
    {
      onRequest: app.requirePlatform('surveys~moderate'),
      schema: {
        tags: ['safeguarding'],
        summary: 'Resolve the incident with a note; moderators are told',
        params: idParamSchema,
        body: resolveIncidentSchema,
        response: { 200: incidentResponseSchema },
      },
    },
    async (request) => ({
      data: await app.safeguarding.resolve(request.viewer!, request.params.id, request.body.resolution),
    }),
  );
};
