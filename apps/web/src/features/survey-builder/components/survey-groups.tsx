import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconChartBar,
  IconClipboardList,
  IconEye,
  IconRocket,
  IconShieldCheck,
} from '@tabler/icons-react';
import type { Organization, SurveyStatus, SurveySummary } from '@tv/contract';
import { useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useMoveSurvey } from '../api/move-survey';
import type { BuilderCopy } from '../copy';
import { apiProblem } from '../utils/api-error';
import classes from './editor.module.css';
import { surveyTypeLabels } from './survey-badges';

/** Responses can be looked at from the first answer on, not only once results are released. */
const hasResults = (status: string) =>
  ['live', 'paused', 'complete', 'in_review', 'results_ready'].includes(status);

type GroupId = 'drafts' | 'review' | 'live' | 'results' | 'archived';

const groups: { id: GroupId; label: string; statuses: SurveyStatus[]; icon: typeof IconArchive }[] = [
  { id: 'drafts', label: 'Drafts', statuses: ['draft', 'rejected'], icon: IconClipboardList },
  { id: 'review', label: 'In moderation', statuses: ['in_moderation', 'approved'], icon: IconShieldCheck },
  { id: 'live', label: 'Live', statuses: ['live', 'paused'], icon: IconRocket },
  {
    id: 'results',
    label: 'Results',
    statuses: ['complete', 'in_review', 'results_ready'],
    icon: IconChartBar,
  },
  { id: 'archived', label: 'Archived', statuses: ['archived'], icon: IconArchive },
];

const updated = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

interface SurveyGroupsProps {
  copy: BuilderCopy;
  surveys: SurveySummary[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** Organisations a personal draft can move into. */
  moveTargets: Organization[];
  projectNames: ReadonlyMap<string, string>;
}

function SurveyRow({
  survey,
  moveTargets,
  projectName,
}: {
  survey: SurveySummary;
  moveTargets: Organization[];
  projectName: string | undefined;
}) {
  const move = useMoveSurvey();
  const details = [
    surveyTypeLabels[survey.type],
    `${survey.questionCount} question${survey.questionCount === 1 ? '' : 's'}`,
    projectName,
    survey.organizationId ? null : 'Personal draft',
    `Updated ${updated(survey.updatedAt)}`,
  ].filter(Boolean);

  return (
    <Paper withBorder radius="md" p="md" data-testid="survey-row" data-survey-id={survey.id}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" align="center">
            <AnchorLink
              to="/research/builder/survey/$surveyId"
              params={{ surveyId: survey.id }}
              fw={650}
              c="var(--mantine-color-text)"
              lineClamp={2}
              style={{ overflowWrap: 'anywhere' }}
            >
              {survey.name}
            </AnchorLink>
            <StatusBadge status={survey.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {details.join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs">
          {!survey.organizationId
            ? moveTargets.map((organization) => (
                <Button
                  key={organization.id}
                  size="xs"
                  variant="light"
                  loading={move.isPending}
                  onClick={() =>
                    move.mutate(
                      { surveyId: survey.id, organizationId: organization.id },
                      {
                        onSuccess: () =>
                          notifications.show({
                            color: 'green',
                            message: `“${survey.name}” moved to ${organization.name}.`,
                          }),
                        onError: (error) =>
                          notifications.show({
                            color: 'red',
                            title: 'Could not move the survey',
                            message: apiProblem(error).message,
                          }),
                      },
                    )
                  }
                >
                  Move to {organization.name}
                </Button>
              ))
            : null}
          {hasResults(survey.status) ? (
            <ButtonLink
              size="xs"
              variant="light"
              to="/research/builder/survey/summary/$surveyId"
              params={{ surveyId: survey.id }}
              leftSection={<IconChartBar size={14} aria-hidden />}
            >
              {survey.status === 'results_ready' ? 'Results' : 'Responses'}
            </ButtonLink>
          ) : null}
          <ButtonLink
            size="xs"
            variant="default"
            to="/research/builder/survey/preview/$surveyId"
            params={{ surveyId: survey.id }}
            leftSection={<IconEye size={14} aria-hidden />}
            aria-label={`Preview ${survey.name}`}
          >
            Preview
          </ButtonLink>
        </Group>
      </Group>
    </Paper>
  );
}

/** The caller's surveys by stage: drafts, in moderation, live, results, archived. */
export function SurveyGroups({
  copy,
  surveys,
  loading,
  error,
  onRetry,
  moveTargets,
  projectNames,
}: SurveyGroupsProps) {
  const counts = Object.fromEntries(
    groups.map((group) => [group.id, surveys.filter((s) => group.statuses.includes(s.status)).length]),
  ) as Record<GroupId, number>;
  const [active, setActive] = useState<GroupId | null>(null);
  const firstNonEmpty = groups.find((group) => counts[group.id] > 0)?.id ?? 'drafts';
  const current = active ?? firstNonEmpty;

  const empty: Record<GroupId, string> = {
    drafts: copy.emptyDrafts,
    review: 'Nothing is waiting for moderation. Submit a draft from its Publish step and it shows here.',
    live: copy.emptyLive,
    results: copy.emptyResults,
    archived: 'Archived surveys show here. Archive a survey you no longer need from its menu.',
  };

  if (error) {
    return (
      <Alert color="red" variant="light" title="Your surveys could not be loaded">
        <Group justify="space-between">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }

  return (
    <Tabs value={current} onChange={(value) => setActive(value as GroupId)} keepMounted={false}>
      <Tabs.List aria-label="Surveys by stage" className={classes.scrollingTabs}>
        {groups.map(({ id, label }) => (
          <Tabs.Tab key={id} value={id}>
            {label} {loading ? '' : `(${counts[id]})`}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {groups.map((group) => {
        const list = surveys.filter((s) => group.statuses.includes(s.status));
        return (
          <Tabs.Panel key={group.id} value={group.id} pt="md">
            {loading ? (
              <Stack gap="sm" aria-busy="true" aria-label="Loading your surveys">
                <Skeleton h={72} radius="md" />
                <Skeleton h={72} radius="md" />
                <Skeleton h={72} radius="md" />
              </Stack>
            ) : list.length === 0 ? (
              <Paper withBorder radius="md" p="xl" data-testid="empty-group">
                <EmptyState
                  icon={<group.icon size={26} />}
                  withIndicatorBackground
                  title={`No ${group.label.toLowerCase()} surveys`}
                  description={empty[group.id]}
                />
              </Paper>
            ) : (
              <Stack gap="sm">
                {list.map((survey) => (
                  <SurveyRow
                    key={survey.id}
                    survey={survey}
                    moveTargets={moveTargets}
                    projectName={survey.projectId ? projectNames.get(survey.projectId) : undefined}
                  />
                ))}
              </Stack>
            )}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
