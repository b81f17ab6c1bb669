import { Avatar, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMailOff, IconUserCog, IconUserMinus } from '@tabler/icons-react';
import type { Invitation, Organization, OrganizationMember } from '@tv/contract';
import { useState } from 'react';
import { ConfirmMutationModal } from '../../../components/ui/confirm-mutation-modal';
import { QueryState } from '../../../components/ui/query-state';
import { DangerMenuItem, RowActionsMenu } from '../../../components/ui/row-actions-menu';
import { useUserStore } from '../../../stores/user-store';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { ChangeRoleModal } from './change-role-modal';
import classes from './members.module.css';

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

  return (
    <QueryState
      query={members}
      loadingLabel="Loading members"
      skeletonRows={3}
      skeletonRow={
        <Group gap="sm">
          <Skeleton circle h={40} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="40%" />
            <Skeleton h={10} w="60%" />
          </Stack>
        </Group>
      }
      errorTitle="Members could not be loaded"
    >
      {({ members: people, invitations }) => (
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
                      <Badge
                        variant="light"
                        color={member.roleName === 'Organization Admin' ? 'green' : 'gray'}
                      >
                        {member.roleName ?? 'Viewer'}
                      </Badge>
                      {canManage && !isMe ? (
                        <RowActionsMenu name={name}>
                          <Menu.Item
                            leftSection={<IconUserCog size={16} />}
                            onClick={() => setChanging(member)}
                          >
                            Change role
                          </Menu.Item>
                          <DangerMenuItem
                            icon={<IconUserMinus size={16} />}
                            onClick={() => {
                              remove.reset();
                              setRemoving(member);
                            }}
                          >
                            Remove from organization
                          </DangerMenuItem>
                        </RowActionsMenu>
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
                  No invitations are waiting. Invite a colleague by email above; they will show here until
                  they accept.
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
                            c="var(--mantine-color-error)"
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

          <ChangeRoleModal
            organizationId={organization.id}
            member={changing}
            onClose={() => setChanging(null)}
          />

          <ConfirmMutationModal
            target={removing}
            onClose={() => setRemoving(null)}
            title={(member) => `Remove ${nameOf(member)}?`}
            confirmLabel="Remove member"
            mutation={remove}
            success={(member) => ({
              title: 'Member removed',
              message: `${nameOf(member)} is no longer a member.`,
            })}
          >
            {() => (
              <Text size="sm">
                They lose access to {organizationName}'s surveys and results straight away. To come back, they
                need a new invitation.
              </Text>
            )}
          </ConfirmMutationModal>

          <ConfirmMutationModal
            target={withdrawing}
            onClose={() => setWithdrawing(null)}
            title={() => 'Withdraw this invitation?'}
            confirmLabel="Withdraw invitation"
            mutation={withdraw}
            success={({ email }) => ({
              title: 'Invitation withdrawn',
              message: `The link sent to ${email} no longer works.`,
            })}
          >
            {(invitation) => (
              <Text size="sm">
                The link sent to <strong>{invitation.email}</strong> will stop working. You can invite them
                again later.
              </Text>
            )}
          </ConfirmMutationModal>
        </>
      )}
    </QueryState>
  );
}
