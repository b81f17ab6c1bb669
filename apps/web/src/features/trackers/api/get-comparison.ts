import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type TrackerComparison, trackerComparisonResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/trackers/:trackerId/compare?question=…: one question of the first wave across the waves. */
export async function getComparison(
  trackerId: string,
  questionId: string,
  /** Left out: each wave follows its results page (weighted for an audience survey). */
  weighted: boolean | undefined,
  signal?: AbortSignal,
): Promise<TrackerComparison> {
  const body = await backend.get(`/v2/trackers/${trackerId}/compare`, {
    query: { question: questionId, ...(weighted === undefined ? {} : { weighted: String(weighted) }) },
    ...(signal ? { signal } : {}),
  });
  return trackerComparisonResponseSchema.parse(body).data;
}

export const comparisonQueryOptions = (trackerId: string, questionId: string, weighted?: boolean) =>
  queryOptions({
    queryKey: ['trackers', 'one', trackerId, 'compare', questionId, weighted ?? 'default'] as const,
    queryFn: ({ signal }) => getComparison(trackerId, questionId, weighted, signal),
    placeholderData: keepPreviousData,
  });

export const useComparison = (trackerId: string, questionId: string | null, weighted?: boolean) =>
  useQuery({
    ...comparisonQueryOptions(trackerId, questionId ?? '', weighted),
    enabled: Boolean(questionId),
  });
