import { Button, Checkbox, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { signUpFormSchema } from '@tv/contract';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/links';
import { serverFieldErrors } from '../../../lib/backend-client';
import { useSignUp } from '../api/sign-up';
import { fieldErrorsForForm } from '../utils/field-errors';
import { rememberSignUpRedirect } from '../utils/sign-up-redirect';
import { FormErrorAlert } from './form-error-alert';
import { NameFields } from './name-fields';
import { NewPasswordFields } from './new-password-fields';
import { TermsCheckbox } from './terms-checkbox';
import { useSignUpForm } from './use-sign-up-form';

export function SignUpForm({ redirect }: { redirect: string | undefined }) {
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, terms, termsVersion } = useSignUpForm({
    firstName: '',
    lastName: '',
    email: '',
    organizationName: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false as true,
    acceptMarketing: false,
  });

  if (sentTo) {
    // Said the same whether or not the address has an account: the mail tells which (decision 037).
    return (
      <Stack gap="md" role="status">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconMailCheck size={24} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="xl">
          Check your email
        </Title>
        <Text>
          We sent a message to <strong>{sentTo}</strong>. Open the link in it to finish creating your account.
          The link works for 24 hours.
        </Text>
        <Text>
          If this address already has a TeenVoice account, the message tells you how to sign in or reset your
          password instead.
        </Text>
        <Text size="sm" c="dimmed">
          Nothing arrived after a few minutes? Check your spam folder, or sign up again.
        </Text>
        <Group gap="sm">
          <ButtonLink to="/login">Back to sign in</ButtonLink>
          <Button variant="default" onClick={() => setSentTo(null)}>
            Use another email
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) => {
    const registration = signUpFormSchema.parse(values);
    signUp.mutate(registration, {
      onSuccess: () => {
        rememberSignUpRedirect(redirect);
        setSentTo(registration.email);
      },
      onError: (error) => form.setErrors(fieldErrorsForForm(serverFieldErrors(error))),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create your account">
      <Stack gap="md">
        <FormErrorAlert error={signUp.error} fallback="We could not create your account. Please try again." />
        <TextInput
          label="Organization name"
          description="Your team's workspace for surveys and results; you can invite colleagues later."
          autoComplete="organization"
          required
          key={form.key('organizationName')}
          {...form.getInputProps('organizationName')}
        />
        <NameFields form={form} />
        <TextInput
          label="Work email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <NewPasswordFields form={form} label="Password" confirmLabel="Confirm password" />
        <TermsCheckbox terms={terms} form={form} />
        <Checkbox
          label="Send me TeenVoice research news and product updates"
          key={form.key('acceptMarketing')}
          {...form.getInputProps('acceptMarketing', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" loading={signUp.isPending} disabled={!termsVersion} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
