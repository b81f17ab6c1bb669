import { Alert, Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { type SignUpForm, signUpFormSchema } from '@tv/contract';
import { useEffect } from 'react';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { switchOrganization } from '../../../lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import type { getInvitation } from '../api/get-invitation';
import { useTerms } from '../api/get-terms';
import { fieldErrorsForForm } from '../utils/field-errors';
import { validateSignUp } from '../utils/validate-sign-up';
import { TermsCheckbox } from './terms-checkbox';

type Invitation = Awaited<ReturnType<typeof getInvitation>>;

export function InvitationSignUpForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const router = useRouter();
  const accept = useAcceptInvitation();
  const terms = useTerms();
  // The sign-up schema checks the invited address like any other; it is fixed by the invitation.
  const form = useForm<SignUpForm>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: invitation.email,
      password: '',
      confirmPassword: '',
      acceptTerms: false as true,
      acceptMarketing: true,
      termsAndConditions: '',
    },
    validate: validateSignUp,
    validateInputOnBlur: true,
  });

  const version = terms.data?.versionTimestamp;
  useEffect(() => {
    if (version) form.setFieldValue('termsAndConditions', version);
  }, [version, form.setFieldValue]);

  const submit = form.onSubmit((values) => {
    const { firstName, lastName, password, termsAndConditions } = signUpFormSchema.parse(values);
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
        {accept.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {serverMessage(accept.error, 'We could not accept the invitation. Please try again.')}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          value={invitation.email}
          readOnly
          description="The address you were invited at"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <TermsCheckbox
          terms={terms}
          inputProps={form.getInputProps('acceptTerms', { type: 'checkbox' })}
          inputKey={form.key('acceptTerms')}
        />
        <Button type="submit" size="md" loading={accept.isPending} disabled={!version}>
          Accept invitation and create account
        </Button>
      </Stack>
    </form>
  );
}
