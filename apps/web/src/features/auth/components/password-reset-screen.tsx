import { Paper, Stack } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { RequestPasswordResetForm } from './request-password-reset-form';
import { SetNewPasswordForm } from './set-new-password-form';

/** Without a token: ask for a reset link. With the mailed ?token=: choose the new password. */
export function PasswordResetScreen() {
  const search = useSearch({ strict: false });
  const token = typeof search.token === 'string' ? search.token : undefined;
  return (
    <Stack maw={520} mx="auto" gap="xl">
      {token ? (
        <ScreenHeader
          area="Account security"
          title="Choose a new password"
          description="Pick a password you don't use anywhere else. Every device signed in to your account will be signed out."
        />
      ) : (
        <ScreenHeader
          area="Account security"
          title="Reset your password"
          description="Ask for a reset link by email, then choose a new password from the link it contains."
        />
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {token ? <SetNewPasswordForm token={token} /> : <RequestPasswordResetForm />}
      </Paper>
    </Stack>
  );
}
