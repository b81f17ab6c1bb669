import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PrecheckFlag, precheckResponseSchema } from '@tv/contract';
import { backend } from '../backend-client';
import { surveyQueryKey } from './get-survey';

/** GET /v2/surveys/:id/precheck: what the automated moderation pre-check found in the saved survey. */
export async function getPrecheck(surveyId: string, signal?: AbortSignal): Promise<PrecheckFlag[]> {
  const body = await backend.get(`/v2/surveys/${surveyId}/precheck`, signal ? { signal } : {});
  return precheckResponseSchema.parse(body).data;
}

/** Keyed by version: a new save is a new pre-check. */
export const precheckQueryOptions = (surveyId: string, version: number) =>
  queryOptions({
    queryKey: [...surveyQueryKey(surveyId), 'precheck', version],
    queryFn: ({ signal }) => getPrecheck(surveyId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Waits for the survey's version (and, for the author, for autosave to settle); author and moderator read one result. */
export const usePrecheck = (surveyId: string, version: number | undefined, enabled = true) =>
  useQuery({ ...precheckQueryOptions(surveyId, version ?? 0), enabled: enabled && version !== undefined });
