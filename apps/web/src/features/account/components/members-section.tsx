import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDots, IconMailOff, IconUserCog, IconUserMinus } from '@tabler/icons-react';
import type { Invitation, Organization, OrganizationMember } from '@tv/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { serverMessage } from '../../../lib/backend-client';
import { useUserStore } from '../../../stores/user-store';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { ChangeRoleModal } from './change-role-modal';
import classes from './members.module.css';

/** Red text that keeps 4.5:1 contrast in both colour modes (the theme's default red is too light). */
const dangerText = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

const nameOf = (member: Pick<OrganizationMember, 'firstName' | 'lastName' | 'email'>) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;

const initialsOf = (member: OrganizationMember) =>
  `${member.firstName?.[0] ?? ''}${member.lastName?.[0] ?? ''}`.toUpperCase() ||
  member.email[0]!.toUpperCase();

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

interface MembersSectionProps {
  organization: Organization;
  organizationName: string;
  canManage: boolean;
}

export function MembersSection({ organization, organizationName, canManage }: MembersSectionProps) {
  const members = useMembers(organization.id);
  const myId = useUserStore((state) => state.user?.id);
  const [changing, setChanging] = useState<OrganizationMember | null>(null);
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const remove = useRemoveMember(organization.id);
  const withdraw = useWithdrawInvitation(organization.id);

  if (members.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading members">
        <Stack gap="md">
          {[0, 1, 2].map((row) => (
            <Group key={row} gap="sm">
              <Skeleton circle h={40} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={12} w="40%" />
                <Skeleton h={10} w="60%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      </Paper>
    );
  }

  if (members.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Members could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessage(members.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="default" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { members: people, invitations } = members.data;

  return (
    <>
      <Paper withBorder radius="lg" component="section" aria-labelledby="members-heading">
        <Group justify="space-between" px="lg" pt="lg" pb="xs">
          <Title order={2} fz="lg" id="members-heading">
            Members
          </Title>
          <Badge variant="light" color="gray">
            {people.length}
          </Badge>
        </Group>
        <ul className={classes.list} aria-label={`Members of ${organizationName}`}>
          {people.map((member) => {
            const isMe = member.id === myId;
            const name = nameOf(member);
            return (
              <li key={member.id} className={classes.row}>
                <Group gap="sm" wrap="nowrap" className={classes.person}>
                  <Avatar radius="xl" color="green" variant="light">
                    {initialsOf(member)}
                  </Avatar>
                  <div className={classes.text}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} truncate>
                        {name}
                      </Text>
                      {isMe ? (
                        <Badge size="xs" variant="outline">
                          You
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed" truncate>
                      {member.email}
                    </Text>
                  </div>
                </Group>
                <Group gap="xs" wrap="nowrap" className={classes.actions}>
                  <Badge variant="light" color={member.roleName === 'Organization Admin' ? 'green' : 'gray'}>
                    {member.roleName ?? 'Viewer'}
                  </Badge>
                  {canManage && !isMe ? (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconUserCog size={16} />}
                          onClick={() => setChanging(member)}
                        >
                          Change role
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          c={dangerText}
                          leftSection={<IconUserMinus size={16} />}
                          onClick={() => {
                            remove.reset();
                            setRemoving(member);
                          }}
                        >
                          Remove from organization
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                </Group>
              </li>
            );
          })}
        </ul>
      </Paper>

      {canManage || invitations.length > 0 ? (
        <Paper withBorder radius="lg" component="section" aria-labelledby="invitations-heading">
          <Group justify="space-between" px="lg" pt="lg" pb="xs">
            <Title order={2} fz="lg" id="invitations-heading">
              Open invitations
            </Title>
            <Badge variant="light" color="gray">
              {invitations.length}
            </Badge>
          </Group>
          {invitations.length === 0 ? (
            <Text c="dimmed" size="sm" px="lg" pb="lg">
              No invitations are waiting. Invite a colleague by email above; they will show here until they
              accept.
            </Text>
          ) : (
            <ul className={classes.list} aria-label="Open invitations">
              {invitations.map((invitation) => (
                <li key={invitation.id} className={classes.row}>
                  <div className={classes.text}>
                    <Text fw={600} truncate>
                      {invitation.email}
                    </Text>
                    <Text size="sm" c="dimmed">
                      Sent {dateFormat.format(new Date(invitation.createdAt))} · expires{' '}
                      {dateFormat.format(new Date(invitation.expiresAt))}
                    </Text>
                  </div>
                  <Group gap="xs" wrap="nowrap" className={classes.actions}>
                    <Badge variant="light" color="gray">
                      {invitation.roleName ?? 'Viewer'}
                    </Badge>
                    {canManage ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        c={dangerText}
                        leftSection={<IconMailOff size={14} />}
                        aria-label={`Withdraw the invitation to ${invitation.email}`}
                        onClick={() => {
                          withdraw.reset();
                          setWithdrawing(invitation);
                        }}
                      >
                        Withdraw
                      </Button>
                    ) : null}
                  </Group>
                </li>
              ))}
            </ul>
          )}
        </Paper>
      ) : null}

      <ChangeRoleModal organizationId={organization.id} member={changing} onClose={() => setChanging(null)} />

      <ConfirmModal
        opened={removing !== null}
        title={`Remove ${removing ? nameOf(removing) : ''}?`}
        confirmLabel="Remove member"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = nameOf(removing);
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notifications.show({
                color: 'green',
                title: 'Member removed',
                message: `${name} is no longer a member.`,
              });
            },
          });
        }}
      >
        <Text size="sm">
          They lose access to {organizationName}'s surveys and results straight away. To come back, they need
          a new invitation.
        </Text>
      </ConfirmModal>

      <ConfirmModal
        opened={withdrawing !== null}
        title="Withdraw this invitation?"
        confirmLabel="Withdraw invitation"
        pending={withdraw.isPending}
        error={withdraw.error}
        onClose={() => setWithdrawing(null)}
        onConfirm={() => {
          if (!withdrawing) return;
          const email = withdrawing.email;
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => {
              setWithdrawing(null);
              notifications.show({
                color: 'green',
                title: 'Invitation withdrawn',
                message: `The link sent to ${email} no longer works.`,
              });
            },
          });
        }}
      >
        <Text size="sm">
          The link sent to <strong>{withdrawing?.email}</strong> will stop working. You can invite them again
          later.
        </Text>
      </ConfirmModal>
    </>
  );
}
