import {
  Alert,
  Badge,
  Blockquote,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconEye, IconEyeOff, IconNotes, IconShieldCheck } from '@tabler/icons-react';
import { type Incident, incidentCategoryLabels, incidentStatuses } from '@tv/contract';
import { useState } from 'react';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { serverMessage } from '../../../lib/backend-client';
import { type IncidentStatus, useIncidents } from '../api/get-incidents';
import { severityColors, severityLabels, statusLabels } from '../utils/incident-labels';
import { tintText } from '../utils/tint-text';
import { AnswerDecision } from './answer-decision';
import { ResolveIncidentModal, TriageIncidentModal } from './incident-modals';

const PAGE_SIZE = 20;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function IncidentCard({ incident }: { incident: Incident }) {
  const [revealed, setRevealed] = useState(false);
  const [action, setAction] = useState<'triage' | 'resolve' | null>(null);
  const category = incidentCategoryLabels[incident.category];
  const titleId = `incident-${incident.id}`;
  const excerptId = `excerpt-${incident.id}`;

  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={titleId}
      data-testid="incident"
      data-incident-id={incident.id}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} fz="lg" id={titleId}>
                {category}
              </Title>
              <Badge
                color={severityColors[incident.severity]}
                variant="light"
                radius="sm"
                tt="none"
                style={{ color: tintText(severityColors[incident.severity]) }}
              >
                {severityLabels[incident.severity]}
              </Badge>
              {incident.status !== 'open' ? (
                <Badge
                  color={incident.status === 'resolved' ? 'green' : 'blue'}
                  variant="light"
                  radius="sm"
                  tt="none"
                  style={{ color: tintText(incident.status === 'resolved' ? 'green' : 'blue') }}
                >
                  {statusLabels[incident.status]}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              Raised {when(incident.createdAt)}
            </Text>
          </Stack>
          {incident.status !== 'resolved' ? (
            <Group gap="xs">
              <Button variant="default" size="sm" onClick={() => setAction('triage')}>
                Triage
              </Button>
              <Button size="sm" onClick={() => setAction('resolve')}>
                Resolve
              </Button>
            </Group>
          ) : null}
        </Group>

        <Stack gap={4}>
          <Text size="sm">
            <Text span fw={600}>
              Survey:{' '}
            </Text>
            {incident.surveyName}
            {incident.organizationName ? ` (${incident.organizationName})` : ''}
          </Text>
          {incident.questionTitle ? (
            <Text size="sm">
              <Text span fw={600}>
                Question:{' '}
              </Text>
              {incident.questionTitle}
            </Text>
          ) : null}
        </Stack>

        <div>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle
              size={18}
              aria-hidden
              color="var(--mantine-color-orange-8)"
              style={{ flexShrink: 0, marginTop: 2 }}
            />
            <Text size="sm">
              <Text span fw={600}>
                Content warning:
              </Text>{' '}
              the teen’s answer may mention {category.toLowerCase()}.
            </Text>
          </Group>
          <Button
            mt="xs"
            variant="subtle"
            size="compact-sm"
            leftSection={revealed ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
            aria-expanded={revealed}
            aria-controls={excerptId}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? 'Hide the answer' : 'Show the answer'}
          </Button>
          <div id={excerptId}>
            {revealed ? (
              <Blockquote color="orange" mt="xs" p="md" data-testid="excerpt">
                {incident.answer?.text ?? incident.excerpt}
              </Blockquote>
            ) : null}
          </div>
        </div>

        <AnswerDecision incident={incident} />

        {incident.notes.length > 0 || incident.resolution ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Notes
            </Text>
            <Timeline bulletSize={20} lineWidth={2} active={incident.notes.length}>
              {incident.notes.map((note) => (
                <Timeline.Item
                  key={`${note.at}-${note.text}`}
                  bullet={<IconNotes size={12} aria-hidden />}
                  title={
                    <Text size="sm" fw={600}>
                      {note.by ?? 'TeenVoice'}
                    </Text>
                  }
                >
                  <Text size="sm">{note.text}</Text>
                  <Text size="xs" c="dimmed">
                    {when(note.at)}
                  </Text>
                </Timeline.Item>
              ))}
              {incident.resolution ? (
                <Timeline.Item
                  bullet={<IconShieldCheck size={12} aria-hidden />}
                  title={
                    <Text size="sm" fw={600}>
                      Resolved
                    </Text>
                  }
                >
                  <Text size="sm" data-testid="resolution">
                    {incident.resolution}
                  </Text>
                  {incident.resolvedAt ? (
                    <Text size="xs" c="dimmed">
                      {when(incident.resolvedAt)}
                    </Text>
                  ) : null}
                </Timeline.Item>
              ) : null}
            </Timeline>
          </Stack>
        ) : null}
      </Stack>
      <TriageIncidentModal incident={action === 'triage' ? incident : null} onClose={() => setAction(null)} />
      <ResolveIncidentModal
        incident={action === 'resolve' ? incident : null}
        onClose={() => setAction(null)}
      />
    </Paper>
  );
}

function IncidentList({ status }: { status: IncidentStatus }) {
  const [page, setPage] = useState(1);
  const query = useIncidents(status, page, PAGE_SIZE);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.meta.total / PAGE_SIZE)) : 1;

  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        <Group justify="space-between">
          <Text size="sm">{serverMessage(query.error, 'We couldn’t load the incidents.')}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading incidents">
        <Skeleton h={180} radius="lg" />
        <Skeleton h={180} radius="lg" />
      </Stack>
    );
  }
  if (query.data.data.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <EmptyState
          icon={<IconShieldCheck size={26} />}
          withIndicatorBackground
          title={
            status === 'resolved'
              ? 'Nothing resolved yet'
              : `No ${statusLabels[status].toLowerCase()} incidents`
          }
          description={
            status === 'open'
              ? 'When a teen’s answer suggests they may be at risk, it appears here within a minute.'
              : 'Incidents move here as moderators work on them.'
          }
        />
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {query.data.meta.total} {statusLabels[status].toLowerCase()} incident
        {query.data.meta.total === 1 ? '' : 's'}, newest first
      </Text>
      {query.data.data.map((incident) => (
        <IncidentCard key={incident.id} incident={incident} />
      ))}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of incidents" />
        </Group>
      ) : null}
    </Stack>
  );
}

/** Safeguarding incidents raised from teens’ open answers, triaged and resolved by moderators. */
export function IncidentsScreen() {
  const [status, setStatus] = useState<IncidentStatus>('open');
  return (
    <Stack gap="xl">
      <ScreenHeader
        area="Safeguarding"
        title="Safeguarding incidents"
        description="Answers that suggest a teen may be at risk. Nothing here identifies them: triage each one, note what you did, and resolve it."
      />
      <Tabs
        value={status}
        onChange={(value) => value && setStatus(value as IncidentStatus)}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {incidentStatuses.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {statusLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {incidentStatuses.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <IncidentList status={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
