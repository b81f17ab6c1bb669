import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type TrackerComparison, trackerComparisonResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/trackers/:trackerId/compare?question=…: one question of the first wave across the waves. */
export async function getComparison(
  trackerId: string,
  questionId: string,
  signal?: AbortSignal,
): Promise<TrackerComparison> {
  const body = await backend.get(`/v2/trackers/${trackerId}/compare`, {
    query: { question: questionId },
    ...(signal ? { signal } : {}),
  });
  return trackerComparisonResponseSchema.parse(body).data;
}

export const comparisonQueryOptions = (trackerId: string, questionId: string) =>
  queryOptions({
    queryKey: ['trackers', 'one', trackerId, 'compare', questionId] as const,
    queryFn: ({ signal }) => getComparison(trackerId, questionId, signal),
    placeholderData: keepPreviousData,
  });

export const useComparison = (trackerId: string, questionId: string | null) =>
  useQuery({ ...comparisonQueryOptions(trackerId, questionId ?? ''), enabled: Boolean(questionId) });
