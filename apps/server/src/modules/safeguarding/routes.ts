import {
  decideAnswerSchema,
  escalateIncidentSchema,
  idParamSchema,
  incidentResponseSchema,
  incidentsQuerySchema,
  incidentsResponseSchema,
  resolveIncidentSchema,
  triageIncidentSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const safeguardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/admin/incidents',
    {
      onRequest: app.requirePlatform('surveys~moderate'),
      schema: {
        tags: ['safeguarding'],
        summary:
          'Safeguarding incidents and possible concerns (the grey band), newest first, filtered by kind, status, survey, category and severity, with counts per kind',
        querystring: incidentsQuerySchema,
        response: { 200: incidentsResponseSchema },
      },
    },
    async (request) => app.safeguarding.list(request.query),
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
    '/v2/admin/incidents/:id/escalate',
    {
      onRequest: app.requirePlatform('surveys~moderate'),
      schema: {
        tags: ['safeguarding'],
        summary: 'Escalate a possible concern to an incident; moderators are mailed',
        params: idParamSchema,
        body: escalateIncidentSchema,
        response: { 200: incidentResponseSchema },
      },
    },
    async (request) => ({
      data: await app.safeguarding.escalate(
        request.viewer!,
        request.params.id,
        request.body.severity,
        request.body.note,
      ),
    }),
  );

  app.post(
    '/v2/admin/incidents/:id/resolve',
    {
      onRequest: app.requirePlatform('surveys~moderate'),
      schema: {
        tags: ['safeguarding'],
        summary:
          'Resolve the incident (or close the possible concern) with a note; moderators are told of a resolved incident',
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
