import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRouter } from '@tanstack/react-router';
import { type Login, loginSchema } from '@tv/contract';
import { AnchorLink } from '../../../components/ui/links';
import { serverFieldErrors } from '../../../lib/backend-client';
import { useSignIn } from '../api/sign-in';
import { destinationAfterSignIn } from '../utils/after-sign-in';
import { FormErrorAlert } from './form-error-alert';

export function SignInForm({ redirect }: { redirect: string | undefined }) {
  const router = useRouter();
  const signIn = useSignIn();
  const form = useForm<Login>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) =>
    signIn.mutate(loginSchema.parse(values), {
      onSuccess: (profile) => void router.navigate({ href: destinationAfterSignIn(profile, redirect) }),
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <FormErrorAlert error={signIn.error} fallback="We could not sign you in. Please try again." />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <AnchorLink to="/security/password-reset" size="sm">
            Forgot your password?
          </AnchorLink>
        </Group>
        <Button type="submit" size="md" loading={signIn.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
