import { queryOptions, useQuery } from '@tanstack/react-query';
import { oldSummaryResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export type OldSummary = ReturnType<typeof oldSummaryResponseSchema.parse>['data'];

export async function getOldSummary(surveyId: string, signal?: AbortSignal): Promise<OldSummary> {
  const body = await backend.get(`/v2/surveys/${surveyId}/results/old-summary`, signal ? { signal } : {});
  return oldSummaryResponseSchema.parse(body).data;
}

export const oldSummaryQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: ['surveys', 'results', surveyId, 'old-summary'] as const,
    queryFn: ({ signal }) => getOldSummary(surveyId, signal),
  });

export const useOldSummary = (surveyId: string) => useQuery(oldSummaryQueryOptions(surveyId));
