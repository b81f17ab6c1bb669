import { useMutation } from '@tanstack/react-query';
import type { Profile, SignUpForm } from '@tv/contract';
import { plainBackend } from '../../../lib/backend-client';
import { HttpError, isHttpError } from '../../../lib/http-error';
import { clearExistingData, parseProfileResponse, startSignedInSession } from '../../../lib/session';
import { useAlertsStore } from '../../../stores/alerts-store';
import { finishPendingSku } from '../../../stores/cart-store';

/** POST /v2/register with the sign-up fields except acceptTerms and confirmPassword (spec §5). */
export async function signUp(form: SignUpForm): Promise<Profile> {
  const { acceptTerms: _acceptTerms, confirmPassword: _confirmPassword, ...registration } = form;
  let body: unknown;
  try {
    body = await plainBackend.post('/v2/register', registration);
  } catch (error) {
    // Spec §8: a failed sign-up is a 400 'Error SignUp In' carrying what the server said.
    throw new HttpError(400, 'Error SignUp In', isHttpError(error) ? error.data : undefined);
  }
  return parseProfileResponse(body);
}

export const useSignUp = () =>
  useMutation({
    mutationFn: async (form: SignUpForm) => {
      clearExistingData();
      const profile = await signUp(form);
      startSignedInSession(profile);
      // The report picked before signing in is in the cart before the cart page opens (spec §4).
      await finishPendingSku();
      useAlertsStore.getState().showAlert('success');
      return profile;
    },
  });
