import { useMutation } from '@tanstack/react-query';
import { plainBackend } from '../../../lib/backend-client';

/** POST /password/reset-request; the answer is the same whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  plainBackend.post('/password/reset-request', { email });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
