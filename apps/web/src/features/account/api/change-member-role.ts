import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders, organizationKeys } from './organization-headers';

/** PUT /v2/organization/members/{userId} with the new role name. */
export const changeMemberRole = (organizationId: string, userId: string, roleName: string) =>
  backend.put(
    `/v2/organization/members/${encodeURIComponent(userId)}`,
    { roleName },
    { headers: organizationHeaders(organizationId) },
  );

export const useChangeMemberRole = (organizationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleName }: { userId: string; roleName: string }) =>
      changeMemberRole(organizationId, userId, roleName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
};
