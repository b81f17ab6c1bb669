import { idParamSchema, surveyScheduleInputSchema, surveyScheduleResponseSchema } from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../plugins/route';
import type { ScheduleService } from './schedule';

/** When a survey opens and closes by itself (decision 032). */
export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ScheduleService }> = async (app, options) => {
  const { schedule } = options;
  const route = routesOf(app, ['surveys']);

  route.get(
    '/v2/surveys/:id/schedule',
    {
      access: 'session',
      summary: 'When the survey opens and closes by itself, and what the schedule does next',
      params: idParamSchema,
      response: surveyScheduleResponseSchema,
    },
    async (request) => ({ data: await schedule.get(request.viewer!, request.params.id) }),
  );

  route.put(
    '/v2/surveys/:id/schedule',
    {
      access: 'session',
      summary:
        'Schedule the survey to open (once approved) and to close; null clears a time. Within a year, in the future, closing after opening',
      params: idParamSchema,
      body: surveyScheduleInputSchema,
      response: surveyScheduleResponseSchema,
    },
    async (request) => ({ data: await schedule.set(request.viewer!, request.params.id, request.body) }),
  );
};
