import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { serverMessage } from '../../../lib/backend-client';
import { useInvitation } from '../api/get-invitation';
import { InvitationAcceptCard } from './invitation-accept-card';
import { InvitationSignUpForm } from './invitation-sign-up-form';

/** /register/invitation?token=: who invited the person and where, then their account details. */
export function RegisterInvitationScreen() {
  const search = useSearch({ strict: false });
  const token = typeof search.token === 'string' ? search.token : '';
  const invitation = useInvitation(token);

  if (!token || invitation.isError) {
    return (
      <Stack maw={560} mx="auto" gap="xl">
        <ScreenHeader
          area="Invitation"
          title="This invitation can't be used"
          description="Invitation links work once and for 7 days."
        />
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {token
            ? serverMessage(invitation.error, 'We could not open this invitation. Please try again.')
            : 'This link has no invitation in it. Open the link from your invitation email again.'}
        </Alert>
        <Group>
          <ButtonLink to="/login">Sign in</ButtonLink>
          <ButtonLink to="/" variant="default">
            Go to home
          </ButtonLink>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack maw={560} mx="auto" gap="xl">
      {invitation.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your invitation">
          <Skeleton h={14} w={90} />
          <Skeleton h={36} w="80%" />
          <Skeleton h={18} w="95%" />
        </Stack>
      ) : (
        <ScreenHeader
          area="Invitation"
          title={`Join ${invitation.data.organizationName} on TeenVoice`}
          description={`${invitation.data.invitedBy ?? 'An organization admin'} invited you to join ${
            invitation.data.organizationName
          }${invitation.data.roleName ? ` as ${invitation.data.roleName}` : ''}. ${
            invitation.data.hasAccount
              ? 'Sign in with your account to accept.'
              : 'Choose your name and password to accept.'
          }`}
        />
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {invitation.isPending ? (
          <Stack gap="md">
            <Skeleton h={56} />
            <Skeleton h={56} />
            <Skeleton h={56} />
            <Skeleton h={40} />
          </Stack>
        ) : invitation.data.hasAccount ? (
          <InvitationAcceptCard token={token} invitation={invitation.data} />
        ) : (
          <InvitationSignUpForm token={token} invitation={invitation.data} />
        )}
      </Paper>
      {invitation.data?.hasAccount ? null : (
        <Text size="sm" c="dimmed" ta="center">
          Already have a TeenVoice account? Ask your organization admin to invite that email address instead.
        </Text>
      )}
    </Stack>
  );
}
