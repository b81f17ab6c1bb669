import {
  copyQuestionsResponseSchema,
  copyQuestionsSchema,
  createFromTemplateSchema,
  idParamSchema,
  importQuestionnaireSchema,
  type OrganizationPermission,
  okResponseSchema,
  questionBankItemParamsSchema,
  questionBankItemResponseSchema,
  questionBankParamsSchema,
  questionBankQuerySchema,
  questionBankResponseSchema,
  questionnaireDocumentSchema,
  questionnaireFileName,
  saveToQuestionBankSchema,
  surveyResponseSchema,
  surveyTemplatesResponseSchema,
} from '@tv/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { findOrganization } from '../organizations/service';
import { createReuseService } from './reuse-service';
import { listTemplates } from './template-gallery';

const uuid = z.uuid();

/** Reuse (issue 13, decision 030): template gallery, question bank, copying questions, questionnaire files. */
export const reuseRoutes: FastifyPluginAsyncZod = async (app) => {
  const reuse = createReuseService(app.database.db, app.surveys);
  const route = routesOf(app, ['surveys']);

  /**
   * The organisation named in the path, where the caller holds the permission there or on the
   * platform: the same rule as the x-asa-organization-id header's (requireOrganization).
   */
  const requireOrganizationParam =
    (permission: OrganizationPermission) => async (request: FastifyRequest) => {
      await app.requireSession(request);
      const viewer = request.viewer!;
      const id = (request.params as { organizationId?: string }).organizationId ?? '';
      if (!uuid.safeParse(id).success)
        throw new HttpError(400, 'The organization id must be a uuid.', 'INVALID_ORGANIZATION_ID');
      const membership = viewer.memberships.find((m) => m.organizationId === id) ?? null;
      if (membership?.permissions.includes(permission)) {
        request.organization = { id, name: membership.name, membership };
        return;
      }
      if (viewer.platformPermissions.includes(permission)) {
        const organization = await findOrganization(app.database.db, id);
        if (!organization)
          throw new HttpError(404, 'That organization does not exist.', 'ORGANIZATION_NOT_FOUND');
        request.organization = { id, name: organization.name, membership };
        return;
      }
      throw new HttpError(403, "You don't have permission to do that.", 'FORBIDDEN');
    };

  route.get(
    '/v2/templates',
    {
      access: 'session',
      summary: 'The template gallery: starting questionnaires from validated, openly licensed sources',
      response: surveyTemplatesResponseSchema,
    },
    async () => ({ data: listTemplates() }),
  );

  route.post(
    '/v2/surveys/from-template',
    {
      access: 'session',
      summary:
        'A new draft from a template, owned by the caller, in the organisation (surveys~create) or as a personal draft',
      body: createFromTemplateSchema,
      response: surveyResponseSchema,
    },
    async (request) => ({ data: await reuse.createFromTemplate(request.viewer!, request.body) }),
  );

  route.post(
    '/v2/surveys/:id/questions/copy',
    {
      access: 'session',
      summary:
        'Copy questions to another draft of the same organisation, with fresh ids (409 when the target is not editable or changed)',
      params: idParamSchema,
      body: copyQuestionsSchema,
      response: copyQuestionsResponseSchema,
    },
    async (request) => ({
      data: await reuse.copyQuestions(request.viewer!, request.params.id, request.body),
    }),
  );

  route.get(
    '/v2/surveys/:id/questionnaire.json',
    {
      access: 'session',
      summary: 'The questionnaire as a versioned JSON document (format teenvoice-questionnaire, version 1)',
      params: idParamSchema,
      response: questionnaireDocumentSchema,
    },
    async (request, reply) => {
      const document = await reuse.exportQuestionnaire(request.viewer!, request.params.id);
      void reply.header(
        'content-disposition',
        `attachment; filename="${questionnaireFileName(document.name)}"`,
      );
      return document;
    },
  );

  route.post(
    '/v2/surveys/:id/questionnaire',
    {
      access: 'session',
      summary: 'Import a questionnaire document into the draft, replacing or appending its questions',
      params: idParamSchema,
      body: importQuestionnaireSchema,
      response: surveyResponseSchema,
    },
    async (request) => ({
      data: await reuse.importQuestionnaire(request.viewer!, request.params.id, {
        version: request.body.version,
        mode: request.body.mode,
        document: request.body.document,
      }),
    }),
  );

  route.get(
    '/v2/organizations/:organizationId/question-bank',
    {
      access: { guard: requireOrganizationParam('surveys~view') },
      summary: "The organisation's question bank, newest first, optionally searched",
      params: questionBankParamsSchema,
      querystring: questionBankQuerySchema,
      response: questionBankResponseSchema,
    },
    async (request) => reuse.listBank(request.organization!.id, request.query.search),
  );

  route.post(
    '/v2/organizations/:organizationId/question-bank',
    {
      access: { guard: requireOrganizationParam('surveys~update') },
      summary: 'Save a question to the bank (its display logic is dropped)',
      params: questionBankParamsSchema,
      body: saveToQuestionBankSchema,
      response: questionBankItemResponseSchema,
    },
    async (request) => ({
      data: await reuse.saveToBank(
        request.viewer!,
        request.organization!.id,
        request.body.question,
        request.body.tags,
      ),
    }),
  );

  route.delete(
    '/v2/organizations/:organizationId/question-bank/:itemId',
    {
      access: { guard: requireOrganizationParam('surveys~update') },
      summary: 'Delete a question from the bank (surveys that used it keep their copy)',
      params: questionBankItemParamsSchema,
      response: okResponseSchema,
    },
    async (request) => {
      await reuse.deleteFromBank(request.organization!.id, request.params.itemId);
      return { data: { ok: true as const } };
    },
  );
};
