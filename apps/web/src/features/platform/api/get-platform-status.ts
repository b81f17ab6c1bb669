import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PlatformStatus, platformStatusResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export async function getPlatformStatus(signal?: AbortSignal): Promise<PlatformStatus> {
  const body = await backend.get('/v2/platform/status', signal ? { signal } : {});
  return platformStatusResponseSchema.parse(body).data;
}

export const platformStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['platform', 'status'],
    queryFn: ({ signal }) => getPlatformStatus(signal),
    staleTime: 30_000,
    // Maintenance can start or end while a tab stays open.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export const usePlatformStatus = () => useQuery(platformStatusQueryOptions());
