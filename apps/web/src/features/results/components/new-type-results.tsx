import { Group, Progress, Stack, Table, Text } from '@mantine/core';
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
      return (
        <ConstantSumResult result={result} total={question ? sumTotalOf(question) : totalOfMeans(result)} />
      );
    case 'maxdiff':
      return <MaxDiffResult result={result} />;
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

/** MaxDiff: each item's counting score, most preferred first, with the counts it comes from. */
function MaxDiffResult({ result }: { result: QuestionResult }) {
  const rows = result.maxDiff ?? [];
  return (
    <Stack gap="xs" data-testid="maxdiff-result">
      <Text size="xs" c="dimmed">
        Score = (times chosen most important − times chosen least important) ÷ times shown, from −1 to 1.
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Item</Table.Th>
              <Table.Th scope="col" ta="right">
                Score
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Most
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Least
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Shown
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                <Table.Td ta="right" fw={600}>
                  {row.score === null ? 'Hidden' : row.score.toFixed(2)}
                </Table.Td>
                <Table.Td ta="right">{row.best}</Table.Td>
                <Table.Td ta="right">{row.worst}</Table.Td>
                <Table.Td ta="right">{row.shown}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Every teen's points add up to the total, so the items' means do too (the report has no question). */
const totalOfMeans = (result: QuestionResult) =>
  Math.round((result.sums ?? []).reduce((sum, item) => sum + (item.mean ?? 0), 0)) || 100;
