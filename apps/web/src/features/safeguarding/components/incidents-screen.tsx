import {
  Badge,
  Blockquote,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowUpRight,
  IconEye,
  IconEyeOff,
  IconFilterOff,
  IconNotes,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  type Incident,
  type IncidentCategory,
  incidentCategories,
  incidentCategoryLabels,
  incidentKindLabels,
  incidentKinds,
  incidentSeverities,
  incidentStatuses,
} from '@tv/contract';
import { useRef, useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { PagedQueryList } from '../../../components/ui/paged-query-list';
import { ScreenHeader } from '../../../components/ui/screen-header';
import { INCIDENTS_PAGE_SIZE, type IncidentList, useIncidents } from '../api/get-incidents';
import { severityColors, severityLabels, statusLabels } from '../utils/incident-labels';
import {
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentsSearch,
  incidentsSearch,
  type QueueView,
  queueView,
} from '../utils/incidents-search';
import { tintText } from '../utils/tint-text';
import { AnswerDecision } from './answer-decision';
import { EscalateConcernModal, ResolveIncidentModal, TriageIncidentModal } from './incident-modals';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function IncidentCard({ incident }: { incident: Incident }) {
  const [revealed, setRevealed] = useState(false);
  const [action, setAction] = useState<'triage' | 'resolve' | 'escalate' | null>(null);
  const concern = incident.kind === 'concern';
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
      data-kind={incident.kind}
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
              {concern ? (
                <Badge
                  color="grape"
                  variant="light"
                  radius="sm"
                  tt="none"
                  style={{ color: tintText('grape') }}
                >
                  Possible concern
                </Badge>
              ) : null}
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
              {concern ? 'Held' : 'Raised'} {when(incident.createdAt)}
            </Text>
          </Stack>
          {incident.status !== 'resolved' ? (
            <Group gap="xs">
              <Button variant="default" size="sm" onClick={() => setAction('triage')}>
                Triage
              </Button>
              {concern ? (
                <>
                  <Button
                    variant="light"
                    color="red"
                    size="sm"
                    leftSection={<IconArrowUpRight size={16} aria-hidden />}
                    onClick={() => setAction('escalate')}
                    style={{ color: tintText('red') }}
                  >
                    Escalate
                  </Button>
                  <Button size="sm" onClick={() => setAction('resolve')}>
                    Close
                  </Button>
                </>
              ) : (
                <Button size="sm" onClick={() => setAction('resolve')}>
                  Resolve
                </Button>
              )}
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
              {concern
                ? ' It scored just below the safeguarding threshold: the teen was not shown help and nobody was emailed. It is withheld from the organization until you decide.'
                : ''}
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
      <EscalateConcernModal
        incident={action === 'escalate' ? incident : null}
        onClose={() => setAction(null)}
      />
    </Paper>
  );
}

const categoryOptions = incidentCategories.map((value) => ({ value, label: incidentCategoryLabels[value] }));
const severityOptions = incidentSeverities.map((value) => ({ value, label: severityLabels[value] }));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const queueNoun: Record<Incident['kind'], [string, string]> = {
  incident: ['incident', 'incidents'],
  concern: ['possible concern', 'possible concerns'],
};

/** What to do when a queue is empty: why it may be empty, and where to look next. */
function EmptyQueue({ view, onClearFilters }: { view: QueueView; onClearFilters: () => void }) {
  const filtered = Boolean(view.surveyId || view.category || view.severity);
  const status = statusLabels[view.status].toLowerCase();
  if (filtered) {
    return (
      <EmptyStateCard
        icon={IconFilterOff}
        title="Nothing matches these filters"
        description={`No ${status} ${queueNoun[view.kind][1]} match these filters. Clear them to see the whole queue, or look at the other queue.`}
        action={
          <Button variant="default" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  }
  const descriptions: Record<Incident['kind'], Record<IncidentStatus, string>> = {
    incident: {
      open: 'When a teen’s answer suggests they may be at risk, it appears here within a minute and every moderator is emailed. Meanwhile, check Possible concerns for answers held just below the threshold.',
      triaged: 'Incidents move here once a moderator triages them. Open incidents wait in the Open tab.',
      resolved:
        'Resolved incidents are kept here for the record. Open and triaged ones are in the other tabs.',
    },
    concern: {
      open: 'Answers that score just below the safeguarding threshold wait here, withheld from the organization, for a moderator to release, keep withheld, escalate or close. Nothing needs you now.',
      triaged: 'Possible concerns move here once a moderator triages them. New ones wait in the Open tab.',
      resolved: 'Closed possible concerns are kept here for the record. Open ones are in the Open tab.',
    },
  };
  return (
    <EmptyStateCard
      icon={IconShieldCheck}
      title={`No ${status} ${queueNoun[view.kind][1]}`}
      description={descriptions[view.kind][view.status]}
    />
  );
}

function QueueFilters({
  view,
  surveys,
  onChange,
}: {
  view: QueueView;
  /** null until the first answer comes. */
  surveys: IncidentList['meta']['surveys'] | null;
  onChange: (next: Partial<IncidentsSearch>) => void;
}) {
  const surveyOptions = (surveys ?? []).map((s) => ({
    value: s.id,
    label: s.organizationName ? `${s.name} (${s.organizationName})` : s.name,
  }));
  // A deep link to a survey the list does not name (yet) still shows that it filters by one.
  if (view.surveyId && !surveyOptions.some((o) => o.value === view.surveyId))
    surveyOptions.push({
      value: view.surveyId,
      label: surveys ? 'A survey with nothing in either queue' : 'Loading the survey…',
    });
  const filtered = Boolean(view.surveyId || view.category || view.severity);
  return (
    <Group component="search" aria-label="Filter the queue" gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Survey"
        placeholder="All surveys"
        data={surveyOptions}
        value={view.surveyId ?? null}
        onChange={(value) => onChange({ survey: value ?? undefined })}
        searchable
        clearable
        nothingFoundMessage="No survey by that name"
        w={{ base: '100%', sm: 280 }}
      />
      <Select
        label="Category"
        placeholder="All categories"
        data={categoryOptions}
        value={view.category ?? null}
        onChange={(value) => onChange({ category: (value as IncidentCategory | null) ?? undefined })}
        clearable
        w={{ base: '100%', sm: 240 }}
      />
      <Select
        label="Severity"
        placeholder="Any severity"
        data={severityOptions}
        value={view.severity ?? null}
        onChange={(value) => onChange({ severity: (value as IncidentSeverity | null) ?? undefined })}
        clearable
        w={{ base: '100%', sm: 180 }}
      />
      {filtered ? (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => onChange({ survey: undefined, category: undefined, severity: undefined })}
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The moderators' safeguarding queues: incidents (raised, help shown, moderators emailed) and
 * possible concerns (just below the threshold, held from the organization), each by status and
 * filtered by survey, category and severity. The whole view lives in the URL, so it deep-links.
 */
export function IncidentsScreen() {
  const navigate = useNavigate();
  const search = incidentsSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const view = queueView(search);
  const query = useIncidents(view);
  // The counts and surveys stay while the other queue loads (it has no placeholder of its own).
  const lastMeta = useRef<IncidentList['meta'] | null>(null);
  if (query.data) lastMeta.current = query.data.meta;
  const counts = lastMeta.current?.counts;
  // Any change but the page starts again at page 1.
  const go = (next: Partial<IncidentsSearch>) =>
    void navigate({
      to: '.',
      search: incidentsSearch({ ...search, page: undefined, ...next }),
    });

  return (
    <Stack gap="lg">
      <ScreenHeader
        area="Safeguarding"
        title="Safeguarding incidents"
        description="Answers that suggest a teen may be at risk, and possible concerns held just below the threshold. Nothing here identifies them: read each one, decide what the organization sees, and resolve or escalate it."
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="queue-label">
          Queue
        </Text>
        <SegmentedControl
          aria-labelledby="queue-label"
          data-testid="queue"
          value={view.kind}
          onChange={(value) => go({ kind: value as Incident['kind'] })}
          fullWidth
          maw={520}
          data={incidentKinds.map((kind) => ({
            value: kind,
            label: counts ? `${incidentKindLabels[kind]} (${counts[kind]})` : incidentKindLabels[kind],
          }))}
        />
      </Stack>
      <QueueFilters view={view} surveys={lastMeta.current?.surveys ?? null} onChange={go} />
      <Tabs value={view.status} onChange={(value) => value && go({ stage: value as IncidentStatus })}>
        <Tabs.List mb="lg" aria-label="Status">
          {incidentStatuses.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {statusLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={view.status}>
          <PagedQueryList
            query={query}
            loadingLabel={`Loading ${queueNoun[view.kind][1]}`}
            skeletonRows={2}
            skeletonRow={<Skeleton h={160} radius="md" />}
            errorTitle={`The ${queueNoun[view.kind][1]} could not be loaded`}
            empty={
              <EmptyQueue
                view={view}
                onClearFilters={() => go({ survey: undefined, category: undefined, severity: undefined })}
              />
            }
            page={view.page}
            pageSize={INCIDENTS_PAGE_SIZE}
            noun={queueNoun[view.kind][1]}
            onPageChange={(page) => go({ page })}
          >
            {(items) => (
              <Stack gap="md" aria-busy={query.isPlaceholderData}>
                <Text size="sm" c="dimmed">
                  {plural(query.data?.meta.total ?? items.length, ...queueNoun[view.kind])}{' '}
                  {statusLabels[view.status].toLowerCase()}, newest first
                </Text>
                {items.map((incident) => (
                  <IncidentCard key={incident.id} incident={incident} />
                ))}
              </Stack>
            )}
          </PagedQueryList>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
