import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUserCheck } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/ui/links';
import { serverMessage } from '../../../lib/backend-client';
import { signOut } from '../../../lib/session';
import { useUserStore } from '../../../stores/user-store';
import { useAcceptInvitationAsMember } from '../api/accept-invitation-as-member';
import type { getInvitation } from '../api/get-invitation';

type Invitation = Awaited<ReturnType<typeof getInvitation>>;

/**
 * An invitation to an address that has an account: its owner signs in and says yes. Nobody joins an
 * organisation without accepting (issue 12).
 */
export function InvitationAcceptCard({ token, invitation }: { token: string; invitation: Invitation }) {
  const router = useRouter();
  const user = useUserStore((state) => state.user);
  const status = useUserStore((state) => state.status);
  const accept = useAcceptInvitationAsMember();
  const signedInAs = status === 'authenticated' ? (user?.email ?? null) : null;
  const isInvitee = signedInAs !== null && signedInAs.toLowerCase() === invitation.email.toLowerCase();
  const here = `/register/invitation?token=${encodeURIComponent(token)}`;

  if (!isInvitee) {
    return (
      <Stack gap="md">
        <Text>
          This invitation is for <strong>{invitation.email}</strong>, which already has a TeenVoice account.
          Sign in with it to accept.
        </Text>
        {signedInAs ? (
          <>
            <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
              You're signed in as {signedInAs}. Sign out, then sign in as {invitation.email} to accept.
            </Alert>
            <Group>
              <Button onClick={() => void signOut({ redirect: here })}>Sign out and switch account</Button>
            </Group>
          </>
        ) : (
          <Group>
            <ButtonLink to="/login" search={{ redirect: here }}>
              Sign in to accept
            </ButtonLink>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>
        You're signed in as <strong>{signedInAs}</strong>. Accept to join {invitation.organizationName}
        {invitation.roleName ? ` as ${invitation.roleName}` : ''}; its admins will see you as a member.
      </Text>
      {accept.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {serverMessage(accept.error, 'We could not accept the invitation. Please try again.')}
        </Alert>
      ) : null}
      <Group>
        <Button
          leftSection={<IconUserCheck size={18} />}
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: ({ organizationId }) =>
                void router.navigate({ href: `/research/builder?selectedOrganizationId=${organizationId}` }),
            })
          }
        >
          Accept and join
        </Button>
        <ButtonLink to="/research/builder" variant="default">
          Not now
        </ButtonLink>
      </Group>
    </Stack>
  );
}
