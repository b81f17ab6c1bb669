import { Anchor, Badge, Drawer, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type Lead,
  type LeadStatus,
  leadKindLabels,
  leadStatuses,
  leadStatusLabels,
  utmKeys,
} from '@tv/contract';
import type { ReactNode } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { useUpdateLeadStatus } from '../api/update-lead-status';

export const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const statusColors: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'yellow',
  qualified: 'green',
  closed: 'gray',
};
export const statusOptions = leadStatuses.map((value) => ({ value, label: leadStatusLabels[value] }));
export const leadName = (lead: Lead) =>
  [lead.firstName, lead.lastName].filter(Boolean).join(' ') || lead.email;

/** Where a lead came from, in words: the form, the library item, the page. */
export function leadSource(lead: Lead): string {
  if (lead.kind === 'library' && lead.libraryItem) return `Library item: ${lead.libraryItem.title}`;
  return leadKindLabels[lead.kind];
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** A status menu that saves at once and says so; shared by the table and the detail view. */
export function LeadStatusSelect({ lead, size = 'xs' }: { lead: Lead; size?: 'xs' | 'sm' }) {
  const update = useUpdateLeadStatus();
  return (
    <Select
      aria-label={`Status of the lead from ${lead.email}`}
      data={statusOptions}
      value={lead.status}
      allowDeselect={false}
      disabled={update.isPending}
      w={160}
      size={size}
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
  );
}

/** Everything about one lead: the whole message, how to reach them, where they came from, its status. */
export function LeadDetail({
  lead,
  canManage,
  onClose,
}: {
  lead: Lead | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const utm = lead ? utmKeys.filter((key) => lead.utm[key]) : [];
  return (
    <Drawer
      opened={lead !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Title order={2} fz="h3">
          {lead ? leadName(lead) : 'Lead'}
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close the lead' }}
    >
      {lead ? (
        <Stack gap="lg">
          <Field label="Status">
            {canManage ? (
              <LeadStatusSelect lead={lead} size="sm" />
            ) : (
              <Badge color={statusColors[lead.status]} variant="light">
                {leadStatusLabels[lead.status]}
              </Badge>
            )}
            <Text size="xs" c="dimmed" mt={4}>
              {lead.statusChangedAt
                ? `Changed by ${lead.statusChangedBy ?? 'a staff member'} on ${dateTime.format(new Date(lead.statusChangedAt))}`
                : 'Nobody has changed the status yet.'}
            </Text>
          </Field>
          <Field label="Message">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {lead.message ??
                (lead.kind === 'library' ? 'Asked for the library item below.' : 'No message.')}
            </Text>
          </Field>
          <Field label="Contact">
            <Stack gap={2}>
              <Text size="sm">
                {[lead.firstName, lead.lastName].filter(Boolean).join(' ') || 'Name not given'}
              </Text>
              <Anchor href={`mailto:${lead.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {lead.email}
              </Anchor>
              <Text size="sm">{lead.company ?? 'Organization not given'}</Text>
              {lead.state ? <Text size="sm">State: {lead.state}</Text> : null}
            </Stack>
          </Field>
          <Field label="Source">
            <Stack gap={2}>
              <Text size="sm">{leadSource(lead)}</Text>
              <Text size="sm" c="dimmed">
                Sent from {lead.sourcePath ?? 'an unknown page'} on{' '}
                {dateTime.format(new Date(lead.createdAt))}
              </Text>
              {utm.length > 0 ? (
                <Group gap={6}>
                  {utm.map((key) => (
                    <Badge key={key} variant="outline" tt="none">
                      utm_{key}={lead.utm[key]}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  No UTM parameters.
                </Text>
              )}
            </Stack>
          </Field>
        </Stack>
      ) : null}
    </Drawer>
  );
}
