import { Alert, List, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import { apiErrorSchema, surveyStatusLabels } from '@tv/contract';
import { useSurveyHistory } from '../../lib/api/get-survey-history';
import { isHttpError } from '../../lib/http-error';

const problemMessage = (error: unknown) => {
  if (isHttpError(error)) {
    const parsed = apiErrorSchema.safeParse(error.data);
    if (parsed.success) return parsed.data.message;
  }
  return 'We could not load the status history. Please try again.';
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Who moved a survey between statuses, when and why (the note and the reasons for changes), newest
 * first, with its loading, error and empty states: the admin and moderation screens both show it.
 */
export function StatusHistoryTimeline({ surveyId, testId }: { surveyId: string; testId: string }) {
  const history = useSurveyHistory(surveyId);
  if (history.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading the status history">
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  if (history.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {problemMessage(history.error)}
      </Alert>
    );
  if (history.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Still a draft: nothing has happened to it yet.
      </Text>
    );
  return (
    <Timeline bulletSize={18} lineWidth={2} active={history.data.length} data-testid={testId}>
      {[...history.data].reverse().map((entry) => (
        <Timeline.Item
          key={`${entry.at}-${entry.to}`}
          bullet={<IconPoint size={12} aria-hidden />}
          title={surveyStatusLabels[entry.to]}
          data-testid="history-entry"
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
  );
}
