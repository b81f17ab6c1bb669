import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PlatformStatus, platformStatusResponseSchema, type SetMaintenance } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { platformStatusQueryOptions } from './get-platform-status';

/** PUT /v2/platform/maintenance (Super Admin): switch maintenance mode on or off for everyone. */
export async function setMaintenance(input: SetMaintenance): Promise<PlatformStatus> {
  const body = await backend.put('/v2/platform/maintenance', input);
  return platformStatusResponseSchema.parse(body).data;
}

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaintenance,
    // The status watcher reads this query: ending maintenance takes this tab back at once.
    onSuccess: (status) => queryClient.setQueryData(platformStatusQueryOptions().queryKey, status),
  });
}
