import {
  idParamSchema,
  publicSurveyResponseSchema,
  screenResultSchema,
  submitOutcomeSchema,
  submitResponseSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldworkReviewRoutes } from './review-routes';

/**
 * The respondent side: public, no account and no cookie. Nothing that identifies a teen is read
 * or stored — not even the IP address, which is left out of these routes' logs.
 */
export const respondRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.responses;
  // The researcher's side of fieldwork (quota fill, quality review) lives beside the respondent's.
  await app.register(fieldworkReviewRoutes);
  const noIp = { logLevel: 'warn' as const };

  app.get(
    '/v2/respond/:id',
    {
      ...noIp,
      schema: {
        tags: ['respond'],
        summary: 'A live survey as a respondent sees it (paused and closed surveys say so)',
        params: idParamSchema,
        response: { 200: publicSurveyResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.publicSurvey(request.params.id) };
    },
  );

  app.post(
    '/v2/respond/:id/screen',
    {
      ...noIp,
      schema: {
        tags: ['respond'],
        summary: 'The screener answers: is this survey for this respondent?',
        params: idParamSchema,
        body: screenResultSchema,
        response: { 200: submitOutcomeSchema },
      },
    },
    async (request) => ({
      data: await service.screen(
        request.params.id,
        request.body.clientResponseId,
        request.body.screener,
        request.body.deviceToken,
      ),
    }),
  );

  app.post(
    '/v2/respond/:id/responses',
    {
      ...noIp,
      schema: {
        tags: ['respond'],
        summary: 'Submit the answers; the same clientResponseId is stored once, however often it is sent',
        params: idParamSchema,
        body: submitResponseSchema,
        response: { 200: submitOutcomeSchema },
      },
    },
    async (request) => ({ data: await service.submit(request.params.id, request.body) }),
  );
};
