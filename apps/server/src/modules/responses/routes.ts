import {
  checkAnswerResultSchema,
  checkAnswerSchema,
  idParamSchema,
  publicSurveyResponseSchema,
  screenResultSchema,
  submitOutcomeSchema,
  submitResponseSchema,
} from '@tv/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { ANSWER_CHECK_RATE_LIMIT } from './service';

/** What a respondent reads when their network has sent too many answers to one survey for now. */
export const RESPOND_LIMIT_MESSAGE =
  'Lots of answers are coming from your network right now. Your answers are saved on this device, and we’ll try again in a moment.';

/**
 * The respondent side: public, no account and no cookie. Nothing that identifies a teen is read
 * or stored — not even the IP address, which is left out of these routes' logs.
 */
export const respondRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.responses;
  const noIp = { logLevel: 'warn' as const };
  const route = routesOf(app, ['respond']);

  /**
   * Per address and per survey (issue 23), shared through Redis when REDIS_URL is set: a class of 40
   * on one school network gets through (the page waits and sends again when told to), a script cannot
   * fill a sample. Opening the survey and the screener may be asked three times as often as answers
   * are sent. RESPOND_RATE_LIMIT=0 turns them off, for load tests and benchmarks only.
   */
  const perSurvey = (max: number, onExceeded?: (request: FastifyRequest) => void) =>
    app.config.respond.rateLimit === 0
      ? {}
      : {
          config: {
            rateLimit: {
              max,
              timeWindow: '1 minute',
              keyGenerator: (request: FastifyRequest) =>
                `respond|${(request.params as { id?: string }).id}|${request.ip}`,
              ...(onExceeded ? { onExceeded } : {}),
              // An HttpError, so the error handler keeps `data`: the page reads how long to wait there.
              errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
                new HttpError(429, RESPOND_LIMIT_MESSAGE, 'RATE_LIMITED', {
                  retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
                }),
            },
          },
        };
  const limit = app.config.respond.rateLimit;

  route.get(
    '/v2/respond/:id',
    {
      access: 'public',
      summary: 'A live survey as a respondent sees it (paused and closed surveys say so)',
      params: idParamSchema,
      response: publicSurveyResponseSchema,
      options: {
        ...noIp,
        ...perSurvey(limit * 3),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await service.publicSurvey(request.params.id) };
    },
  );

  route.post(
    '/v2/respond/:id/screen',
    {
      access: 'public',
      summary: 'The screener answers: is this survey for this respondent?',
      params: idParamSchema,
      body: screenResultSchema,
      response: submitOutcomeSchema,
      options: {
        ...noIp,
        ...perSurvey(limit * 3),
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

  route.post(
    '/v2/respond/:id/responses',
    {
      access: 'public',
      summary: 'Submit the answers; the same clientResponseId is stored once, however often it is sent',
      params: idParamSchema,
      body: submitResponseSchema,
      response: submitOutcomeSchema,
      options: {
        ...noIp,
        // An answer refused here counts toward the survey's burst alert to staff.
        ...perSurvey(limit, (request) => {
          void service.refused((request.params as { id: string }).id).catch(() => {});
        }),
      },
    },
    async (request) => ({ data: await service.submit(request.params.id, request.body) }),
  );

  route.post(
    '/v2/respond/:id/check',
    {
      access: 'public',
      summary:
        'Check one open answer as the respondent leaves it: the concerns it raises (gravest first) and its language, so help shows before the next question. Nothing is stored or logged (decision 035)',
      params: idParamSchema,
      body: checkAnswerSchema,
      response: checkAnswerResultSchema,
      options: {
        ...noIp,
        // Per address, so the classifier is no free oracle; a class on one school address stays under it.
        config: { rateLimit: { max: ANSWER_CHECK_RATE_LIMIT, timeWindow: '1 minute' } },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { questionId, text } = request.body;
      return { data: await service.checkAnswer(request.params.id, questionId, text) };
    },
  );
};
