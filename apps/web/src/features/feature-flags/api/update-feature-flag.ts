import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FeatureFlagKey, featureFlagResponseSchema, type UpdateFeatureFlag } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** PUT /v2/admin/feature-flags/:key (Super Admin): switch a flag and change its settings. */
export async function updateFeatureFlag({ key, ...input }: UpdateFeatureFlag & { key: FeatureFlagKey }) {
  const body = await backend.put(`/v2/admin/feature-flags/${key}`, input);
  return featureFlagResponseSchema.parse(body).data;
}

export function useUpdateFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeatureFlag,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['feature-flags'] }),
        queryClient.invalidateQueries({ queryKey: ['platform', 'feature-flags'] }),
      ]),
  });
}
