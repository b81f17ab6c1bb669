import { type FormErrors, schemaResolver } from '@mantine/form';
import { invitationSignUpFormSchema, type SignUpForm, signUpFormSchema } from '@tv/contract';

/**
 * The sign-up schemas' password match is a refinement, which zod only runs once every field is valid;
 * checking it here as well shows the mismatch together with the other problems.
 */
const withPasswordMatch =
  (resolve: (values: SignUpForm) => FormErrors) =>
  (values: SignUpForm): FormErrors => {
    const errors = resolve(values);
    if (!errors.confirmPassword && values.confirmPassword !== values.password) {
      errors.confirmPassword = 'Passwords do not match';
    }
    return errors;
  };

/** A new organization's sign-up: the person, their password and the organization's name. */
export const validateSignUp = withPasswordMatch(schemaResolver(signUpFormSchema, { sync: true }));

/** An invited person's sign-up: the organization is the inviting one, so its name is not asked. */
export const validateInvitationSignUp = withPasswordMatch(
  schemaResolver(invitationSignUpFormSchema, { sync: true }),
);
