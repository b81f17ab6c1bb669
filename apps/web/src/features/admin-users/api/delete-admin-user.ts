import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { adminUsersKey } from './get-admin-users';

/** DELETE /v2/admin/users/{id}. */
export const deleteAdminUser = (id: string) => backend.delete(`/v2/admin/users/${encodeURIComponent(id)}`);

export const useDeleteAdminUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
};
