import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconDots,
  IconEdit,
  IconLock,
  IconSearch,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { AdminUser } from '@tv/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ListPagination } from '../../../components/ui/list-pagination';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { serverMessage } from '../../../lib/backend-client';
import { useUserStore } from '../../../stores/user-store';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/get-admin-users';
import { AdminUserModal } from './admin-user-modal';

/** Red text that keeps 4.5:1 contrast in both colour modes (the theme's default red is too light). */
const dangerText = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const nameOf = (user: AdminUser) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Unnamed user';

/** Every user on the platform. Only a Super Admin (platform_users~manage) changes them. */
export function AdminUsersScreen() {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const page = typeof search.page === 'number' ? search.page : 1;
  const query = typeof search.search === 'string' ? search.search : '';
  const [draft, setDraft] = useState(query);
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const me = useUserStore((state) => state.user);
  const canManage = me?.platform.permissions.includes('platform_users~manage') ?? false;
  const users = useAdminUsers({ page, search: query });
  const remove = useDeleteAdminUser();

  const setSearch = useDebouncedCallback((value: string) => {
    void navigate({
      to: '/research/builder/admin/users',
      search: value.trim() ? { search: value.trim() } : {},
      replace: true,
    });
  }, 300);

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

      <TextInput
        label="Search users"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setSearch(event.currentTarget.value);
        }}
        maw={420}
      />

      {users.isPending ? (
        <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading users">
          <Stack gap="md">
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} h={18} />
            ))}
          </Stack>
        </Paper>
      ) : users.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Users could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(users.error, 'Please try again in a moment.')}</Text>
            <Button size="xs" variant="default" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : users.data.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" ta="center" gap="sm" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconUsers size={26} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {query ? 'No users match your search' : 'No users yet'}
            </Title>
            <Text c="dimmed" maw={440}>
              {query
                ? 'Check the spelling, or search by email address instead.'
                : canManage
                  ? 'Add the first user, or invite people from an organization’s Members page.'
                  : 'People appear here when they create an account or are invited.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          {/* Positioned, so the visually hidden header text stays inside the scrolling table on phones. */}
          <Paper withBorder radius="lg" pos="relative" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={760} type="native">
              <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Platform role</Table.Th>
                    <Table.Th>Organizations</Table.Th>
                    <Table.Th>Joined</Table.Th>
                    {canManage ? (
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    ) : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.data.map((user) => (
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
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`Actions for ${nameOf(user)}`}
                              >
                                <IconDots size={18} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                leftSection={<IconEdit size={16} />}
                                onClick={() => setEditing(user)}
                              >
                                Edit
                              </Menu.Item>
                              {user.id === me?.id ? null : (
                                <Menu.Item
                                  color="red"
                                  c={dangerText}
                                  leftSection={<IconTrash size={16} />}
                                  onClick={() => {
                                    remove.reset();
                                    setDeleting(user);
                                  }}
                                >
                                  Delete
                                </Menu.Item>
                              )}
                            </Menu.Dropdown>
                          </Menu>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <ListPagination
            page={page}
            pageSize={ADMIN_USERS_PAGE_SIZE}
            total={users.data.meta.total}
            noun="users"
            onChange={(next) =>
              void navigate({
                to: '/research/builder/admin/users',
                search: { ...(query ? { search: query } : {}), page: next },
              })
            }
          />
        </Stack>
      )}

      <AdminUserModal target={editing} myId={me?.id} onClose={() => setEditing(null)} />

      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${deleting ? nameOf(deleting) : ''}?`}
        confirmLabel="Delete user"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = nameOf(deleting);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notifications.show({
                color: 'green',
                title: 'User deleted',
                message: `${name} can no longer sign in.`,
              });
            },
          });
        }}
      >
        <Text size="sm">
          Their account and memberships are removed for good, and they can no longer sign in. This cannot be
          undone.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
