import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ResultsSummary, resultsSummaryResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { filterQuery, type ResultsFilters } from '../utils/filters';

export const LIVE_REFRESH_MS = 10_000;

export async function getResultsSummary(
  surveyId: string,
  filters: ResultsFilters,
  signal?: AbortSignal,
  /** Undefined: the server's default (weighted for audience surveys), as in cross-tabs. */
  weighted?: boolean,
): Promise<ResultsSummary> {
  const body = await backend.get(`/v2/surveys/${surveyId}/results/summary`, {
    query: { ...filterQuery(filters), weighted: weighted === undefined ? undefined : String(weighted) },
    ...(signal ? { signal } : {}),
  });
  return resultsSummaryResponseSchema.parse(body).data;
}

/** Responses keep arriving while fieldwork runs, so a live (or paused) survey's summary refreshes itself. */
export const isFieldworkOpen = (status: string | undefined) => status === 'live' || status === 'paused';

export const resultsSummaryQueryOptions = (surveyId: string, filters: ResultsFilters, weighted?: boolean) =>
  queryOptions({
    queryKey: ['surveys', 'results', surveyId, 'summary', filterQuery(filters), weighted ?? null] as const,
    queryFn: ({ signal }) => getResultsSummary(surveyId, filters, signal, weighted),
    refetchInterval: (query) => (isFieldworkOpen(query.state.data?.status) ? LIVE_REFRESH_MS : false),
    // Changing a filter keeps the previous charts on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useResultsSummary = (surveyId: string, filters: ResultsFilters, weighted?: boolean) =>
  useQuery(resultsSummaryQueryOptions(surveyId, filters, weighted));
