import { schemaResolver } from '@mantine/form';
import { type SignUpForm, signUpFormSchema } from '@tv/contract';

const resolveSignUp = schemaResolver(signUpFormSchema, { sync: true });

/**
 * The sign-up schema's password match is a refinement, which zod only runs once every field is valid;
 * checking it here as well shows the mismatch together with the other problems.
 */
export function validateSignUp(values: SignUpForm) {
  const errors = resolveSignUp(values);
  if (!errors.confirmPassword && values.confirmPassword !== values.password) {
    errors.confirmPassword = 'Passwords do not match';
  }
  return errors;
}
