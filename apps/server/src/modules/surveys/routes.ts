import {
  addSurveyUserSchema,
  createSurveySchema,
  idParamSchema,
  lastReviewResponseSchema,
  moderationChecklist,
  moderationDecisionSchema,
  moveSurveySchema,
  ORGANIZATION_HEADER,
  precheckResponseSchema,
  saveSurveySchema,
  surveyHistoryResponseSchema,
  surveyListQuerySchema,
  surveyListResponseSchema,
  surveyResponseSchema,
  surveyUsersResponseSchema,
  transitionSchema,
} from '@tv/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { moveSurveysToOwner } from './repository';

const orgHeaders = z.object({ [ORGANIZATION_HEADER]: z.string().optional() });

export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.surveys;
  app.anonymousMergeHooks.push(moveSurveysToOwner);
  const route = routesOf(app, ['surveys']);

  /** With the organisation header the call acts in that organisation; without it, on the caller's own drafts. */
  const inOrganization =
    (permission: 'surveys~view' | 'surveys~create') => async (request: FastifyRequest) => {
      if (request.headers[ORGANIZATION_HEADER]) return app.requireOrganization(permission)(request);
      return app.requireSession(request);
    };

  route.get(
    '/v2/surveys',
    {
      access: { guard: inOrganization('surveys~view') },
      summary: "The organisation's surveys, or without the header the caller's own drafts",
      headers: orgHeaders,
      querystring: surveyListQuerySchema,
      response: surveyListResponseSchema,
    },
    async (request) => {
      const { status, tag, search, page, pageSize } = request.query;
      const scope = request.organization
        ? { organizationId: request.organization.id }
        : { personalOwnerId: request.viewer!.user.id };
      return service.list({ ...scope, statuses: status, tag, search }, page, pageSize);
    },
  );

  route.post(
    '/v2/surveys',
    {
      access: { guard: inOrganization('surveys~create') },
      summary: 'Start a survey of a type, with the default name for the caller',
      headers: orgHeaders,
      body: createSurveySchema,
      response: surveyResponseSchema,
    },
    async (request) => ({
      data: await service.create(
        request.viewer!,
        request.organization?.id ?? null,
        request.body.type,
        request.body.projectId ?? null,
      ),
    }),
  );

  route.post(
    '/v2/surveys/:id/duplicate',
    {
      access: 'account',
      summary: 'A new draft with the survey’s questions, audience and tags, owned by the caller',
      params: idParamSchema,
      response: surveyResponseSchema,
    },
    async (request) => ({ data: await service.duplicate(request.viewer!, request.params.id) }),
  );

  route.get(
    '/v2/surveys/:id',
    {
      access: 'session',
      summary: 'One survey with its questions',
      params: idParamSchema,
      response: surveyResponseSchema,
    },
    async (request) => ({ data: await service.get(request.viewer!, request.params.id) }),
  );

  route.put(
    '/v2/surveys/:id',
    {
      access: 'session',
      summary: 'Save the draft (409 VERSION_CONFLICT with the saved version when someone saved meanwhile)',
      params: idParamSchema,
      body: saveSurveySchema,
      response: surveyResponseSchema,
    },
    async (request) => ({ data: await service.save(request.viewer!, request.params.id, request.body) }),
  );

  route.post(
    '/v2/surveys/:id/transitions',
    {
      access: 'session',
      summary: 'Move the survey through its lifecycle (submit, publish, pause, resume, close, archive, …)',
      params: idParamSchema,
      body: transitionSchema,
      response: surveyResponseSchema,
    },
    async (request) => {
      const { action, reasons, note } = request.body;
      return {
        data: await service.transition(request.viewer!, request.params.id, action, { reasons, note }),
      };
    },
  );

  route.post(
    '/v2/surveys/:id/moderation',
    {
      access: { platform: 'surveys~moderate' },
      tags: ['moderation'],
      summary: 'Approve or reject a survey in moderation, with the checklist and reasons',
      params: idParamSchema,
      body: moderationDecisionSchema,
      response: surveyResponseSchema,
    },
    async (request) => {
      const { decision, checklist, reasons, note } = request.body;
      if (decision === 'approve' && !moderationChecklist.every((item) => checklist[item.id] === true)) {
        throw new HttpError(
          400,
          'Confirm every item of the checklist before approving.',
          'CHECKLIST_INCOMPLETE',
        );
      }
      return {
        data: await service.transition(request.viewer!, request.params.id, decision, {
          reasons,
          note,
          checklist,
        }),
      };
    },
  );

  route.get(
    '/v2/surveys/:id/history',
    {
      access: 'session',
      summary: 'Who moved the survey between statuses, when and why',
      params: idParamSchema,
      response: surveyHistoryResponseSchema,
    },
    async (request) => ({ data: await service.history(request.viewer!, request.params.id) }),
  );

  route.get(
    '/v2/surveys/:id/last-review',
    {
      access: 'session',
      tags: ['moderation'],
      summary: 'The last approval or rejection, with the survey as the moderator saw it (null before any)',
      params: idParamSchema,
      response: lastReviewResponseSchema,
    },
    async (request) => ({ data: await service.lastReview(request.viewer!, request.params.id) }),
  );

  route.get(
    '/v2/surveys/:id/precheck',
    {
      access: 'session',
      tags: ['moderation'],
      summary: 'The automated moderation pre-check of the saved draft',
      params: idParamSchema,
      response: precheckResponseSchema,
    },
    async (request) => ({ data: await service.precheck(request.viewer!, request.params.id) }),
  );

  route.post(
    '/v2/surveys/:id/move',
    {
      access: 'account',
      summary: 'Move a personal draft into one of your organisations',
      params: idParamSchema,
      body: moveSurveySchema,
      response: surveyResponseSchema,
    },
    async (request) => ({
      data: await service.moveToOrganization(request.viewer!, request.params.id, request.body.organizationId),
    }),
  );

  route.get(
    '/v2/surveys/:id/users',
    {
      access: 'session',
      summary: 'People with a role on this survey',
      params: idParamSchema,
      response: surveyUsersResponseSchema,
    },
    async (request) => ({ data: await service.surveyUsers(request.viewer!, request.params.id) }),
  );

  route.post(
    '/v2/surveys/:id/users',
    {
      access: 'session',
      summary: 'Give a member of the organisation a role on this survey (or change it)',
      params: idParamSchema,
      body: addSurveyUserSchema,
      response: surveyUsersResponseSchema,
    },
    async (request) => ({
      data: await service.addSurveyUser(
        request.viewer!,
        request.params.id,
        request.body.email,
        request.body.roleName,
      ),
    }),
  );

  route.delete(
    '/v2/surveys/:id/users/:userId',
    {
      access: 'session',
      summary: "Remove someone's role on this survey",
      params: z.object({ id: z.uuid(), userId: z.uuid() }),
      response: surveyUsersResponseSchema,
    },
    async (request) => ({
      data: await service.removeSurveyUser(request.viewer!, request.params.id, request.params.userId),
    }),
  );

  route.get(
    '/v2/admin/surveys',
    {
      access: { platform: 'surveys~view' },
      tags: ['admin'],
      summary: 'Every organisation’s surveys, filtered by status, organisation and tag',
      querystring: surveyListQuerySchema,
      response: surveyListResponseSchema,
    },
    async (request) => {
      const { status, organizationId, tag, search, page, pageSize } = request.query;
      return service.list({ organizationId, statuses: status, tag, search }, page, pageSize);
    },
  );
};
