import { Badge, type BadgeProps } from '@mantine/core';
import { type SurveyStatus, surveyStatusLabels } from '@tv/contract';
import type { CSSProperties } from 'react';
import classes from './status-badge.module.css';

/** Text colours for light-variant badges in light mode: Mantine's shade 9 is too pale for 11 px text on some hues. */
export const readableText: Record<string, string> = {
  gray: '#1e293b',
  orange: '#9a3412',
  blue: '#1e40af',
  teal: '#115e59',
  green: '#065f46',
  yellow: '#854d0e',
  indigo: '#3730a3',
  violet: '#5b21b6',
  red: '#991b1b',
};

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
    <Badge
      size={size}
      variant="light"
      color={colors[status]}
      radius="sm"
      className={classes.readableBadge}
      style={{ '--readable-text': readableText[colors[status]] } as CSSProperties}
      data-testid="survey-status"
    >
      {surveyStatusLabels[status]}
    </Badge>
  );
}
