import { Badge, type BadgeProps } from '@mantine/core';
import { type SurveyStatus, surveyStatusLabels } from '@tv/contract';

const colors: Record<SurveyStatus, string> = {
  draft: 'gray',
  rejected: 'orange',
  in_moderation: 'blue',
  approved: 'teal',
  live: 'green',
  paused: 'yellow',
  complete: 'indigo',
  in_review: 'indigo',
  results_ready: 'violet',
  archived: 'gray',
};

/** A survey's status, coloured the same on every screen. */
export function StatusBadge({ status, size }: { status: SurveyStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge size={size} variant="light" color={colors[status]} radius="sm" data-testid="survey-status">
      {surveyStatusLabels[status]}
    </Badge>
  );
}
