import { useMutation } from '@tanstack/react-query';
import { okResponseSchema, type SignUpForm } from '@tv/contract';
import { plainBackend } from '../../../lib/backend-client';
import { HttpError, isHttpError } from '../../../lib/http-error';

/** Spec §8: a failed sign-up is a 400 'Error SignUp In' carrying what the server said. */
export const signUpError = (error: unknown) =>
  new HttpError(400, 'Error SignUp In', isHttpError(error) ? error.data : undefined);

/**
 * POST /v2/register with the sign-up fields except acceptTerms and confirmPassword (spec §5). The answer
 * is the same whether or not the address has an account: a mail is on its way to it (decision 037).
 */
export async function signUp(form: SignUpForm): Promise<void> {
  const { acceptTerms: _acceptTerms, confirmPassword: _confirmPassword, ...registration } = form;
  let body: unknown;
  try {
    body = await plainBackend.post('/v2/register', registration);
  } catch (error) {
    throw signUpError(error);
  }
  okResponseSchema.parse(body);
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
