import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TrackerSummary, trackersResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/organizations/:organizationId/trackers */
export async function getTrackers(organizationId: string, signal?: AbortSignal): Promise<TrackerSummary[]> {
  const body = await backend.get(`/v2/organizations/${organizationId}/trackers`, signal ? { signal } : {});
  return trackersResponseSchema.parse(body).data;
}

export const trackersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['trackers', 'list', organizationId] as const,
    queryFn: ({ signal }) => getTrackers(organizationId, signal),
  });

export const useTrackers = (organizationId: string | null) =>
  useQuery({ ...trackersQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
