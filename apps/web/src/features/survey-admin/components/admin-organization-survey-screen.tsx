import { Alert, Badge, Grid, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconGitBranch, IconMessageReport } from '@tabler/icons-react';
import { Outlet, useParams } from '@tanstack/react-router';
import {
  displayLogicInWords,
  estimateAudience,
  genderLabels,
  pipingInWords,
  questionTypeLabels,
  quotaInWords,
  regionLabels,
  type Survey,
  screenerInWords,
} from '@tv/contract';
import { ScheduleNotice } from '../../../components/survey-schedule/survey-schedule-card';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { StatusBadge } from '../../../components/ui/status-badge';
import { SurveyHeader, SurveyScreenSkeleton } from '../../../components/ui/survey-header';
import { useSurvey } from '../../../lib/api/get-survey';
import { useUserStore } from '../../../stores/user-store';
import { viewerPermissions } from '../utils/lifecycle';
import { LifecycleActions } from './lifecycle-actions';
import { surveyTypeLabels } from './status-badge';
import { StatusHistory } from './status-history';

const usd = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function AudienceSummary({ survey }: { survey: Survey }) {
  const audience = survey.audience;
  if (!audience) {
    return (
      <Text size="sm" c="dimmed">
        No audience set yet.
      </Text>
    );
  }
  const estimate = estimateAudience(audience, survey.questions.length);
  return (
    <Stack gap={6}>
      <Text size="sm">
        Ages {audience.ageMin}–{audience.ageMax} ·{' '}
        {audience.genders.length ? audience.genders.map((g) => genderLabels[g]).join(', ') : 'all genders'} ·{' '}
        {audience.states.length
          ? audience.states.join(', ')
          : audience.regions.length
            ? audience.regions.map((r) => regionLabels[r]).join(', ')
            : 'whole US'}
      </Text>
      <Text size="sm">
        {audience.sampleSize.toLocaleString('en-US')} responses · estimated price{' '}
        <Text span fw={600} size="sm" data-testid="admin-price">
          {usd(estimate.priceUsd)}
        </Text>{' '}
        · about {estimate.fieldDays} days of fieldwork
      </Text>
      <Badge color={estimate.feasible ? 'green' : 'orange'} variant="light" w="fit-content">
        {estimate.feasible ? 'Feasible' : 'Hard to reach'}
      </Badge>
      <Title order={3} fz="sm" mt="xs">
        Quotas
      </Title>
      {audience.quotas.length === 0 ? (
        <Text size="sm" c="dimmed">
          No quotas: any mix of the audience counts towards the sample.
        </Text>
      ) : (
        <List size="sm" spacing={2} data-testid="admin-quotas">
          {audience.quotas.map((quota) => (
            <List.Item key={`${quota.attribute}-${quota.value}`}>
              {quotaInWords(quota, audience.sampleSize)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** A survey of an organisation, opened by platform staff: read-only, with its history and the actions they may take. */
export function AdminOrganizationSurveyScreen() {
  const { surveyId = '', orgId = '' } = useParams({ strict: false });
  const survey = useSurvey(surveyId);
  const user = useUserStore((state) => state.user);
  const selectedOrganization = useUserStore((state) => state.selectedOrganization);
  if (survey.isError) throw survey.error;
  if (!survey.data) {
    return (
      <SurveyScreenSkeleton>
        <Skeleton h={240} />
      </SurveyScreenSkeleton>
    );
  }
  const data = survey.data;
  const permissions = viewerPermissions(user, selectedOrganization);

  return (
    <Stack gap="lg">
      <SurveyHeader
        parent={
          <AnchorLink to="/research/builder/admin/surveys" size="sm">
            All surveys
          </AnchorLink>
        }
        current={
          <Text size="sm" c="dimmed">
            {data.organizationName ?? 'Personal draft'}
          </Text>
        }
        title={data.name}
        meta={
          <>
            <StatusBadge status={data.status} />
            <Badge variant="outline" color="gray" radius="sm">
              {surveyTypeLabels[data.type]}
            </Badge>
            {data.tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray" radius="sm">
                {tag}
              </Badge>
            ))}
          </>
        }
        actions={
          <Group gap="xs">
            <ButtonLink
              to="/research/builder/survey/preview/$surveyId"
              params={{ surveyId: data.id }}
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
            >
              Preview
            </ButtonLink>
            <LifecycleActions survey={data} permissions={permissions} />
          </Group>
        }
      />

      <ScheduleNotice surveyId={data.id} />

      {data.organizationId !== orgId ? (
        <Alert color="yellow" variant="light">
          This survey belongs to {data.organizationName ?? 'a personal draft'}, not to the organization in the
          address.
        </Alert>
      ) : null}

      {data.rejection ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconMessageReport size={20} aria-hidden />}
          title="Changes requested"
        >
          <List size="sm">
            {data.rejection.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
          {data.rejection.note ? <Text size="sm">{data.rejection.note}</Text> : null}
        </Alert>
      ) : null}

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Outlet />
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  Questions ({data.questions.length})
                </Title>
                {data.description ? (
                  <Text size="sm" c="dimmed">
                    {data.description}
                  </Text>
                ) : null}
                {data.questions.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No questions yet.
                  </Text>
                ) : (
                  <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                    {data.questions.map((question, index) => {
                      return (
                        <li key={question.id}>
                          <Group gap="xs" wrap="nowrap" align="flex-start">
                            <Text c="dimmed" fw={600} w={24} ta="right">
                              {index + 1}.
                            </Text>
                            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                              <AnchorLink
                                to="/research/builder/admin/$orgId/survey/$surveyId/question/$questionId"
                                params={{ orgId, surveyId: data.id, questionId: question.id }}
                                fw={500}
                              >
                                {pipingInWords(question.title, data.questions)}
                              </AnchorLink>
                              <Group gap={8}>
                                <Text size="xs" c="dimmed">
                                  {questionTypeLabels[question.type]}
                                  {question.required ? ' · required' : ' · optional'}
                                </Text>
                              </Group>
                              {question.displayLogic ? (
                                <Group gap={4} wrap="nowrap" align="flex-start" data-testid="display-logic">
                                  <IconGitBranch
                                    size={12}
                                    aria-hidden
                                    style={{ flexShrink: 0, marginTop: 4 }}
                                  />
                                  <Text size="xs" c="dimmed">
                                    {displayLogicInWords(question.displayLogic, data.questions)}
                                  </Text>
                                </Group>
                              ) : null}
                            </Stack>
                          </Group>
                        </li>
                      );
                    })}
                  </Stack>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  Audience
                </Title>
                <AudienceSummary survey={data} />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  Screener
                </Title>
                <List size="sm" spacing={2} data-testid="admin-screener">
                  {screenerInWords(data.audience).map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <StatusHistory surveyId={data.id} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
