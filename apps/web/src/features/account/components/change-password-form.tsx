import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { changePasswordSchema } from '@tv/contract';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { useChangePassword } from '../api/change-password';

const passwordFormSchema = changePasswordSchema
  .extend({ confirmNewPassword: changePasswordSchema.shape.currentPassword })
  .refine((values) => values.newPassword === values.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: 'Passwords do not match',
  });

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    validate: schemaResolver(passwordFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            color: 'green',
            title: 'Password changed',
            message: 'Other devices signed in to your account have been signed out.',
          });
        },
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-password">
      <Stack gap="md">
        {change.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {serverMessage(change.error, 'Your password could not be changed. Please try again.')}
          </Alert>
        ) : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          key={form.key('confirmNewPassword')}
          {...form.getInputProps('confirmNewPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
