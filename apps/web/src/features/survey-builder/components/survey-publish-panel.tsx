import { Alert, Badge, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconSend } from '@tabler/icons-react';
import {
  type Audience,
  effectiveOrganizationPermissions,
  genderLabels,
  hasBlockers,
  type PrecheckFlag,
  precheckSurvey,
  regionLabels,
  surveyStatusPhrases,
} from '@tv/contract';
import { type ReactNode, useState } from 'react';
import { SurveyScheduleCard } from '../../../components/survey-schedule/survey-schedule-card';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { usePrecheck } from '../../../lib/api/get-precheck';
import { useTransitionSurvey } from '../../../lib/api/transition-survey';
import { useUserStore } from '../../../stores/user-store';
import { useMoveSurvey } from '../api/move-survey';
import { apiProblem } from '../utils/api-error';
import { can } from '../utils/permissions';
import { questionLabel } from '../utils/questions';
import { stateName } from '../utils/us-states';
import { useEditor } from './editor-context';
import { EstimateCard } from './estimate-card';
import { surveyTypeLabels } from './survey-badges';

function audienceSummary(audience: Audience): string[] {
  const lines = [`Ages ${audience.ageMin} to ${audience.ageMax}`];
  lines.push(
    audience.genders.length ? audience.genders.map((g) => genderLabels[g]).join(', ') : 'All genders',
  );
  if (audience.states.length) lines.push(audience.states.map(stateName).join(', '));
  else if (audience.regions.length) lines.push(audience.regions.map((r) => regionLabels[r]).join(', '));
  else lines.push('Across the whole US');
  lines.push(`${audience.sampleSize.toLocaleString('en-US')} responses`);
  if (audience.quotas.length)
    lines.push(`${audience.quotas.length} quota${audience.quotas.length === 1 ? '' : 's'}`);
  return lines;
}

function FlagList({ flags, tone }: { flags: PrecheckFlag[]; tone: 'blocker' | 'warning' }) {
  const { survey, draft } = useEditor();
  if (flags.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {tone === 'blocker' ? 'Must be fixed before submitting' : 'Worth a second look'}
      </Text>
      <List
        size="sm"
        spacing={8}
        icon={
          tone === 'blocker' ? (
            <IconCircleX size={18} color="var(--mantine-color-red-7)" aria-hidden />
          ) : (
            <IconAlertTriangle size={18} color="var(--mantine-color-orange-7)" aria-hidden />
          )
        }
      >
        {flags.map((flag) => {
          const position = draft.questions.findIndex((q) => q.id === flag.questionId);
          const question = draft.questions[position];
          return (
            <List.Item key={`${flag.questionId}-${flag.message}`}>
              {question ? (
                <AnchorLink
                  to="/research/builder/survey/$surveyId/question/$questionId"
                  params={{ surveyId: survey.id, questionId: question.id }}
                  size="sm"
                  fw={600}
                >
                  {questionLabel(question, position)}
                </AnchorLink>
              ) : null}
              <Text size="sm">{flag.message}</Text>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

/** The last step: review, audience and estimate, the automated pre-check, then submit for moderation. */
export function SurveyPublishPanel() {
  const { survey, draft, saveState, autosave, permissions, copy, editable } = useEditor();
  const user = useUserStore((state) => state.user);
  const status = useUserStore((state) => state.status);
  const transition = useTransitionSurvey();
  const move = useMoveSurvey();
  const [submitProblem, setSubmitProblem] = useState<string | null>(null);

  const settled = saveState.status === 'saved';
  const serverPrecheck = usePrecheck(survey.id, survey.version, settled);
  const flags =
    settled && serverPrecheck.data ? serverPrecheck.data : precheckSurvey({ type: survey.type, ...draft });
  const blockers = flags.filter((flag) => flag.severity === 'blocker');
  const warnings = flags.filter((flag) => flag.severity === 'warning');
  const moveTargets = (user?.organizations ?? []).filter((organization) =>
    effectiveOrganizationPermissions(organization.permissions).includes('surveys~create'),
  );

  const submit = () =>
    modals.openConfirmModal({
      title: copy.submitTitle,
      children: (
        <Stack gap="xs">
          <Text size="sm">{copy.submitBody}</Text>
          <Text size="sm" c="dimmed">
            While it is in moderation the survey cannot be edited.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Submit', cancel: 'Not yet' },
      onConfirm: async () => {
        setSubmitProblem(null);
        if (!(await autosave.saveNow())) {
          setSubmitProblem(
            'Your latest changes are not saved yet, so the survey was not submitted. Try again in a moment.',
          );
          return;
        }
        transition.mutate(
          { surveyId: survey.id, action: 'submit' },
          {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                title: 'Submitted for moderation',
                message: 'We will email you when a moderator has reviewed it.',
              }),
            onError: (error) => setSubmitProblem(apiProblem(error).message),
          },
        );
      },
    });

  let action: ReactNode;
  if (survey.status === 'in_moderation') {
    action = (
      <Alert color="blue" variant="light" title="Submitted">
        A moderator is reviewing this survey. We will email you when it is approved or needs changes.
      </Alert>
    );
  } else if (!editable) {
    action = (
      <Text size="sm" c="dimmed">
        This survey {surveyStatusPhrases[survey.status]}; there is nothing to submit.
      </Text>
    );
  } else if (!survey.organizationId) {
    action =
      moveTargets.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm">This is a personal draft. Move it into your organization to submit it.</Text>
          <Group gap="xs">
            {moveTargets.map((organization) => (
              <Button
                key={organization.id}
                variant="light"
                loading={move.isPending}
                onClick={() =>
                  move.mutate(
                    { surveyId: survey.id, organizationId: organization.id },
                    {
                      onSuccess: () =>
                        notifications.show({ color: 'green', message: `Moved to ${organization.name}.` }),
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
            ))}
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            {status === 'anonymous'
              ? 'Create a free account to submit this survey. Your draft comes with you.'
              : 'Surveys are submitted by an organization. Ask your organization’s admin to invite you.'}
          </Text>
          {status === 'anonymous' ? (
            <Group gap="xs">
              <ButtonLink to="/register">Create an account</ButtonLink>
              <ButtonLink to="/login" variant="default">
                Sign in
              </ButtonLink>
            </Group>
          ) : null}
        </Stack>
      );
  } else if (!can(permissions, 'surveys~submit')) {
    action = (
      <Text size="sm" c="dimmed">
        Your role in {survey.organizationName ?? 'this organization'} does not let you submit surveys. Ask an
        organization admin or researcher to submit it.
      </Text>
    );
  } else {
    action = (
      <Stack gap="xs">
        <Group>
          <Button
            size="md"
            leftSection={<IconSend size={18} aria-hidden />}
            disabled={hasBlockers(flags)}
            loading={transition.isPending}
            onClick={submit}
          >
            {copy.submitTitle}
          </Button>
        </Group>
        {hasBlockers(flags) ? (
          <Text size="sm" c="dimmed">
            Fix the items marked as must be fixed above to submit.
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Review
          </Title>
          <Group gap="xs">
            <Text fw={650}>{draft.name || 'Untitled survey'}</Text>
            <Badge variant="outline" color="gray" radius="sm">
              {surveyTypeLabels[survey.type]}
            </Badge>
          </Group>
          {draft.description ? (
            <Text size="sm" c="dimmed">
              {draft.description}
            </Text>
          ) : null}
          <List type="ordered" size="sm" spacing={4}>
            {draft.questions.map((question, index) => (
              <List.Item key={question.id}>
                {questionLabel(question, index).replace(/^\d+\.\s/, '')}
              </List.Item>
            ))}
          </List>
          <AnchorLink to="/research/builder/survey/$surveyId" params={{ surveyId: survey.id }} size="sm">
            Edit questions
          </AnchorLink>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {copy.audienceTitle}
          </Title>
          {draft.audience ? (
            <Text size="sm">{audienceSummary(draft.audience).join(' · ')}</Text>
          ) : (
            <Alert color="orange" variant="light">
              No audience yet.{' '}
              <AnchorLink to="/research/builder/survey/$surveyId/audience" params={{ surveyId: survey.id }}>
                Choose who should answer
              </AnchorLink>
            </Alert>
          )}
        </Stack>
      </Paper>
      {draft.audience ? (
        <EstimateCard
          audience={draft.audience}
          questionCount={draft.questions.length}
          title={copy.estimateTitle}
        />
      ) : null}

      {survey.organizationId ? (
        <SurveyScheduleCard surveyId={survey.id} canEdit={can(permissions, 'surveys~update')} />
      ) : null}

      <Paper withBorder radius="lg" p="lg" data-testid="precheck">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {copy.precheckTitle}
          </Title>
          {flags.length === 0 ? (
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon color="green" variant="light" radius="xl" aria-hidden>
                <IconCircleCheck size={18} />
              </ThemeIcon>
              <Text size="sm">{copy.precheckClean}</Text>
            </Group>
          ) : (
            <>
              <FlagList flags={blockers} tone="blocker" />
              <FlagList flags={warnings} tone="warning" />
            </>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {copy.submitTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {copy.submitBody}
          </Text>
          {submitProblem ? (
            <Alert color="red" variant="light" role="alert">
              {submitProblem}
            </Alert>
          ) : null}
          {action}
        </Stack>
      </Paper>
    </Stack>
  );
}
