import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type SurveyStatus, surveyListResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export interface AdminSurveyFilters {
  statuses: SurveyStatus[];
  organizationId: string | null;
  tag: string;
  search: string;
  page: number;
  pageSize: number;
}

/** GET /v2/admin/surveys: every organisation's surveys, filtered and paged. */
export async function getAdminSurveys(filters: AdminSurveyFilters, signal?: AbortSignal) {
  const body = await backend.get('/v2/admin/surveys', {
    query: {
      status: filters.statuses.length ? filters.statuses.join(',') : undefined,
      organizationId: filters.organizationId ?? undefined,
      tag: filters.tag.trim() || undefined,
      search: filters.search.trim() || undefined,
      page: filters.page,
      pageSize: filters.pageSize,
    },
    ...(signal ? { signal } : {}),
  });
  return surveyListResponseSchema.parse(body);
}

export const adminSurveysQueryOptions = (filters: AdminSurveyFilters) =>
  queryOptions({
    queryKey: ['surveys', 'admin', filters],
    queryFn: ({ signal }) => getAdminSurveys(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminSurveys = (filters: AdminSurveyFilters) => useQuery(adminSurveysQueryOptions(filters));
