import {
  ActionIcon,
  Alert,
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
  IconBuilding,
  IconBuildingPlus,
  IconDots,
  IconEdit,
  IconLock,
  IconSearch,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { AdminOrganization } from '@tv/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ListPagination } from '../../../components/ui/list-pagination';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { serverMessage } from '../../../lib/backend-client';
import { useUserStore } from '../../../stores/user-store';
import { useDeleteAdminOrganization } from '../api/delete-admin-organization';
import { ADMIN_ORGANIZATIONS_PAGE_SIZE, useAdminOrganizations } from '../api/get-admin-organizations';
import { OrganizationNameModal } from './organization-name-modal';

/** Red text that keeps 4.5:1 contrast in both colour modes (the theme's default red is too light). */
const dangerText = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function AdminOrganizationsScreen() {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const page = typeof search.page === 'number' ? search.page : 1;
  const query = typeof search.search === 'string' ? search.search : '';
  const [draft, setDraft] = useState(query);
  const [naming, setNaming] = useState<AdminOrganization | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminOrganization | null>(null);
  const permissions = useUserStore((state) => state.user?.platform.permissions ?? []);
  const canCreate = permissions.includes('orgs~create');
  const canRename = permissions.includes('orgs~update');
  const canDelete = permissions.includes('orgs~delete');
  const organizations = useAdminOrganizations({ page, search: query });
  const remove = useDeleteAdminOrganization();

  const setSearch = useDebouncedCallback((value: string) => {
    void navigate({
      to: '/research/builder/admin/organizations',
      search: value.trim() ? { search: value.trim() } : {},
      replace: true,
    });
  }, 300);

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <ScreenHeader
          area="Platform admin"
          title="Organizations"
          description="Create organizations and look after their members and billing."
        />
        {canCreate ? (
          <Button leftSection={<IconBuildingPlus size={16} />} onClick={() => setNaming('new')}>
            Create organization
          </Button>
        ) : null}
      </Group>

      {canCreate || canRename || canDelete ? null : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          You can look up organizations. Only platform admins can create, rename or delete them.
        </Alert>
      )}

      <TextInput
        label="Search organizations"
        placeholder="Organization name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setSearch(event.currentTarget.value);
        }}
        maw={420}
      />

      {organizations.isPending ? (
        <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading organizations">
          <Stack gap="md">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={18} />
            ))}
          </Stack>
        </Paper>
      ) : organizations.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Organizations could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(organizations.error, 'Please try again in a moment.')}</Text>
            <Button size="xs" variant="default" onClick={() => void organizations.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : organizations.data.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" ta="center" gap="sm" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconBuilding size={26} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {query ? 'No organizations match your search' : 'No organizations yet'}
            </Title>
            <Text c="dimmed" maw={440}>
              {query
                ? 'Check the spelling, or search for part of the name.'
                : canCreate
                  ? 'Create the first organization, then invite its admin from its Members page.'
                  : 'Organizations appear here once a platform admin creates them.'}
            </Text>
            {!query && canCreate ? (
              <Button mt="xs" leftSection={<IconBuildingPlus size={16} />} onClick={() => setNaming('new')}>
                Create organization
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          {/* Positioned, so the visually hidden header text stays inside the scrolling table on phones. */}
          <Paper withBorder radius="lg" pos="relative" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={560} type="native">
              <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Members</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {organizations.data.data.map((organization) => (
                    <Table.Tr key={organization.id}>
                      <Table.Td>
                        <Text fw={600}>{organization.name}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{organization.memberCount}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{dateFormat.format(new Date(organization.createdAt))}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Actions for ${organization.name}`}
                            >
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconUsersGroup size={16} />}
                              onClick={() =>
                                void navigate({
                                  to: '/user/manage-members',
                                  search: { selectedOrganizationId: organization.id },
                                })
                              }
                            >
                              View members
                            </Menu.Item>
                            {canRename ? (
                              <Menu.Item
                                leftSection={<IconEdit size={16} />}
                                onClick={() => setNaming(organization)}
                              >
                                Rename
                              </Menu.Item>
                            ) : null}
                            {canDelete ? (
                              <Menu.Item
                                color="red"
                                c={dangerText}
                                leftSection={<IconTrash size={16} />}
                                onClick={() => {
                                  remove.reset();
                                  setDeleting(organization);
                                }}
                              >
                                Delete
                              </Menu.Item>
                            ) : null}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <ListPagination
            page={page}
            pageSize={ADMIN_ORGANIZATIONS_PAGE_SIZE}
            total={organizations.data.meta.total}
            noun="organizations"
            onChange={(next) =>
              void navigate({
                to: '/research/builder/admin/organizations',
                search: { ...(query ? { search: query } : {}), page: next },
              })
            }
          />
        </Stack>
      )}

      <OrganizationNameModal target={naming} onClose={() => setNaming(null)} />

      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete organization"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notifications.show({
                color: 'green',
                title: 'Organization deleted',
                message: `${name} is gone.`,
              });
            },
          });
        }}
      >
        <Text size="sm">
          {deleting?.memberCount
            ? `Its ${deleting.memberCount} member${deleting.memberCount === 1 ? '' : 's'} lose access straight away. `
            : ''}
          The organization and its memberships are removed for good. This cannot be undone.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
