import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type FieldworkReview, fieldworkReviewResponseSchema, type SimulatedFilter } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export type ReviewResponses = FieldworkReview;
export type ReviewResponse = ReviewResponses['data'][number];

export interface ReviewQuery {
  flagged: boolean;
  /** Simulated responses: shown with the others, left out, or shown alone. */
  simulated: SimulatedFilter;
  page: number;
  pageSize: number;
}

/**
 * GET /v2/surveys/:id/quality/responses: flagged first; speeders judged against the survey's median
 * time. Open to the survey's researchers and to platform staff.
 */
export async function getReviewResponses(
  surveyId: string,
  { flagged, simulated, page, pageSize }: ReviewQuery,
  signal?: AbortSignal,
): Promise<ReviewResponses> {
  const body = await backend.get(`/v2/surveys/${surveyId}/quality/responses`, {
    query: { flagged: flagged ? 'true' : 'false', simulated, page, pageSize },
    ...(signal ? { signal } : {}),
  });
  return fieldworkReviewResponseSchema.parse(body);
}

export const reviewResponsesKey = (surveyId: string) => ['surveys', 'review-responses', surveyId] as const;

export const reviewResponsesQueryOptions = (surveyId: string, query: ReviewQuery) =>
  queryOptions({
    queryKey: [...reviewResponsesKey(surveyId), query] as const,
    queryFn: ({ signal }) => getReviewResponses(surveyId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useReviewResponses = (surveyId: string, query: ReviewQuery) =>
  useQuery(reviewResponsesQueryOptions(surveyId, query));
