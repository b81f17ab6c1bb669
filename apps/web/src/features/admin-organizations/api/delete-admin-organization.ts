import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { adminOrganizationsKey } from './get-admin-organizations';

/** DELETE /v2/admin/organizations/{id}: the organisation and its memberships. */
export const deleteAdminOrganization = (id: string) =>
  backend.delete(`/v2/admin/organizations/${encodeURIComponent(id)}`);

export const useDeleteAdminOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrganizationsKey }),
  });
};
