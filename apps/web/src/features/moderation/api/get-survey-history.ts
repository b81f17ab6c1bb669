import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyHistoryResponseSchema } from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';

/** GET /v2/surveys/:id/history: every status change with who, when, the note and the reasons. */
export async function getModerationHistory(surveyId: string, signal?: AbortSignal) {
  const body = await backend.get(`/v2/surveys/${surveyId}/history`, signal ? { signal } : {});
  return surveyHistoryResponseSchema.parse(body).data;
}

export const useModerationHistory = (surveyId: string) =>
  useQuery(
    queryOptions({
      // The same key as the admin screen's history, so both read one cached copy.
      queryKey: [...surveyQueryKey(surveyId), 'history'],
      queryFn: ({ signal }) => getModerationHistory(surveyId, signal),
    }),
  );
