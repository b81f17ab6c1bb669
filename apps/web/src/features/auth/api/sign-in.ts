import { useMutation } from '@tanstack/react-query';
import type { Login, Profile } from '@tv/contract';
import { plainBackend } from '../../../lib/backend-client';
import { clearExistingData, parseProfileResponse, startSignedInSession } from '../../../lib/session';
import { finishPendingSku } from '../../../stores/cart-store';

/** POST /v2/login; a 401 here means wrong credentials, not an expired session, hence no refresh. */
export async function signIn(credentials: Login): Promise<Profile> {
  return parseProfileResponse(await plainBackend.post('/v2/login', credentials));
}

export const useSignIn = () =>
  useMutation({
    mutationFn: async (credentials: Login) => {
      clearExistingData();
      const profile = await signIn(credentials);
      startSignedInSession(profile);
      // The report picked before signing in is in the cart before the cart page opens (spec §4).
      await finishPendingSku();
      return profile;
    },
  });
