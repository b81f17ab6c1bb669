import { idParamSchema, surveyScheduleInputSchema, surveyScheduleResponseSchema } from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScheduleService } from './schedule';

/** When a survey opens and closes by itself (decision 032). */
export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ScheduleService }> = async (app, options) => {
  const { schedule } = options;

  app.get(
    '/v2/surveys/:id/schedule',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary: 'When the survey opens and closes by itself, and what the schedule does next',
        params: idParamSchema,
        response: { 200: surveyScheduleResponseSchema },
      },
    },
    async (request) => ({ data: await schedule.get(request.viewer!, request.params.id) }),
  );

  app.put(
    '/v2/surveys/:id/schedule',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['surveys'],
        summary:
          'Schedule the survey to open (once approved) and to close; null clears a time. Within a year, in the future, closing after opening',
        params: idParamSchema,
        body: surveyScheduleInputSchema,
        response: { 200: surveyScheduleResponseSchema },
      },
    },
    async (request) => ({ data: await schedule.set(request.viewer!, request.params.id, request.body) }),
  );
};
