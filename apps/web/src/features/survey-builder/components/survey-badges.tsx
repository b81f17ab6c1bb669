import { Badge } from '@mantine/core';
import {
  type IconAbc,
  IconAdjustmentsHorizontal,
  IconAlignLeft,
  IconCalendar,
  IconChartPie,
  IconCheckbox,
  IconCircleDot,
  IconGauge,
  IconHash,
  IconLayoutList,
  IconListNumbers,
  IconPhoto,
  IconScale,
  IconSelector,
  IconSeparatorHorizontal,
  IconStar,
  IconTable,
  IconTextSize,
  IconThumbUp,
} from '@tabler/icons-react';
import type { QuestionType, SurveyType } from '@tv/contract';

export const surveyTypeLabels: Record<SurveyType, string> = {
  long_form: 'Long-form survey',
  pulse_check: 'Pulse check',
  custom: 'Custom study',
};

export function TypeBadge({ type }: { type: SurveyType }) {
  return (
    <Badge variant="outline" color="gray" radius="sm">
      {surveyTypeLabels[type]}
    </Badge>
  );
}

const questionIcons: Record<QuestionType, typeof IconAbc> = {
  single_choice: IconCircleDot,
  multiple_choice: IconCheckbox,
  dropdown: IconSelector,
  rating: IconStar,
  nps: IconGauge,
  likert_matrix: IconTable,
  ranking: IconListNumbers,
  text_block: IconAlignLeft,
  page_break: IconSeparatorHorizontal,
  short_text: IconTextSize,
  long_text: IconLayoutList,
  number: IconHash,
  yes_no: IconThumbUp,
  slider: IconAdjustmentsHorizontal,
  date: IconCalendar,
  image_choice: IconPhoto,
  constant_sum: IconChartPie,
  maxdiff: IconScale,
};

export function QuestionTypeIcon({ type, size = 16 }: { type: QuestionType; size?: number }) {
  const Icon = questionIcons[type] ?? IconAdjustmentsHorizontal;
  return <Icon size={size} aria-hidden />;
}
