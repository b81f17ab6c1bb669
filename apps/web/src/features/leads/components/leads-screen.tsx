import {
  Badge,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconMailOpened, IconSearch } from '@tabler/icons-react';
import { type Lead, type LeadKind, type LeadStatus, leadKindLabels, leadKinds } from '@tv/contract';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { TableCard } from '../../../components/ui/table-card';
import { useUserStore } from '../../../stores/user-store';
import { LEADS_PAGE_SIZE, leadsExportHref, useLeads } from '../api/get-leads';
import {
  dateTime,
  LeadDetail,
  LeadStatusSelect,
  leadName,
  leadSource,
  statusColors,
  statusOptions,
} from './lead-detail';
import classes from './leads.module.css';

const kindOptions = leadKinds.map((value) => ({ value, label: leadKindLabels[value] }));

/** Leads from the public site's forms and library, for platform staff with the leads permission. */
export function LeadsScreen() {
  const [status, setStatus] = useState<LeadStatus | undefined>();
  const [kind, setKind] = useState<LeadKind | undefined>();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const leads = useLeads({ page, status, kind, q });
  const canManage = useUserStore(
    (state) => state.user?.platform.permissions.includes('leads~manage') ?? false,
  );
  const filtered = Boolean(status || kind || q);
  const open = leads.data?.data.find((lead) => lead.id === openId) ?? null;

  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Platform admin"
        title="Leads"
        description="Messages from the contact and sales forms, library downloads and newsletter sign-ups, newest first. Reply within one business day, then mark the lead as contacted."
      />
      <Group gap="md" align="flex-end" justify="space-between">
        <Group gap="md" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Name, email, organization or message"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maxLength={200}
            w={{ base: '100%', xs: 300 }}
          />
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
            w={170}
          />
          <Select
            label="Source"
            placeholder="Any source"
            data={kindOptions}
            value={kind ?? null}
            onChange={(value) => {
              setKind((value as LeadKind | null) ?? undefined);
              setPage(1);
            }}
            clearable
            w={170}
          />
        </Group>
        <Button
          component="a"
          href={leadsExportHref({ status, kind, q })}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Export CSV
        </Button>
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
            title={filtered ? 'No leads match this search' : 'No leads yet'}
            description={
              filtered
                ? 'Clear the search, status or source to see every lead.'
                : 'Leads appear here when someone sends the contact form or the "Speak to sales" form, asks for a library item or signs up for the newsletter. Each one is also mailed to the sales address.'
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
                <Table.Th>Name</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Organization</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {rows.map((lead) => (
              <LeadRow key={lead.id} lead={lead} canManage={canManage} onOpen={() => setOpenId(lead.id)} />
            ))}
          </TableCard>
        )}
      </PagedQueryList>
      <LeadDetail lead={open} canManage={canManage} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

function LeadRow({ lead, canManage, onOpen }: { lead: Lead; canManage: boolean; onOpen: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <UnstyledButton
          onClick={onOpen}
          className={classes.rowButton}
          aria-label={`Open the lead from ${leadName(lead)}`}
        >
          <Text size="sm" fw={600} c="var(--mantine-color-anchor)">
            {leadName(lead)}
          </Text>
          {lead.message ? (
            <Text size="xs" c="dimmed" lineClamp={2} maw={280}>
              {lead.message}
            </Text>
          ) : null}
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <Text size="sm" maw={220}>
          {leadSource(lead)}
        </Text>
      </Table.Td>
      <Table.Td>{lead.company ?? '—'}</Table.Td>
      <Table.Td>
        <Text size="sm" component="a" href={`mailto:${lead.email}`} c="var(--mantine-color-anchor)">
          {lead.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dateTime.format(new Date(lead.createdAt))}
        </Text>
      </Table.Td>
      <Table.Td>
        {canManage ? (
          <LeadStatusSelect lead={lead} />
        ) : (
          <Badge color={statusColors[lead.status]} variant="light">
            {statusOptions.find((o) => o.value === lead.status)?.label}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
