import { useMutation } from '@tanstack/react-query';
import type { UpdateProfile } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { applyProfile, parseProfileResponse } from '../../../lib/session';

/** PUT /v2/profile: name, email and marketing consent; the answer is the updated profile. */
export async function updateProfile(input: UpdateProfile) {
  return parseProfileResponse(await backend.put('/v2/profile', input));
}

export const useUpdateProfile = () =>
  useMutation({ mutationFn: updateProfile, onSuccess: (profile) => applyProfile(profile) });
