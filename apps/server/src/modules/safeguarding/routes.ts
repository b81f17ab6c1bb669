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
import { routesOf } from '../../plugins/route';

export const safeguardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['safeguarding']);
  const access = { platform: 'surveys~moderate' } as const;

  route.get(
    '/v2/admin/incidents',
    {
      access,
      summary:
        'Safeguarding incidents and possible concerns (the grey band), newest first, filtered by kind, status, survey, category and severity, with counts per kind',
      querystring: incidentsQuerySchema,
      response: incidentsResponseSchema,
    },
    async (request) => app.safeguarding.list(request.query),
  );

  route.post(
    '/v2/admin/incidents/:id/triage',
    {
      access,
      summary: 'Set the severity and record what was done',
      params: idParamSchema,
      body: triageIncidentSchema,
      response: incidentResponseSchema,
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

  route.post(
    '/v2/admin/incidents/:id/answer',
    {
      access,
      summary:
        "Decide what the organisation sees of the incident's answer: release it, release it redacted, or keep it withheld",
      params: idParamSchema,
      body: decideAnswerSchema,
      response: incidentResponseSchema,
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

  route.post(
    '/v2/admin/incidents/:id/escalate',
    {
      access,
      summary: 'Escalate a possible concern to an incident; moderators are mailed',
      params: idParamSchema,
      body: escalateIncidentSchema,
      response: incidentResponseSchema,
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

  route.post(
    '/v2/admin/incidents/:id/resolve',
    {
      access,
      summary:
        'Resolve the incident (or close the possible concern) with a note; moderators are told of a resolved incident',
      params: idParamSchema,
      body: resolveIncidentSchema,
      response: incidentResponseSchema,
    },
    async (request) => ({
      data: await app.safeguarding.resolve(request.viewer!, request.params.id, request.body.resolution),
    }),
  );
};
