import { useMutation } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';

/** PUT /v2/profile/password; every other session of the account ends. */
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  backend.put('/v2/profile/password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
