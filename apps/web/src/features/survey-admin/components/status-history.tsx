import { Stack, Title } from '@mantine/core';
import { StatusHistoryTimeline } from '../../../components/ui/status-history-timeline';

/** Who moved the survey between statuses, when and why (the note and the reasons for changes), newest first. */
export function StatusHistory({ surveyId }: { surveyId: string }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Status history
      </Title>
      <StatusHistoryTimeline surveyId={surveyId} testId="status-history" />
    </Stack>
  );
}
