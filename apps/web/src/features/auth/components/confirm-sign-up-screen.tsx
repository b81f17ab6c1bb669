import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { switchOrganization } from '../../../lib/session';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { safeRedirect } from '../utils/after-sign-in';
import { takeSignUpRedirect } from '../utils/sign-up-redirect';
import { FormErrorAlert } from './form-error-alert';

/**
 * /register/confirm?token=: the mailed link that finishes signing up (decision 037). The account is
 * created by a press of the button, not on opening the page, so a mail scanner that opens links does not
 * use the link up first.
 */
export function ConfirmSignUpScreen() {
  const router = useRouter();
  const search = useSearch({ strict: false });
  const token = typeof search.token === 'string' ? search.token : '';
  const confirm = useConfirmSignUp();

  const finish = () =>
    confirm.mutate(token, {
      onSuccess: (profile) => {
        // The new organization is the person's only one; choosing it explicitly beats any earlier choice.
        const created = profile.organizations[0];
        if (created) switchOrganization(created);
        void router.navigate({ href: safeRedirect(takeSignUpRedirect()) ?? '/research/builder' });
      },
    });

  return (
    <Box w="100%" maw={460}>
      <Stack gap="xl">
        <ScreenHeader
          area="Create account"
          title="Finish creating your account"
          description="One step left: confirm that this email address is yours, and you're signed in."
        />
        {token ? (
          <Stack gap="md">
            <FormErrorAlert
              error={confirm.error}
              fallback="We could not create your account. Please try again."
              action={<ButtonLink to="/register">Sign up again</ButtonLink>}
            />
            <Button size="md" loading={confirm.isPending} onClick={finish} fullWidth>
              Finish creating my account
            </Button>
            <Text size="sm" c="dimmed">
              If you did not sign up for TeenVoice, close this page: no account is created.
            </Text>
          </Stack>
        ) : (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            <Stack gap={6} align="flex-start">
              <Text size="sm">This link is incomplete. Open the link from your email again.</Text>
              <ButtonLink to="/register">Sign up again</ButtonLink>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
