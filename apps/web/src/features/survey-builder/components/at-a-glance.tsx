import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Survey } from '@tv/contract';
import type { SurveyDraft } from '../utils/draft';
import { surveyPrice, usd } from '../utils/price';

/** The survey in three lines beside the editor; its price is the estimate card's, from surveyPrice. */
export function AtAGlance({ survey, draft }: { survey: Pick<Survey, 'type'>; draft: SurveyDraft }) {
  const price = surveyPrice(draft.audience, draft.questions.length);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="at-a-glance">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" lts={0.6} mb="xs">
        At a glance
      </Title>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm">Questions</Text>
          <Text size="sm" fw={600}>
            {draft.questions.length}
            {survey.type === 'pulse_check' ? ' of 5' : ''}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Audience</Text>
          <Text size="sm" fw={600}>
            {draft.audience
              ? `Ages ${draft.audience.ageMin}–${draft.audience.ageMax}, ${draft.audience.sampleSize.toLocaleString('en-US')} teens`
              : 'Not set'}
          </Text>
        </Group>
        <Group justify="space-between" align="flex-start">
          <Text size="sm">Estimated price</Text>
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={600} data-testid="glance-price">
              {usd(price.estimate.priceUsd)}
            </Text>
            {price.suggested ? (
              <Text size="xs" c="dimmed">
                for the suggested audience
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
