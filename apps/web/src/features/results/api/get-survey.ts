import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Survey, surveyResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export async function getSurvey(surveyId: string, signal?: AbortSignal): Promise<Survey> {
  const body = await backend.get(`/v2/surveys/${surveyId}`, signal ? { signal } : {});
  return surveyResponseSchema.parse(body).data;
}

/** The same key the builder and the route middleware use, so the survey loaded before the screen is reused. */
export const surveyQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: ['surveys', 'detail', surveyId] as const,
    queryFn: ({ signal }) => getSurvey(surveyId, signal),
  });

export const useSurvey = (surveyId: string) => useQuery(surveyQueryOptions(surveyId));
