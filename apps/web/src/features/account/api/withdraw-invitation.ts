import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders, organizationKeys } from './organization-headers';

/** DELETE /v2/organization/invitations/{id}: the link in the invitation stops working. */
export const withdrawInvitation = (organizationId: string, invitationId: string) =>
  backend.delete(`/v2/organization/invitations/${encodeURIComponent(invitationId)}`, {
    headers: organizationHeaders(organizationId),
  });

export const useWithdrawInvitation = (organizationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => withdrawInvitation(organizationId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
};
