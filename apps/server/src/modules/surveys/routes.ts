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
import { moveSurveysToOwner } from './repository';

const orgHeaders = z.object({ [ORGANIZATION_HEADER]: z.string().optional() });

export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.surveys;
  app.anonymousMergeHooks.push(moveSurveysToOwner);

  /** With the organisation header the call acts in that organisation; without it, on the caller's own drafts. */
  const inOrganization =
    (permission: 'surveys~view' | 'surveys~create') => async (request: FastifyRequest) => {
      if (request.headers[ORGANIZATION_HEADER]) return app.requireOrganization(permission)(request);
      return app.requireSession(request);
    };

  app.get(
    '/v2/surveys',
    {
      onRequest: inOrganization('surveys~view'),
      schema: {
        tags: ['surveys'],
        summary: "The organisation's surveys, or without the header the caller's own drafts",
        headers: orgHeaders,
        querystring: surveyListQuerySchema,
        response: { 200: surveyListResponseSchema },
      },
    },
    async (request) => {
      const { status, tag, search, page, pageSize } = request.query;
      const scope = request.organization
        ? { organizationId: request.organization.id }
        : { personalOwnerId: request.viewer!.user.id };
      return service.list({ ...scope, statuses: status, tag, search }, page, pageSize);
    },
  );

  app.post(
    '/v2/surveys',
    {
      onRequest: inOrganization('surveys~create'),
      schema: {
        tags: ['surveys'],
        summary: 'Start a survey of a type, with the default name for the caller',
        headers: orgHeaders,
        body: createSurveySchema,
        response: { 200: surveyResponseSchema },
      },
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

  app.post(
    '/v2/surveys/:id/duplicate',
    {
      onRequest: app.requireAccount,
      schema: {
        tags: ['surveys'],
        summary: 'A new draft with the survey’s questions, audience and tags, owned by the caller',
        params: idParamSchema,
        response: { 200: surveyResponseSchema },
      },
    },
    async (request) => ({ data: await service.duplicate(request.viewer!, request.params.id) }),
  );

  app.get(
    '/v2/surveys/:id',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary: 'One survey with its questions',
        params: idParamSchema,
        response: { 200: surveyResponseSchema },
      },
    },
    async (request) => ({ data: await service.get(request.viewer!, request.params.id) }),
  );

  app.put(
    '/v2/surveys/:id',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary: 'Save the draft (409 VERSION_CONFLICT with the saved version when someone saved meanwhile)',
        params: idParamSchema,
        body: saveSurveySchema,
        response: { 200: surveyResponseSchema },
      },
    },
    async (request) => ({ data: await service.save(request.viewer!, request.params.id, request.body) }),
  );

  app.post(
    '/v2/surveys/:id/transitions',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary: 'Move the survey through its lifecycle (submit, publish, pause, resume, close, archive, …)',
        params: idParamSchema,
        body: transitionSchema,
        response: { 200: surveyResponseSchema },
      },
    },
    async (request) => {
      const { action, reasons, note } = request.body;
      return {
        data: await service.transition(request.viewer!, request.params.id, action, { reasons, note }),
      };
    },
  );

  app.post(
    '/v2/surveys/:id/moderation',
    {
      onRequest: app.requirePlatform('surveys~moderate'),
      schema: {
        tags: ['moderation'],
        summary: 'Approve or reject a survey in moderation, with the checklist and reasons',
        params: idParamSchema,
        body: moderationDecisionSchema,
        response: { 200: surveyResponseSchema },
      },
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

  app.get(
    '/v2/surveys/:id/history',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary: 'Who moved the survey between statuses, when and why',
        params: idParamSchema,
        response: { 200: surveyHistoryResponseSchema },
      },
    },
    async (request) => ({ data: await service.history(request.viewer!, request.params.id) }),
  );

  app.get(
    '/v2/surveys/:id/last-review',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['moderation'],
        summary: 'The last approval or rejection, with the survey as the moderator saw it (null before any)',
        params: idParamSchema,
        response: { 200: lastReviewResponseSchema },
      },
    },
    async (request) => ({ data: await service.lastReview(request.viewer!, request.params.id) }),
  );

  app.get(
    '/v2/surveys/:id/precheck',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['moderation'],
        summary: 'The automated moderation pre-check of the saved draft',
        params: idParamSchema,
        response: { 200: precheckResponseSchema },
      },
    },
    async (request) => ({ data: await service.precheck(request.viewer!, request.params.id) }),
  );

  app.post(
    '/v2/surveys/:id/move',
    {
      onRequest: app.requireAccount,
      schema: {
        tags: ['surveys'],
        summary: 'Move a personal draft into one of your organisations',
        params: idParamSchema,
        body: moveSurveySchema,
        response: { 200: surveyResponseSchema },
      },
    },
    async (request) => ({
      data: await service.moveToOrganization(request.viewer!, request.params.id, request.body.organizationId),
    }),
  );

  app.get(
    '/v2/surveys/:id/users',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary: 'People with a role on this survey',
        params: idParamSchema,
        response: { 200: surveyUsersResponseSchema },
      },
    },
    async (request) => ({ data: await service.surveyUsers(request.viewer!, request.params.id) }),
  );

  app.post(
    '/v2/surveys/:id/users',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary: 'Give a member of the organisation a role on this survey (or change it)',
        params: idParamSchema,
        body: addSurveyUserSchema,
        response: { 200: surveyUsersResponseSchema },
      },
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

  app.delete(
    '/v2/surveys/:id/users/:userId',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary: "Remove someone's role on this survey",
        params: z.object({ id: z.uuid(), userId: z.uuid() }),
        response: { 200: surveyUsersResponseSchema },
      },
    },
    async (request) => ({
      data: await service.removeSurveyUser(request.viewer!, request.params.id, request.params.userId),
    }),
  );

  app.get(
    '/v2/admin/surveys',
    {
      onRequest: app.requirePlatform('surveys~view'),
      schema: {
        tags: ['admin'],
        summary: 'Every organisation’s surveys, filtered by status, organisation and tag',
        querystring: surveyListQuerySchema,
        response: { 200: surveyListResponseSchema },
      },
    },
    async (request) => {
      const { status, organizationId, tag, search, page, pageSize } = request.query;
      return service.list({ organizationId, statuses: status, tag, search }, page, pageSize);
    },
  );
};
