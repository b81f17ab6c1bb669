import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { loginSchema, passwordResetSchema } from '@tv/contract';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { useResetPassword } from '../api/reset-password';
import { FormErrorAlert } from './form-error-alert';
import { NewPasswordFields } from './new-password-fields';

const newPasswordSchema = passwordResetSchema
  .extend({ confirmPassword: loginSchema.shape.password })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export function SetNewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(newPasswordSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  if (reset.isSuccess) {
    return (
      <Stack gap="md" role="status">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconCircleCheck size={24} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="xl">
          Your password has been changed
        </Title>
        <Text>Sign in with your new password. Any other device that was signed in has been signed out.</Text>
        <Group>
          <ButtonLink to="/login">Sign in</ButtonLink>
        </Group>
      </Stack>
    );
  }

  const submit = form.onSubmit(({ password }) => reset.mutate({ token, password }));

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <FormErrorAlert
          error={reset.error}
          fallback="We could not change your password. Please try again."
          action={
            <AnchorLink to="/security/password-reset" search={{}} size="sm" fw={600}>
              Ask for a new link
            </AnchorLink>
          }
        />
        <NewPasswordFields form={form} label="New password" confirmLabel="Confirm new password" />
        <Button type="submit" loading={reset.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
