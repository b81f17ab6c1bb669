import { useMutation } from '@tanstack/react-query';
import type { Profile } from '@tv/contract';
import { plainBackend } from '../../../lib/backend-client';
import { clearExistingData, parseProfileResponse, startSignedInSession } from '../../../lib/session';
import { useAlertsStore } from '../../../stores/alerts-store';
import { finishPendingSku } from '../../../stores/cart-store';
import { signUpError } from './sign-up';

/**
 * POST /v2/register/confirm with the mailed token in Authorization: the second half of signing up
 * (decision 037), which creates the account and signs in. It fails as sign-up does (spec §8).
 */
export async function confirmSignUp(token: string): Promise<Profile> {
  let body: unknown;
  try {
    body = await plainBackend.post('/v2/register/confirm', {}, { headers: { Authorization: token } });
  } catch (error) {
    throw signUpError(error);
  }
  return parseProfileResponse(body);
}

export const useConfirmSignUp = () =>
  useMutation({
    mutationFn: async (token: string) => {
      clearExistingData();
      const profile = await confirmSignUp(token);
      startSignedInSession(profile);
      // The report picked before signing up is in the cart before the cart page opens (spec §4).
      await finishPendingSku();
      useAlertsStore.getState().showAlert('success');
      return profile;
    },
  });
