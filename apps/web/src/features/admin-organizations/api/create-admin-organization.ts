import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrganizationResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { adminOrganizationsKey } from './get-admin-organizations';

/** POST /v2/admin/organizations. */
export async function createAdminOrganization(name: string) {
  return adminOrganizationResponseSchema.parse(await backend.post('/v2/admin/organizations', { name })).data;
}

export const useCreateAdminOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationsKey }),
  });
};
