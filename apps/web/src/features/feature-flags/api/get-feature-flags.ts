import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FeatureFlag, featureFlagsResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/admin/feature-flags (Super Admin): every flag with its settings. */
export async function getFeatureFlags(signal?: AbortSignal): Promise<FeatureFlag[]> {
  const body = await backend.get('/v2/admin/feature-flags', signal ? { signal } : {});
  return featureFlagsResponseSchema.parse(body).data;
}

export const featureFlagsQueryOptions = () =>
  queryOptions({ queryKey: ['feature-flags'], queryFn: ({ signal }) => getFeatureFlags(signal) });

export const useFeatureFlags = () => useQuery(featureFlagsQueryOptions());
