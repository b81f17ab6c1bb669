import { Alert, Badge, Button, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconLock, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { AdminUser } from '@tv/contract';
import { useState } from 'react';
import { ConfirmMutationModal } from '../../../components/ui/confirm-mutation-modal';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { ListSearchInput, useListSearchParams } from '../../../components/ui/list-search';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { DangerMenuItem, RowActionsMenu } from '../../../components/ui/row-actions-menu';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { TableCard } from '../../../components/ui/table-card';
import { useUserStore } from '../../../stores/user-store';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/get-admin-users';
import { AdminUserModal } from './admin-user-modal';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const nameOf = (user: AdminUser) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Unnamed user';

/** Every user on the platform. Only a Super Admin (platform_users~manage) changes them. */
export function AdminUsersScreen() {
  const { page, query, goToPage } = useListSearchParams();
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const me = useUserStore((state) => state.user);
  const canManage = me?.platform.permissions.includes('platform_users~manage') ?? false;
  const users = useAdminUsers({ page, search: query });
  const remove = useDeleteAdminUser();

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <ScreenHeader
          area="Platform admin"
          title="Users"
          description="Every user on the platform, with their organizations and platform roles."
        />
        {canManage ? (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing('new')}>
            Add user
          </Button>
        ) : null}
      </Group>

      {canManage ? null : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          You can look up users. Only a Super Admin can add, change or delete them.
        </Alert>
      )}

      <ListSearchInput label="Search users" placeholder="Name or email" />

      <PagedQueryList
        query={users}
        loadingLabel="Loading users"
        skeletonRows={5}
        errorTitle="Users could not be loaded"
        empty={
          <EmptyStateCard
            icon={IconUsers}
            title={query ? 'No users match your search' : 'No users yet'}
            description={
              query
                ? 'Check the spelling, or search by email address instead.'
                : canManage
                  ? 'Add the first user, or invite people from an organization’s Members page.'
                  : 'People appear here when they create an account or are invited.'
            }
          />
        }
        page={page}
        pageSize={ADMIN_USERS_PAGE_SIZE}
        noun="users"
        onPageChange={goToPage}
      >
        {(rows) => (
          <TableCard
            minWidth={760}
            head={
              <>
                <Table.Th>Name</Table.Th>
                <Table.Th>Platform role</Table.Th>
                <Table.Th>Organizations</Table.Th>
                <Table.Th>Joined</Table.Th>
                {canManage ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </>
            }
          >
            {rows.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Text fw={600}>{nameOf(user)}</Text>
                  <Text size="sm" c="dimmed">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {user.platformRoleName ? (
                    <Badge variant="light">{user.platformRoleName}</Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {user.organizations.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      {user.organizations.map((organization) => (
                        <Text size="sm" key={organization.id}>
                          {organization.name}
                          {organization.roleName ? (
                            <Text span c="dimmed" size="sm">
                              {' '}
                              · {organization.roleName}
                            </Text>
                          ) : null}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dateFormat.format(new Date(user.createdAt))}</Text>
                </Table.Td>
                {canManage ? (
                  <Table.Td ta="right">
                    <RowActionsMenu name={nameOf(user)}>
                      <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setEditing(user)}>
                        Edit
                      </Menu.Item>
                      {user.id === me?.id ? null : (
                        <DangerMenuItem
                          icon={<IconTrash size={16} />}
                          onClick={() => {
                            remove.reset();
                            setDeleting(user);
                          }}
                        >
                          Delete
                        </DangerMenuItem>
                      )}
                    </RowActionsMenu>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </TableCard>
        )}
      </PagedQueryList>

      <AdminUserModal target={editing} myId={me?.id} onClose={() => setEditing(null)} />

      <ConfirmMutationModal
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(user) => `Delete ${nameOf(user)}?`}
        confirmLabel="Delete user"
        mutation={remove}
        success={(user) => ({ title: 'User deleted', message: `${nameOf(user)} can no longer sign in.` })}
      >
        {() => (
          <Text size="sm">
            Their account and memberships are removed for good, and they can no longer sign in. This cannot be
            undone.
          </Text>
        )}
      </ConfirmMutationModal>
    </Stack>
  );
}
