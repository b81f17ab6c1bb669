import { Badge, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailOpened } from '@tabler/icons-react';
import {
  type Lead,
  type LeadKind,
  type LeadStatus,
  leadKindLabels,
  leadKinds,
  leadStatuses,
  leadStatusLabels,
} from '@tv/contract';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { TableCard } from '../../../components/ui/table-card';
import { serverMessage } from '../../../lib/backend-client';
import { useUserStore } from '../../../stores/user-store';
import { LEADS_PAGE_SIZE, useLeads } from '../api/get-leads';
import { useUpdateLeadStatus } from '../api/update-lead-status';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const statusColors: Record<LeadStatus, string> = { new: 'blue', contacted: 'yellow', closed: 'gray' };
const statusOptions = leadStatuses.map((value) => ({ value, label: leadStatusLabels[value] }));
const kindOptions = leadKinds.map((value) => ({ value, label: leadKindLabels[value] }));

/** Contact, sales and newsletter leads from the public site, for platform admins to follow up. */
export function LeadsScreen() {
  const [status, setStatus] = useState<LeadStatus | undefined>();
  const [kind, setKind] = useState<LeadKind | undefined>();
  const [page, setPage] = useState(1);
  const leads = useLeads({ page, status, kind });
  const canManage = useUserStore(
    (state) => state.user?.platform.permissions.includes('leads~manage') ?? false,
  );
  const filtered = Boolean(status || kind);

  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Platform admin"
        title="Leads"
        description="Messages from the contact and sales forms and newsletter sign-ups, newest first. Reply within one business day, then mark the lead as contacted."
      />
      <Group gap="md" align="flex-end">
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={status ?? null}
          onChange={(value) => {
            setStatus((value as LeadStatus | null) ?? undefined);
            setPage(1);
          }}
          clearable
          w={180}
        />
        <Select
          label="Form"
          placeholder="Any form"
          data={kindOptions}
          value={kind ?? null}
          onChange={(value) => {
            setKind((value as LeadKind | null) ?? undefined);
            setPage(1);
          }}
          clearable
          w={180}
        />
      </Group>
      <PagedQueryList
        query={leads}
        loadingLabel="Loading leads"
        skeletonRows={4}
        skeletonRow={<Skeleton h={20} />}
        errorTitle="The leads could not be loaded"
        empty={
          <EmptyStateCard
            icon={IconMailOpened}
            title={filtered ? 'No leads match these filters' : 'No leads yet'}
            description={
              filtered
                ? 'Clear the status or form filter to see every lead.'
                : 'Leads appear here when someone sends the contact form, the "Speak to sales" form or signs up for the newsletter. Each one is also mailed to the sales address.'
            }
          />
        }
        page={page}
        pageSize={LEADS_PAGE_SIZE}
        noun="leads"
        onPageChange={setPage}
      >
        {(rows) => (
          <TableCard
            minWidth={900}
            head={
              <>
                <Table.Th>Form</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {rows.map((lead) => (
              <LeadRow key={lead.id} lead={lead} canManage={canManage} />
            ))}
          </TableCard>
        )}
      </PagedQueryList>
    </Stack>
  );
}

function LeadRow({ lead, canManage }: { lead: Lead; canManage: boolean }) {
  const update = useUpdateLeadStatus();
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ') || '—';

  return (
    <Table.Tr>
      <Table.Td>{leadKindLabels[lead.kind]}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {lead.message ? (
          <Text size="xs" c="dimmed" lineClamp={2} maw={280} title={lead.message}>
            {lead.message}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{lead.company ?? '—'}</Table.Td>
      <Table.Td>
        <Text size="sm" component="a" href={`mailto:${lead.email}`} c="var(--mantine-color-anchor)">
          {lead.email}
        </Text>
      </Table.Td>
      <Table.Td>{lead.state ?? '—'}</Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dateTime.format(new Date(lead.createdAt))}
        </Text>
      </Table.Td>
      <Table.Td>
        {canManage ? (
          <Select
            aria-label={`Status of the lead from ${lead.email}`}
            data={statusOptions}
            value={lead.status}
            allowDeselect={false}
            disabled={update.isPending}
            w={150}
            size="xs"
            onChange={(value) => {
              if (!value || value === lead.status) return;
              update.mutate(
                { id: lead.id, status: value as LeadStatus },
                {
                  onSuccess: (saved) =>
                    notifications.show({
                      color: 'green',
                      title: 'Lead updated',
                      message: `${saved.email} is now ${leadStatusLabels[saved.status].toLowerCase()}.`,
                    }),
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: 'The status was not changed',
                      message: serverMessage(error, 'Please try again.'),
                    }),
                },
              );
            }}
          />
        ) : (
          <Badge color={statusColors[lead.status]} variant="light">
            {leadStatusLabels[lead.status]}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
