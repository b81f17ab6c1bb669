import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type incidentStatuses, incidentsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export type IncidentStatus = (typeof incidentStatuses)[number];
export type IncidentList = ReturnType<typeof incidentsResponseSchema.parse>;

export async function getIncidents(
  status: IncidentStatus,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<IncidentList> {
  const body = await backend.get('/v2/admin/incidents', {
    query: { status, page, pageSize },
    ...(signal ? { signal } : {}),
  });
  return incidentsResponseSchema.parse(body);
}

export const incidentsKey = ['incidents'] as const;

export const incidentsQueryOptions = (status: IncidentStatus, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...incidentsKey, { status, page, pageSize }] as const,
    queryFn: ({ signal }) => getIncidents(status, page, pageSize, signal),
    placeholderData: keepPreviousData,
    // New incidents arrive from the background scan; moderators keep this screen open.
    refetchInterval: 30_000,
  });

export const useIncidents = (status: IncidentStatus, page: number, pageSize: number) =>
  useQuery(incidentsQueryOptions(status, page, pageSize));
