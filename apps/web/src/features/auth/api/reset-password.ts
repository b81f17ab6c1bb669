import { useMutation } from '@tanstack/react-query';
import { plainBackend } from '../../../lib/backend-client';
import { clearExistingData } from '../../../lib/session';

/** PUT /password/reset with the mailed token in Authorization; it ends every session of the account. */
export const resetPassword = ({ token, password }: { token: string; password: string }) =>
  plainBackend.put('/password/reset', { password }, { headers: { Authorization: token } });

export const useResetPassword = () =>
  useMutation({
    mutationFn: async (input: { token: string; password: string }) => {
      await resetPassword(input);
      clearExistingData();
    },
  });
