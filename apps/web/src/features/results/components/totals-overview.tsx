import { Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ResultsSummary } from '@tv/contract';
import type { ReactNode } from 'react';
import { formatDuration, formatPercent } from '../utils/chart-data';
import { fieldworkProgress } from '../utils/fieldwork-progress';
import classes from './results.module.css';

function Stat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" className={classes.stat} data-testid={testId}>
      <Stack gap={6}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text className={classes.statValue} data-testid={`${testId}-value`}>
          {value}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed" component="div">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * How many answered in Spanish (decision 033): nothing before the first, and no figure while the
 * Spanish or the English group is under 5 (either would reveal the other).
 */
function SpanishCount({ count }: { count: number | null | undefined }) {
  if (count === undefined || count === 0) return null;
  return (
    <span data-testid="spanish-responses">
      {count === null
        ? 'Spanish count hidden: a language group is under 5'
        : `${count.toLocaleString('en-US')} in Spanish`}
    </span>
  );
}

/**
 * The headline figures: responses shown against the sample as fieldwork counts it (the count the
 * survey's status follows, so 'Fieldwork complete' never sits beside a part-filled bar), completion,
 * time taken, screened out.
 */
export function TotalsOverview({
  summary,
}: {
  summary: Pick<ResultsSummary, 'status' | 'totals' | 'fieldwork'>;
}) {
  const { totals } = summary;
  const progress = fieldworkProgress(summary.status, totals.sampleSize, summary.fieldwork);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <Stat
        testId="total-responses"
        label="Responses"
        value={totals.responses.toLocaleString('en-US')}
        hint={
          <Stack gap={4}>
            <span data-testid="fieldwork-sample">{progress.sample}</span>
            {progress.percent !== null ? (
              <Progress value={progress.percent} size="sm" radius="xl" aria-label="Sample size progress" />
            ) : null}
            {progress.shown ? <span data-testid="fieldwork-shown">{progress.shown}</span> : null}
            <SpanishCount count={totals.spanishResponses} />
          </Stack>
        }
      />
      <Stat
        testId="completion-rate"
        label="Completion rate"
        value={formatPercent(totals.completionRate)}
        hint="Of teens who qualified and started"
      />
      <Stat
        testId="median-duration"
        label="Median time"
        value={formatDuration(totals.medianDurationSeconds)}
        hint="To finish the survey"
      />
      <Stat
        testId="screened-out"
        label="Screened out"
        value={(totals.screenedOut + totals.quotaFull).toLocaleString('en-US')}
        hint={
          totals.excluded > 0
            ? `Outside the audience or over a quota; ${totals.excluded} more excluded in review`
            : 'Outside the audience, or over a quota'
        }
      />
    </SimpleGrid>
  );
}
