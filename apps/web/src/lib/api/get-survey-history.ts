import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyHistoryResponseSchema } from '@tv/contract';
import { backend } from '../backend-client';
import { surveyQueryKey } from './get-survey';

/** GET /v2/surveys/:id/history: who moved the survey between statuses, when and why (the note and the reasons). The admin and moderation screens share it. */
export async function getSurveyHistory(surveyId: string, signal?: AbortSignal) {
  const body = await backend.get(`/v2/surveys/${surveyId}/history`, signal ? { signal } : {});
  return surveyHistoryResponseSchema.parse(body).data;
}

export const surveyHistoryQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: [...surveyQueryKey(surveyId), 'history'],
    queryFn: ({ signal }) => getSurveyHistory(surveyId, signal),
  });

export const useSurveyHistory = (surveyId: string) => useQuery(surveyHistoryQueryOptions(surveyId));
