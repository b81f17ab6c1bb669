import {
  answerCodesSchema,
  codeCreateSchema,
  codeResponseSchema,
  codeUpdateSchema,
  codingQuerySchema,
  codingResponseSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../plugins/route';
import type { Viewer } from '../identity/service';
import { listAnswerableQuestions } from '../surveys/service';
import {
  assertCodable,
  codingPage,
  createCode,
  deleteCode,
  openTextQuestion,
  renameCode,
  setAnswerCodes,
} from './codes';

const questionParams = z.object({ id: z.uuid(), questionId: z.string().min(1).max(200) });
const codeParams = z.object({ id: z.uuid(), codeId: z.uuid({ error: 'That code does not exist.' }) });
const answerParams = questionParams.extend({
  responseId: z.uuid({ error: 'That answer does not exist.' }),
});

/**
 * Coding open text (issue 26, decision 046). Whoever may see a survey's results may code its open
 * text: define, rename and delete a question's codes and apply them to answers. Every call authorises
 * the viewer for the survey (its organisation and their access to it) before reading anything, and a
 * code is always looked up within the survey the path names.
 */
export const codingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const surveys = app.surveys;
  const route = routesOf(app, ['results']);

  const surveyOf = (viewer: Viewer, id: string) => surveys.authorize(viewer, id, 'surveys~view_results');
  const userOf = (viewer: Viewer) => (viewer.isAnonymous ? null : viewer.user.id);

  route.get(
    '/v2/surveys/:id/results/questions/:questionId/coding',
    {
      access: 'session',
      summary:
        "An open-text question's codes and its answers to code, newest first: only answers the organisation may read (withheld ones are counted, never shown), searched in those words; by code or uncoded",
      params: questionParams,
      querystring: codingQuerySchema,
      response: codingResponseSchema,
    },
    async (request, reply) => {
      const row = await surveyOf(request.viewer!, request.params.id);
      const question = openTextQuestion(await listAnswerableQuestions(db, row.id), request.params.questionId);
      reply.header('Cache-Control', 'no-store');
      return codingPage(db, row.id, question, request.query);
    },
  );

  route.post(
    '/v2/surveys/:id/results/questions/:questionId/codes',
    {
      access: 'session',
      summary:
        'Add a code (theme) to an open-text question: a name of up to 80 characters, unique in the question',
      params: questionParams,
      body: codeCreateSchema,
      otherResponses: { 201: codeResponseSchema },
    },
    async (request, reply) => {
      const row = await surveyOf(request.viewer!, request.params.id);
      assertCodable(row);
      const question = openTextQuestion(await listAnswerableQuestions(db, row.id), request.params.questionId);
      const code = await createCode(db, row, question.id, request.body.label, userOf(request.viewer!));
      reply.status(201);
      return { data: code };
    },
  );

  route.patch(
    '/v2/surveys/:id/results/codes/:codeId',
    {
      access: 'session',
      summary: 'Rename a code; the answers coded with it keep it',
      params: codeParams,
      body: codeUpdateSchema,
      response: codeResponseSchema,
    },
    async (request) => {
      const row = await surveyOf(request.viewer!, request.params.id);
      assertCodable(row);
      return { data: await renameCode(db, row, request.params.codeId, request.body.label) };
    },
  );

  route.delete(
    '/v2/surveys/:id/results/codes/:codeId',
    {
      access: 'session',
      summary: 'Delete a code: it is taken off every answer, which keep their other codes',
      params: codeParams,
      response: z.object({ data: z.object({ ok: z.literal(true) }) }),
    },
    async (request) => {
      const row = await surveyOf(request.viewer!, request.params.id);
      assertCodable(row);
      await deleteCode(db, row, request.params.codeId);
      return { data: { ok: true as const } };
    },
  );

  route.put(
    '/v2/surveys/:id/results/questions/:questionId/answers/:responseId/codes',
    {
      access: 'session',
      summary:
        "Set the codes of one answer (several at once; an empty list removes them). An answer withheld for safeguarding can't be coded until a moderator releases it",
      params: answerParams,
      body: answerCodesSchema,
      response: z.object({ data: z.object({ responseId: z.uuid(), codeIds: z.array(z.uuid()) }) }),
    },
    async (request) => {
      const row = await surveyOf(request.viewer!, request.params.id);
      assertCodable(row);
      const question = openTextQuestion(await listAnswerableQuestions(db, row.id), request.params.questionId);
      const codeIds = await setAnswerCodes(
        db,
        row,
        question,
        request.params.responseId,
        request.body.codeIds,
        userOf(request.viewer!),
      );
      return { data: { responseId: request.params.responseId, codeIds } };
    },
  );
};
