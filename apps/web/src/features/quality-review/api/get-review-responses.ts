import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reviewResponsesResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export type ReviewResponses = ReturnType<typeof reviewResponsesResponseSchema.parse>;
export type ReviewResponse = ReviewResponses['data'][number];

export interface ReviewQuery {
  flagged: boolean;
  page: number;
  pageSize: number;
}

export async function getReviewResponses(
  surveyId: string,
  { flagged, page, pageSize }: ReviewQuery,
  signal?: AbortSignal,
): Promise<ReviewResponses> {
  const body = await backend.get(`/v2/surveys/${surveyId}/responses`, {
    query: { flagged: flagged ? 'true' : 'false', page, pageSize },
    ...(signal ? { signal } : {}),
  });
  return reviewResponsesResponseSchema.parse(body);
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
