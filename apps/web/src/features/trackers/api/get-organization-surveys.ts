import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_HEADER, type SurveySummary, surveyListResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/surveys in the organisation: the surveys that can become a wave (the latest hundred). */
export async function getOrganizationSurveys(
  organizationId: string,
  signal?: AbortSignal,
): Promise<SurveySummary[]> {
  const body = await backend.get('/v2/surveys', {
    headers: { [ORGANIZATION_HEADER]: organizationId },
    query: { pageSize: 100 },
    ...(signal ? { signal } : {}),
  });
  return surveyListResponseSchema.parse(body).data;
}

export const organizationSurveysQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['surveys', 'list', { organizationId, for: 'tracker-waves' }],
    queryFn: ({ signal }) => getOrganizationSurveys(organizationId, signal),
  });

export const useOrganizationSurveys = (organizationId: string, enabled: boolean) =>
  useQuery({ ...organizationSurveysQueryOptions(organizationId), enabled });
