import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PrecheckFlag, precheckResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/surveys/:id/precheck: what the automated check found in the saved survey. */
export async function getPrecheck(surveyId: string, signal?: AbortSignal): Promise<PrecheckFlag[]> {
  const body = await backend.get(`/v2/surveys/${surveyId}/precheck`, signal ? { signal } : {});
  return precheckResponseSchema.parse(body).data;
}

export const precheckQueryOptions = (surveyId: string, version: number) =>
  queryOptions({
    queryKey: ['surveys', 'detail', surveyId, 'precheck', version],
    queryFn: ({ signal }) => getPrecheck(surveyId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePrecheck = (surveyId: string, version: number | undefined) =>
  useQuery({ ...precheckQueryOptions(surveyId, version ?? 0), enabled: version !== undefined });
