import { queryOptions, useQuery } from '@tanstack/react-query';
import { lastReviewResponseSchema } from '@tv/contract';
import { surveyQueryKey } from '../../../lib/api/get-survey';
import { backend } from '../../../lib/backend-client';

/** GET /v2/surveys/:id/last-review: the last approval or rejection with the survey as it was then. */
export async function getLastReview(surveyId: string, signal?: AbortSignal) {
  const body = await backend.get(`/v2/surveys/${surveyId}/last-review`, signal ? { signal } : {});
  return lastReviewResponseSchema.parse(body).data;
}

export const lastReviewQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: [...surveyQueryKey(surveyId), 'last-review'],
    queryFn: ({ signal }) => getLastReview(surveyId, signal),
  });

export const useLastReview = (surveyId: string) => useQuery(lastReviewQueryOptions(surveyId));
