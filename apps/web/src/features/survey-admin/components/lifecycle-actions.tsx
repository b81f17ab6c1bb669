import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import {
  type Survey,
  type SurveyAction,
  surveyStatusLabels,
  surveyStatusPhrases,
  surveyTransitions,
} from '@tv/contract';
import { ButtonLink } from '../../../components/ui/links';
import { useTransitionSurvey } from '../../../lib/api/transition-survey';
import { can, offeredActions, type Permissions, problemMessage } from '../utils/lifecycle';

const explanations: Partial<Record<SurveyAction, string>> = {
  publish: 'Teens in the audience can answer it as soon as it is live, and the organization is emailed.',
  pause: 'No new responses are collected until it is resumed.',
  resume: 'The survey collects responses again.',
  close: 'Fieldwork ends now; results follow the quality review.',
  start_review: 'Staff check response quality before the organization sees results.',
  release_results: 'The organization is emailed and can see the results.',
  archive: 'Archived surveys leave every list and cannot be published again.',
};

/** The lifecycle actions this viewer's permissions allow from the survey's status, each confirmed first. */
export function LifecycleActions({ survey, permissions }: { survey: Survey; permissions: Permissions }) {
  const transition = useTransitionSurvey();
  const actions = offeredActions(survey.status, permissions);
  const canModerate = survey.status === 'in_moderation' && can(permissions, 'surveys~moderate', true);

  const confirm = (action: SurveyAction) => {
    const rule = surveyTransitions[action];
    modals.openConfirmModal({
      title: `${rule.label}: “${survey.name}”`,
      children: (
        <Text size="sm">
          {explanations[action]} The survey moves from {surveyStatusLabels[survey.status].toLowerCase()} to{' '}
          {surveyStatusLabels[rule.to].toLowerCase()}.
        </Text>
      ),
      labels: { confirm: rule.label, cancel: 'Cancel' },
      confirmProps: action === 'archive' ? { color: 'red' } : {},
      onConfirm: () =>
        transition.mutate(
          { surveyId: survey.id, action },
          {
            onSuccess: (updated) =>
              notifications.show({
                color: 'green',
                message: `“${updated.name}” ${surveyStatusPhrases[updated.status]}.`,
              }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: `Could not ${rule.label.toLowerCase()}`,
                message: problemMessage(error),
              }),
          },
        ),
    });
  };

  if (actions.length === 0 && !canModerate) return null;
  return (
    <Group gap="xs" data-testid="lifecycle-actions">
      {canModerate ? (
        <ButtonLink
          to="/research/builder/admin/survey/moderation/$surveyId"
          params={{ surveyId: survey.id }}
          leftSection={<IconShieldCheck size={16} aria-hidden />}
        >
          Moderate
        </ButtonLink>
      ) : null}
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'archive' ? 'subtle' : 'filled'}
          color={action === 'archive' ? 'red' : undefined}
          loading={transition.isPending && transition.variables?.action === action}
          onClick={() => confirm(action)}
        >
          {surveyTransitions[action].label}
        </Button>
      ))}
    </Group>
  );
}
