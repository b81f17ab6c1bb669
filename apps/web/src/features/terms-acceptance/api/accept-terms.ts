import { useMutation } from '@tanstack/react-query';
import { apiErrorSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { isHttpError } from '../../../lib/http-error';
import { applyProfile, parseProfileResponse } from '../../../lib/session';

/** POST /v2/profile/accept-terms: the version shown; the answer is the profile, no longer asking. */
export async function acceptTerms(versionTimestamp: string) {
  return parseProfileResponse(await backend.post('/v2/profile/accept-terms', { versionTimestamp }));
}

/** The profile lives in the user store, like after every other profile change. */
export const useAcceptTerms = () =>
  useMutation({ mutationFn: acceptTerms, onSuccess: (profile) => applyProfile(profile) });

/** The server refused the version because a newer one was published meanwhile. */
export function isTermsOutdated(error: unknown): boolean {
  if (!isHttpError(error) || error.status !== 400) return false;
  const body = apiErrorSchema.safeParse(error.data);
  return body.success && body.data.code === 'TERMS_OUTDATED';
}
