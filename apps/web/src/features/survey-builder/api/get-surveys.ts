import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SurveySummary, surveyListResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders } from './organization-headers';

export interface SurveyList {
  surveys: SurveySummary[];
  total: number;
}

/** The builder home shows the most recent hundred (the API's page limit) of a scope. */
const HOME_PAGE_SIZE = 100;

/** GET /v2/surveys: the organisation's surveys, or with no organisation the caller's own drafts. */
export async function getSurveys(organizationId: string | null, signal?: AbortSignal): Promise<SurveyList> {
  const body = await backend.get('/v2/surveys', {
    headers: organizationHeaders(organizationId),
    query: { pageSize: HOME_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  const parsed = surveyListResponseSchema.parse(body);
  return { surveys: parsed.data, total: parsed.meta.total };
}

export const surveysQueryOptions = (organizationId: string | null) =>
  queryOptions({
    queryKey: ['surveys', 'list', { organizationId }],
    queryFn: ({ signal }) => getSurveys(organizationId, signal),
  });

export const useSurveys = (organizationId: string | null, enabled = true) =>
  useQuery({ ...surveysQueryOptions(organizationId), enabled });
