import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconUsersGroup } from '@tabler/icons-react';
import { genderLabels, type QuotaFill, regionLabels } from '@tv/contract';
import { useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { useQuotaFill, useSimulateResponses } from '../api/get-quota-fill';

const groupLabel = (quota: Pick<QuotaFill, 'attribute' | 'value'>) =>
  quota.attribute === 'gender'
    ? (genderLabels[quota.value as keyof typeof genderLabels] ?? quota.value)
    : quota.attribute === 'region'
      ? (regionLabels[quota.value as keyof typeof regionLabels] ?? quota.value)
      : `${quota.value} year-olds`;

const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

export interface FieldworkSectionProps {
  surveyId: string;
  status: string;
  /** Staff who may publish: offered the panel simulator while the survey is live. */
  canSimulate: boolean;
}

/**
 * Fieldwork at a glance: completed responses against the sample, and each quota's fill against its
 * maximum share. Refreshes on its own while the survey is live.
 */
export function FieldworkSection({ surveyId, status, canSimulate }: FieldworkSectionProps) {
  const live = status === 'live';
  const query = useQuotaFill(surveyId, live);
  const data = query.data;

  return (
    <Stack gap="md" data-testid="quota-dashboard">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw={640}>
          <Title order={2} fz={24}>
            Fieldwork
          </Title>
          <Text c="dimmed" size="sm">
            A quota is the most a group may make up of the sample. When a group reaches its share, more teens
            from it are thanked and not asked the questions.
            {live ? ' These figures refresh every 15 seconds.' : ''}
          </Text>
        </Stack>
        {canSimulate && live ? <SimulateButton surveyId={surveyId} /> : null}
      </Group>

      {query.isError ? (
        <Alert color="red" variant="light">
          {serverMessage(query.error, 'We couldn’t load the fieldwork figures.')}
        </Alert>
      ) : !data ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading fieldwork figures">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : (
        <Stack gap="sm">
          <Paper withBorder radius="lg" p="md">
            <Group justify="space-between" gap="xs" mb={6}>
              <Text fw={600}>Sample</Text>
              <Text size="sm" data-testid="sample-fill" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {data.completed.toLocaleString('en-US')} of {data.sampleSize.toLocaleString('en-US')}{' '}
                completed
              </Text>
            </Group>
            <Progress
              value={data.sampleSize ? Math.min(100, (data.completed / data.sampleSize) * 100) : 0}
              aria-label="Completed responses against the sample size"
            />
          </Paper>
          {data.quotas.length === 0 ? (
            <Text size="sm" c="dimmed">
              This survey has no quotas: any teen in the audience counts until the sample is reached. Quotas
              are set with the audience before the survey is submitted.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {data.quotas.map((quota) => (
                <Paper
                  key={`${quota.attribute}:${quota.value}`}
                  withBorder
                  radius="lg"
                  p="md"
                  data-testid="quota-fill"
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
                    <Text fw={600}>{groupLabel(quota)}</Text>
                    {quota.full ? (
                      <Badge color="gray" variant="light" radius="sm" tt="none">
                        Full
                      </Badge>
                    ) : null}
                  </Group>
                  <Progress
                    value={quota.limit ? Math.min(100, (quota.count / quota.limit) * 100) : 0}
                    color={quota.full ? 'gray' : 'blue'}
                    aria-label={`${groupLabel(quota)}: ${quota.count} of at most ${quota.limit}`}
                  />
                  <Text size="sm" mt={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {quota.count.toLocaleString('en-US')} of at most {quota.limit.toLocaleString('en-US')} ·{' '}
                    {percent(quota.sharePercent)} of the sample (target at most {quota.targetPercent}%)
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function SimulateButton({ surveyId }: { surveyId: string }) {
  const simulate = useSimulateResponses();
  const [count, setCount] = useState<number | string>(50);
  const valid = typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= 5000;
  const run = () =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Simulate responses?',
      children: (
        <Text size="sm">
          {`Adds up to ${count} synthetic responses, marked simulated. They take real places in the sample, may complete the survey, and are marked simulated in the quality review. Not available in production.`}
        </Text>
      ),
      labels: { confirm: 'Simulate responses', cancel: 'Cancel' },
      onConfirm: () =>
        simulate.mutate(
          { surveyId, count: Number(count) },
          {
            onSuccess: ({ inserted }) =>
              notifications.show({
                closeButtonProps: { 'aria-label': 'Dismiss' },
                color: 'green',
                title: 'Simulated responses added',
                message: `${inserted.toLocaleString('en-US')} simulated response${inserted === 1 ? '' : 's'} added.`,
              }),
            onError: (error) =>
              notifications.show({
                closeButtonProps: { 'aria-label': 'Dismiss' },
                color: 'red',
                title: 'No responses were added',
                message: serverMessage(error, 'Please try again.'),
              }),
          },
        ),
    });
  return (
    <Group gap="xs" align="flex-end">
      <NumberInput
        label="Responses"
        w={120}
        min={1}
        max={5000}
        allowDecimal={false}
        value={count}
        onChange={setCount}
        error={valid ? undefined : 'From 1 to 5,000'}
      />
      <Button
        variant="light"
        leftSection={<IconUsersGroup size={16} aria-hidden />}
        disabled={!valid}
        loading={simulate.isPending}
        onClick={run}
      >
        Simulate responses
      </Button>
    </Group>
  );
}
