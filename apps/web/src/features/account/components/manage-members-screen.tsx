import { Group, Select, Stack } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import type { Organization } from '@tv/contract';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { ButtonLink } from '../../../components/ui/links';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { switchOrganization } from '../../../lib/session';
import { selectIsPlatformUser, useUserStore } from '../../../stores/user-store';
import { useOrganization } from '../api/get-organization';
import { BillingSection } from './billing-section';
import { InviteMemberForm } from './invite-member-form';
import { LeaveOrganizationSection } from './leave-organization-section';
import { MembersSection } from './members-section';

export function ManageMembersScreen() {
  const selected = useUserStore((state) => state.selectedOrganization);
  const organizations = useUserStore((state) => state.userOrganizations);
  const isPlatformUser = useUserStore(selectIsPlatformUser);

  if (!selected) return <NoOrganization isPlatformUser={isPlatformUser} />;
  return <OrganizationMembers key={selected.id} selected={selected} organizations={organizations} />;
}

function OrganizationMembers({
  selected,
  organizations,
}: {
  selected: Organization;
  organizations: Organization[];
}) {
  // Platform staff act for an organisation named 'Admin' locally; the server knows its real name.
  const organization = useOrganization(selected.id);
  const organizationName = organization.data?.name ?? selected.name;

  const permissions = new Set(selected.permissions);
  const canManageMembers = permissions.has('org_users~manage');
  const canManageBilling = permissions.has('orgs_billing~manage');
  const canViewBilling = canManageBilling || permissions.has('orgs_billing~view');
  const isMember = organizations.some((organization) => organization.id === selected.id);

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="lg">
        <ScreenHeader
          area="Organization"
          title="Members"
          description={`Everyone in ${organizationName}, their roles, and invitations for new colleagues.`}
        />
        {organizations.length > 1 ? (
          <OrganizationPicker organizations={organizations} selected={selected} />
        ) : null}
      </Group>

      {canManageMembers ? (
        <InviteMemberForm organization={selected} organizationName={organizationName} />
      ) : null}
      <MembersSection
        organization={selected}
        organizationName={organizationName}
        canManage={canManageMembers}
      />
      {canViewBilling ? (
        <BillingSection
          organization={selected}
          organizationName={organizationName}
          canManage={canManageBilling}
        />
      ) : null}
      {isMember ? (
        <LeaveOrganizationSection organization={selected} organizationName={organizationName} />
      ) : null}
    </Stack>
  );
}

function OrganizationPicker({
  organizations,
  selected,
}: {
  organizations: Organization[];
  selected: Organization;
}) {
  return (
    <Select
      label="Organization"
      data={organizations.map((organization) => ({ value: organization.id, label: organization.name }))}
      value={selected.id}
      allowDeselect={false}
      onChange={(id) => {
        const organization = organizations.find((o) => o.id === id);
        if (organization) switchOrganization(organization);
      }}
      w={{ base: '100%', sm: 280 }}
    />
  );
}

function NoOrganization({ isPlatformUser }: { isPlatformUser: boolean }) {
  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Organization"
        title="Members"
        description="Everyone in your organization, their roles, and invitations for new colleagues."
      />
      <EmptyStateCard
        icon={IconBuildingCommunity}
        title={isPlatformUser ? 'Choose an organization first' : 'You are not in an organization yet'}
        description={
          isPlatformUser
            ? 'As platform staff you act at platform level. Open an organization from the organizations list to see its members.'
            : 'Members belong to an organization. Ask an organization admin to invite you by email, then you will see your colleagues here.'
        }
        descriptionWidth={460}
        action={
          isPlatformUser ? (
            <ButtonLink to="/research/builder/admin/organizations">Go to organizations</ButtonLink>
          ) : (
            <ButtonLink to="/research/builder" variant="default">
              Go to your surveys
            </ButtonLink>
          )
        }
      />
    </Stack>
  );
}
