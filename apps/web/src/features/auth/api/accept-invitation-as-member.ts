import { useMutation } from '@tanstack/react-query';
import { invitationAcceptedResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { applyProfile, fetchProfile, switchOrganization } from '../../../lib/session';

/** POST /v2/invitation/accept: the signed-in account joins the organisation it was invited to. */
export async function acceptInvitationAsMember(token: string) {
  const body = await backend.post('/v2/invitation/accept', {}, { headers: { Authorization: token } });
  return invitationAcceptedResponseSchema.parse(body).data;
}

export const useAcceptInvitationAsMember = () =>
  useMutation({
    mutationFn: async (token: string) => {
      const joined = await acceptInvitationAsMember(token);
      // The new membership comes with the profile; the organisation joined becomes the current one.
      const profile = await fetchProfile();
      applyProfile(profile);
      const organization = profile.organizations.find((o) => o.id === joined.organizationId);
      if (organization) switchOrganization(organization);
      return joined;
    },
  });
