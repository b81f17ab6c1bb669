import { Button, Stack, TextInput } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { invitationSignUpFormSchema } from '@tv/contract';
import { serverFieldErrors } from '../../../lib/backend-client';
import { switchOrganization } from '../../../lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import type { getInvitation } from '../api/get-invitation';
import { fieldErrorsForForm } from '../utils/field-errors';
import { validateInvitationSignUp } from '../utils/validate-sign-up';
import { FormErrorAlert } from './form-error-alert';
import { NameFields } from './name-fields';
import { NewPasswordFields } from './new-password-fields';
import { TermsCheckbox } from './terms-checkbox';
import { useSignUpForm } from './use-sign-up-form';

type Invitation = Awaited<ReturnType<typeof getInvitation>>;

export function InvitationSignUpForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const router = useRouter();
  const accept = useAcceptInvitation();
  // The sign-up schema checks the invited address like any other; it is fixed by the invitation.
  const { form, terms, termsVersion } = useSignUpForm(
    {
      firstName: '',
      lastName: '',
      email: invitation.email,
      organizationName: invitation.organizationName,
      password: '',
      confirmPassword: '',
      acceptTerms: false as true,
      acceptMarketing: true,
    },
    validateInvitationSignUp,
  );

  const submit = form.onSubmit((values) => {
    const { firstName, lastName, password, termsAndConditions } = invitationSignUpFormSchema.parse(values);
    accept.mutate(
      // Spec §5: invite registration always sends acceptMarketing=true.
      { token, input: { firstName, lastName, password, termsAndConditions, acceptMarketing: true } },
      {
        onSuccess: (profile) => {
          const joined = profile.organizations.find((o) => o.name === invitation.organizationName);
          if (joined) switchOrganization(joined);
          void router.navigate({ href: '/research/builder' });
        },
        onError: (error) => form.setErrors(fieldErrorsForForm(serverFieldErrors(error))),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Accept the invitation">
      <Stack gap="md">
        <FormErrorAlert
          error={accept.error}
          fallback="We could not accept the invitation. Please try again."
        />
        <TextInput
          label="Email"
          value={invitation.email}
          readOnly
          description="The address you were invited at"
        />
        <NameFields form={form} />
        <NewPasswordFields form={form} label="Password" confirmLabel="Confirm password" />
        <TermsCheckbox terms={terms} form={form} />
        <Button type="submit" size="md" loading={accept.isPending} disabled={!termsVersion}>
          Accept invitation and create account
        </Button>
      </Stack>
    </form>
  );
}
