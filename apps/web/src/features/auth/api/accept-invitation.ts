import { useMutation } from '@tanstack/react-query';
import type { InvitationRegister, Profile } from '@tv/contract';
import { plainBackend } from '../../../lib/backend-client';
import { HttpError, isHttpError } from '../../../lib/http-error';
import { clearExistingData, parseProfileResponse, startSignedInSession } from '../../../lib/session';
import { useAlertsStore } from '../../../stores/alerts-store';

/** POST /v2/invitation/register with the invite token in Authorization (spec §7). */
export async function acceptInvitation(token: string, input: InvitationRegister): Promise<Profile> {
  let body: unknown;
  try {
    body = await plainBackend.post('/v2/invitation/register', input, { headers: { Authorization: token } });
  } catch (error) {
    // Spec §8: a failed acceptance is a 400 'Error Accepting Invite In' carrying what the server said.
    throw new HttpError(400, 'Error Accepting Invite In', isHttpError(error) ? error.data : undefined);
  }
  return parseProfileResponse(body);
}

export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: async ({ token, input }: { token: string; input: InvitationRegister }) => {
      clearExistingData();
      const profile = await acceptInvitation(token, input);
      startSignedInSession(profile);
      useAlertsStore.getState().showAlert('success');
      return profile;
    },
  });
