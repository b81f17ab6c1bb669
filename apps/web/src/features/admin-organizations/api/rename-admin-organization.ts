import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrganizationResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { adminOrganizationsKey } from './get-admin-organizations';

/** PUT /v2/admin/organizations/{id} with the new name. */
export async function renameAdminOrganization(id: string, name: string) {
  const body = await backend.put(`/v2/admin/organizations/${encodeURIComponent(id)}`, { name });
  return adminOrganizationResponseSchema.parse(body).data;
}

export const useRenameAdminOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameAdminOrganization(id, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationsKey }),
  });
};
