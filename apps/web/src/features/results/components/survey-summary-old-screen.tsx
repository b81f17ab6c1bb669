import { Alert, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { suppressionReason } from '@tv/contract';
import { ButtonLink } from '../../../components/ui/links';
import { useSurvey } from '../../../lib/api/get-survey';
import { serverMessage } from '../../../lib/backend-client';
import { useOldSummary } from '../api/get-old-summary';
import { tintText } from '../utils/tint-text';

/** The classic view: a plain table of counts per question and option, for copying into a report. */
export function SurveySummaryOldScreen() {
  const { surveyId = '' } = useParams({ strict: false });
  const survey = useSurvey(surveyId);
  const summary = useOldSummary(surveyId);
  if (survey.isError) throw survey.error;
  const anyHidden = summary.data?.some((q) => q.rows.some((row) => row.count === null)) ?? false;

  return (
    <Stack gap="xl">
      <Stack gap={6}>
        <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
          Results · classic table view
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {survey.data?.name ?? 'Survey summary'}
        </Title>
        <div>
          <ButtonLink
            to="/research/builder/survey/summary/$surveyId"
            params={{ surveyId }}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} aria-hidden />}
          >
            Back to the charts
          </ButtonLink>
        </div>
      </Stack>

      {summary.isError ? (
        <Alert
          color="red"
          variant="light"
          title="We couldn’t load the results"
          styles={{ title: { color: tintText('red') } }}
        >
          <Text size="sm">{serverMessage(summary.error, 'Please try again in a moment.')}</Text>
          <Button mt="sm" size="xs" variant="light" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !summary.data ? (
        <Skeleton h={320} radius="lg" />
      ) : (
        <Stack gap="lg">
          {summary.data.map((question, index) => (
            <Paper key={question.questionId} withBorder radius="lg" p="md" data-testid="old-summary-question">
              <Table striped verticalSpacing="xs" captionSide="top">
                <caption style={{ textAlign: 'left', paddingBottom: 8 }}>
                  <Text fw={650} c="var(--mantine-color-text)" component="span">
                    Q{index + 1}. {question.title}
                  </Text>
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Answer</Table.Th>
                    <Table.Th ta="right" w={120}>
                      Count
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {question.rows.map((row) => (
                    <Table.Tr key={row.label}>
                      <Table.Td>{row.label}</Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {row.count === null ? 'Hidden' : row.count}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ))}
          {anyHidden ? (
            <Text size="sm" c="dimmed">
              {suppressionReason}
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
