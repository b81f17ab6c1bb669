import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type InviteMember, inviteMemberResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders, organizationKeys } from './organization-headers';

/** POST /v2/organization/invitations: everyone is invited by mail and joins only by accepting. */
export async function inviteMember(organizationId: string, input: InviteMember) {
  const body = await backend.post('/v2/organization/invitations', input, {
    headers: organizationHeaders(organizationId),
  });
  return inviteMemberResponseSchema.parse(body).data;
}

export const useInviteMember = (organizationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMember) => inviteMember(organizationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
};
