import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUserInput, adminUserResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { adminUsersKey } from './get-admin-users';

/** PUT /v2/admin/users/{id}: name, email and platform role. */
export async function updateAdminUser(id: string, input: AdminUserInput) {
  return adminUserResponseSchema.parse(await backend.put(`/v2/admin/users/${encodeURIComponent(id)}`, input))
    .data;
}

export const useUpdateAdminUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUserInput }) => updateAdminUser(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
};
