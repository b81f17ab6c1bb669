import { Alert, Button, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  IconBuilding,
  IconBuildingPlus,
  IconEdit,
  IconLock,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { AdminOrganization } from '@tv/contract';
import { useState } from 'react';
import { ConfirmMutationModal } from '../../../components/ui/confirm-mutation-modal';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { ListSearchInput, useListSearchParams } from '../../../components/ui/list-search';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { DangerMenuItem, RowActionsMenu } from '../../../components/ui/row-actions-menu';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { TableCard } from '../../../components/ui/table-card';
import { useUserStore } from '../../../stores/user-store';
import { useDeleteAdminOrganization } from '../api/delete-admin-organization';
import { ADMIN_ORGANIZATIONS_PAGE_SIZE, useAdminOrganizations } from '../api/get-admin-organizations';
import { OrganizationNameModal } from './organization-name-modal';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function AdminOrganizationsScreen() {
  const navigate = useNavigate();
  const { page, query, goToPage } = useListSearchParams();
  const [naming, setNaming] = useState<AdminOrganization | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminOrganization | null>(null);
  const permissions = useUserStore((state) => state.user?.platform.permissions ?? []);
  const canCreate = permissions.includes('orgs~create');
  const canRename = permissions.includes('orgs~update');
  const canDelete = permissions.includes('orgs~delete');
  const organizations = useAdminOrganizations({ page, search: query });
  const remove = useDeleteAdminOrganization();

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

      <ListSearchInput label="Search organizations" placeholder="Organization name" />

      <PagedQueryList
        query={organizations}
        loadingLabel="Loading organizations"
        skeletonRows={4}
        errorTitle="Organizations could not be loaded"
        empty={
          <EmptyStateCard
            icon={IconBuilding}
            title={query ? 'No organizations match your search' : 'No organizations yet'}
            description={
              query
                ? 'Check the spelling, or search for part of the name.'
                : canCreate
                  ? 'Create the first organization, then invite its admin from its Members page.'
                  : 'Organizations appear here once a platform admin creates them.'
            }
            action={
              !query && canCreate ? (
                <Button leftSection={<IconBuildingPlus size={16} />} onClick={() => setNaming('new')}>
                  Create organization
                </Button>
              ) : null
            }
          />
        }
        page={page}
        pageSize={ADMIN_ORGANIZATIONS_PAGE_SIZE}
        noun="organizations"
        onPageChange={goToPage}
      >
        {(rows) => (
          <TableCard
            minWidth={560}
            head={
              <>
                <Table.Th>Name</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </>
            }
          >
            {rows.map((organization) => (
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
                  <RowActionsMenu name={organization.name}>
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
                      <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setNaming(organization)}>
                        Rename
                      </Menu.Item>
                    ) : null}
                    {canDelete ? (
                      <DangerMenuItem
                        icon={<IconTrash size={16} />}
                        onClick={() => {
                          remove.reset();
                          setDeleting(organization);
                        }}
                      >
                        Delete
                      </DangerMenuItem>
                    ) : null}
                  </RowActionsMenu>
                </Table.Td>
              </Table.Tr>
            ))}
          </TableCard>
        )}
      </PagedQueryList>

      <OrganizationNameModal target={naming} onClose={() => setNaming(null)} />

      <ConfirmMutationModal
        target={deleting}
        onClose={() => setDeleting(null)}
        title={({ name }) => `Delete ${name}?`}
        confirmLabel="Delete organization"
        mutation={remove}
        success={({ name }) => ({ title: 'Organization deleted', message: `${name} is gone.` })}
      >
        {({ memberCount }) => (
          <Text size="sm">
            {memberCount
              ? `Its ${memberCount} member${memberCount === 1 ? '' : 's'} lose access straight away. `
              : ''}
            The organization and its memberships are removed for good. This cannot be undone.
          </Text>
        )}
      </ConfirmMutationModal>
    </Stack>
  );
}
