import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Survey, surveyResponseSchema } from '@tv/contract';
import { backend } from '../backend-client';

/** GET /v2/surveys/:id. Builder, moderation, admin and results screens share this one cached survey. */
export async function getSurvey(surveyId: string, signal?: AbortSignal): Promise<Survey> {
  const body = await backend.get(`/v2/surveys/${surveyId}`, signal ? { signal } : {});
  return surveyResponseSchema.parse(body).data;
}

/** Lists, history and the pre-check hang under ['surveys'], so one invalidation refreshes them all. */
export const surveyQueryKey = (surveyId: string) => ['surveys', 'detail', surveyId] as const;

export const surveyQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: surveyQueryKey(surveyId),
    queryFn: ({ signal }) => getSurvey(surveyId, signal),
  });

export const useSurvey = (surveyId: string) => useQuery(surveyQueryOptions(surveyId));
