import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Survey, surveyResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/surveys/:id, under the same key as the builder's, so both share one cached survey. */
export async function getSurvey(surveyId: string, signal?: AbortSignal): Promise<Survey> {
  const body = await backend.get(`/v2/surveys/${surveyId}`, signal ? { signal } : {});
  return surveyResponseSchema.parse(body).data;
}

export const surveyQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: ['surveys', 'detail', surveyId],
    queryFn: ({ signal }) => getSurvey(surveyId, signal),
  });

export const useSurvey = (surveyId: string) => useQuery(surveyQueryOptions(surveyId));
