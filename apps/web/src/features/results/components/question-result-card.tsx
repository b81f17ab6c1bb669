import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import {
  chartBaseText,
  type Question,
  type QuestionResult,
  questionTypeLabels,
  suppressionReason,
} from '@tv/contract';
import type { ReactNode } from 'react';
import { isClosedFilterType } from '../utils/filters';
import { BarList } from './bar-list';
import { ChartDownloadMenu } from './chart-download-menu';
import { CodedAnswers } from './coding-panel';
import { LikertStack } from './likert-stack';
import { NewTypeResult } from './new-type-results';
import { NpsResult } from './nps-result';
import { RankingResult } from './ranking-result';
import { RatingResult } from './rating-result';
import classes from './results.module.css';
import { TextAnswers } from './text-answers';

const wideTypes = new Set(['likert_matrix', 'short_text', 'long_text']);

export const isWideResult = (type: string) => wideTypes.has(type);
const isWideTextType = (type: string) => type === 'short_text' || type === 'long_text';

function anyHidden(result: QuestionResult) {
  return (
    result.options.some((o) => o.count === null) ||
    result.distribution.some((d) => d.count === null) ||
    result.matrix.some((row) => row.columns.some((c) => c.count === null)) ||
    result.averageRanks.some((r) => r.averageRank === null)
  );
}

interface QuestionResultCardProps {
  result: QuestionResult;
  question: Question | undefined;
  number: number;
  activeAnswer: { questionId: string; optionId: string } | undefined;
  onFilterAnswer: (questionId: string, optionId: string) => void;
  onClearAnswer: () => void;
  textSearch: string;
  appliedTextSearch: string;
  searching: boolean;
  onTextSearch: (value: string) => void;
  /** Names downloaded charts ('<survey-name>-q3.svg'). */
  surveyName?: string;
  /** The survey, where its open text may be coded into themes (decision 046). */
  surveyId?: string;
  includeSimulated?: boolean;
}

/** One question's results, drawn the way its type reads best. */
export function QuestionResultCard({
  result,
  question,
  number,
  activeAnswer,
  onFilterAnswer,
  onClearAnswer,
  textSearch,
  appliedTextSearch,
  searching,
  onTextSearch,
  surveyName = 'survey',
  surveyId,
  includeSimulated,
}: QuestionResultCardProps) {
  const typeLabel = questionTypeLabels[result.type as keyof typeof questionTypeLabels] ?? result.type;
  const titleId = `result-${result.questionId}`;

  let body: ReactNode;
  if (result.suppressed) {
    body = (
      <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="suppressed-question">
        <IconEyeOff size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <div>
          <Text fw={600}>Hidden</Text>
          <Text size="sm" c="dimmed">
            {result.suppressedReason ?? suppressionReason}
          </Text>
        </div>
      </Group>
    );
  } else if (result.answered === 0) {
    body = (
      <Text size="sm" c="dimmed">
        Nobody has answered this question yet.
      </Text>
    );
  } else {
    switch (result.type) {
      case 'single_choice':
      case 'dropdown':
      case 'multiple_choice':
      case 'image_choice':
      case 'yes_no':
        body = (
          <BarList
            counts={result.options}
            {...(isClosedFilterType(result.type)
              ? {
                  onFilter: (optionId: string) => onFilterAnswer(result.questionId, optionId),
                  activeOptionId:
                    activeAnswer?.questionId === result.questionId ? activeAnswer.optionId : null,
                  onClearFilter: onClearAnswer,
                }
              : {})}
          />
        );
        break;
      case 'likert_matrix':
        body = <LikertStack result={result} />;
        break;
      case 'nps':
        body = <NpsResult result={result} />;
        break;
      case 'rating':
      case 'number':
        body = <RatingResult result={result} question={question} />;
        break;
      case 'ranking':
        body = <RankingResult result={result} />;
        break;
      case 'short_text':
      case 'long_text':
        body = (
          <Stack gap="lg">
            {surveyId ? (
              // Codes of open text (decision 046): their chart, a 'coded as' filter, and the coding screen.
              <CodedAnswers
                surveyId={surveyId}
                result={result}
                includeSimulated={includeSimulated}
                activeAnswer={activeAnswer}
                onFilterAnswer={onFilterAnswer}
                onClearAnswer={onClearAnswer}
              />
            ) : null}
            <TextAnswers
              result={result}
              search={textSearch}
              appliedSearch={appliedTextSearch}
              searching={searching}
              onSearch={onTextSearch}
            />
          </Stack>
        );
        break;
      default:
        // Slider, date, image choice, constant sum and MaxDiff (decision 048).
        body = <NewTypeResult result={result} question={question} />;
    }
  }

  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      className={`${classes.card} ${isWideResult(result.type) ? classes.wide : ''}`}
      aria-labelledby={titleId}
      data-testid="question-result"
      data-question-id={result.questionId}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
              Q{number} · {typeLabel}
            </Text>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
                {result.answered === null ? 'Hidden' : `${result.answered} answered`}
              </Badge>
              <ChartDownloadMenu result={result} number={number} surveyName={surveyName} />
            </Group>
          </Group>
          <Title order={3} fz="lg" id={titleId}>
            {result.title}
          </Title>
          {result.type === 'multiple_choice' && !result.suppressed ? (
            <Text size="xs" c="dimmed">
              Teens could choose more than one answer, so the shares add up to more than 100%.
            </Text>
          ) : null}
          {isClosedFilterType(result.type) && !result.suppressed ? (
            <Text size="xs" c="dimmed">
              Select an answer to see every question for the teens who chose it.
            </Text>
          ) : null}
        </Stack>
        {body}
        {!result.suppressed && result.answered !== 0 && !isWideTextType(result.type) ? (
          <Text size="xs" c="dimmed" data-testid="chart-base">
            {chartBaseText(result.answered, result.effectiveBase)}
          </Text>
        ) : null}
        {!result.suppressed && anyHidden(result) ? (
          <Text size="xs" c="dimmed" data-testid="hidden-note">
            <IconEyeOff size={12} aria-hidden style={{ marginRight: 4, verticalAlign: -1 }} />
            {suppressionReason}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
