import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EnabledFeatureFlags, enabledFeatureFlagsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/platform/feature-flags: the flagged scripts this site may load, with their settings. */
export async function getEnabledFeatureFlags(signal?: AbortSignal): Promise<EnabledFeatureFlags> {
  const body = await backend.get('/v2/platform/feature-flags', signal ? { signal } : {});
  return enabledFeatureFlagsResponseSchema.parse(body).data;
}

export const enabledFeatureFlagsQueryOptions = () =>
  queryOptions({
    queryKey: ['platform', 'feature-flags', 'enabled'],
    queryFn: ({ signal }) => getEnabledFeatureFlags(signal),
    staleTime: 60_000,
    // A visitor without the scripts loses nothing; a failed lookup is not worth retrying loudly.
    retry: 1,
  });

export const useEnabledFeatureFlags = (enabled = true) =>
  useQuery({ ...enabledFeatureFlagsQueryOptions(), enabled });
