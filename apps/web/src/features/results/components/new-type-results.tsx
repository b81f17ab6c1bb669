import { Group, Progress, Stack, Text } from '@mantine/core';
import { type Question, type QuestionResult, sumTotalOf } from '@tv/contract';
import type { ReactNode } from 'react';
import { BarList } from './bar-list';
import { RatingResult } from './rating-result';

/** The result card body of a question type of decision 048, or null for the other types. */
export function NewTypeResult({
  result,
  question,
}: {
  result: QuestionResult;
  question: Question | undefined;
}): ReactNode {
  switch (result.type) {
    case 'slider':
      // The mean and the share in each point or range of the slider's scale.
      return <RatingResult result={result} question={question} />;
    case 'date':
      // The share in each month (or year): never a single day.
      return <BarList counts={result.distribution} />;
    case 'constant_sum':
      return <ConstantSumResult result={result} total={question ? sumTotalOf(question) : 100} />;
    default:
      return null;
  }
}

/** A constant sum: the mean points each item was given, out of the total shared, largest first. */
function ConstantSumResult({ result, total }: { result: QuestionResult; total: number }) {
  const sums = [...(result.sums ?? [])].sort((a, b) => (b.mean ?? -1) - (a.mean ?? -1));
  return (
    <Stack gap="sm" data-testid="constant-sum-result">
      <Text size="xs" c="dimmed">
        Mean points out of {total}, among the teens who answered.
      </Text>
      {sums.map((item) => (
        <Stack key={item.id} gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{item.label}</Text>
            <Text size="sm" fw={600}>
              {item.mean === null ? 'Hidden' : item.mean.toFixed(1)}
            </Text>
          </Group>
          <Progress
            value={item.mean === null ? 0 : Math.min(100, (item.mean / total) * 100)}
            aria-label={`${item.label}: ${item.mean === null ? 'hidden' : `${item.mean.toFixed(1)} of ${total} points`}`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
