import { Group, Stack, Text } from '@mantine/core';
import type { Question, QuestionResult } from '@tv/contract';
import { DistributionChart } from './distribution-chart';
import classes from './results.module.css';

/** A rating scale or a number: the mean, and how many chose each value. */
export function RatingResult({
  result,
  question,
}: {
  result: QuestionResult;
  question: Question | undefined;
}) {
  const scale = question?.scale ?? null;
  const mean = result.mean;
  return (
    <Stack gap="md">
      <Group gap="xs" align="baseline">
        <Text className={classes.bigNumber} data-testid="mean">
          {mean === null ? '–' : mean.toFixed(1)}
        </Text>
        <Text size="sm" c="dimmed">
          {(result.type === 'rating' || result.type === 'slider') && scale
            ? `average, on a scale of ${scale.min} to ${scale.max}`
            : 'average'}
        </Text>
      </Group>
      {result.distribution.length > 0 ? (
        <DistributionChart
          distribution={result.distribution}
          minLabel={scale?.minLabel ?? null}
          maxLabel={scale?.maxLabel ?? null}
        />
      ) : null}
    </Stack>
  );
}
