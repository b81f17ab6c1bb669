import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CrossTab, crossTabResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { filterQuery, type ResultsFilters } from '../utils/filters';

export interface CrossTabChoice {
  row: string;
  column: string;
  /** Undefined: the server's default (weighted for audience surveys). */
  weighted: boolean | undefined;
}

/** GET /v2/surveys/:id/results/crosstab: one variable by another, under the page's filters. */
export async function getCrossTab(
  surveyId: string,
  filters: ResultsFilters,
  choice: CrossTabChoice,
  signal?: AbortSignal,
): Promise<CrossTab> {
  const { textSearch: _text, ...groupFilters } = filters;
  const body = await backend.get(`/v2/surveys/${surveyId}/results/crosstab`, {
    query: {
      ...filterQuery(groupFilters),
      row: choice.row,
      column: choice.column,
      weighted: choice.weighted === undefined ? undefined : String(choice.weighted),
    },
    ...(signal ? { signal } : {}),
  });
  return crossTabResponseSchema.parse(body).data;
}

export const crossTabQueryOptions = (surveyId: string, filters: ResultsFilters, choice: CrossTabChoice) =>
  queryOptions({
    queryKey: [
      'surveys',
      'results',
      surveyId,
      'crosstab',
      filterQuery({ ...filters, textSearch: undefined }),
      choice,
    ] as const,
    queryFn: ({ signal }) => getCrossTab(surveyId, filters, choice, signal),
    placeholderData: keepPreviousData,
  });

export const useCrossTab = (surveyId: string, filters: ResultsFilters, choice: CrossTabChoice) =>
  useQuery(crossTabQueryOptions(surveyId, filters, choice));
