import { Alert, List, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import { surveyStatusLabels } from '@tv/contract';
import { useSurveyHistory } from '../api/get-survey-history';
import { problemMessage } from '../utils/lifecycle';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Who moved the survey between statuses, when and why (the note and the reasons for changes), newest first. */
export function StatusHistory({ surveyId }: { surveyId: string }) {
  const history = useSurveyHistory(surveyId);
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Status history
      </Title>
      {history.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the status history">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : history.isError ? (
        <Alert color="red" variant="light">
          {problemMessage(history.error)}
        </Alert>
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Still a draft: nothing has happened to it yet.
        </Text>
      ) : (
        <Timeline bulletSize={18} lineWidth={2} active={history.data.length} data-testid="status-history">
          {[...history.data].reverse().map((entry) => (
            <Timeline.Item
              key={`${entry.at}-${entry.to}`}
              bullet={<IconPoint size={12} aria-hidden />}
              title={surveyStatusLabels[entry.to]}
            >
              <Text size="xs" c="dimmed">
                {entry.actorName ?? 'TeenVoice'} · {when(entry.at)}
              </Text>
              {entry.reasons.length > 0 ? (
                <List size="sm" spacing={2} mt={4} data-testid="history-reasons">
                  {entry.reasons.map((reason) => (
                    <List.Item key={reason}>{reason}</List.Item>
                  ))}
                </List>
              ) : null}
              {entry.reason ? (
                <Text size="sm" mt={4}>
                  {entry.reason}
                </Text>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
