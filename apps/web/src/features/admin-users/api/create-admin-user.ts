import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUserInput, adminUserResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { adminUsersKey } from './get-admin-users';

/** POST /v2/admin/users: the new user gets an email to choose their password. */
export async function createAdminUser(input: AdminUserInput) {
  return adminUserResponseSchema.parse(await backend.post('/v2/admin/users', input)).data;
}

export const useCreateAdminUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
};
