import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders, organizationKeys } from './organization-headers';

/** DELETE /v2/organization/members/{userId}. */
export const removeMember = (organizationId: string, userId: string) =>
  backend.delete(`/v2/organization/members/${encodeURIComponent(userId)}`, {
    headers: organizationHeaders(organizationId),
  });

export const useRemoveMember = (organizationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(organizationId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
};
