import { Alert, Button, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { type SignUpForm as SignUpValues, signUpFormSchema } from '@tv/contract';
import { useEffect } from 'react';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useTerms } from '../api/get-terms';
import { useSignUp } from '../api/sign-up';
import { safeRedirect } from '../utils/after-sign-in';
import { fieldErrorsForForm } from '../utils/field-errors';
import { validateSignUp } from '../utils/validate-sign-up';
import { TermsCheckbox } from './terms-checkbox';

const initialValues: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false as true,
  acceptMarketing: false,
  termsAndConditions: '',
};

export function SignUpForm({ redirect }: { redirect: string | undefined }) {
  const router = useRouter();
  const signUp = useSignUp();
  const terms = useTerms();
  const form = useForm<SignUpValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: validateSignUp,
    validateInputOnBlur: true,
  });

  const version = terms.data?.versionTimestamp;
  useEffect(() => {
    if (version) form.setFieldValue('termsAndConditions', version);
  }, [version, form.setFieldValue]);

  const submit = form.onSubmit((values) =>
    signUp.mutate(signUpFormSchema.parse(values), {
      onSuccess: () => void router.navigate({ href: safeRedirect(redirect) ?? '/research/builder' }),
      onError: (error) => form.setErrors(fieldErrorsForForm(serverFieldErrors(error))),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Create your account">
      <Stack gap="md">
        {signUp.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {serverMessage(signUp.error, 'We could not create your account. Please try again.')}
          </Alert>
        ) : null}
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
        <TextInput
          label="Work email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
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
        <Checkbox
          label="Send me TeenVoice research news and product updates"
          key={form.key('acceptMarketing')}
          {...form.getInputProps('acceptMarketing', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" loading={signUp.isPending} disabled={!version} fullWidth>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
