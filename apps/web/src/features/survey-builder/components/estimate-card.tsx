import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type Audience, likelyRespondents } from '@tv/contract';
import { surveyPrice, usd } from '../utils/price';

interface EstimateCardProps {
  audience: Audience;
  questionCount: number;
  title: string;
}

/** Feasibility and price of an audience, recalculated as the author changes it (the moderator sees the same). */
export function EstimateCard({ audience, questionCount, title }: EstimateCardProps) {
  const { estimate } = surveyPrice(audience, questionCount);
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="estimate">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Badge color={estimate.feasible ? 'green' : 'orange'} variant="light" data-testid="feasibility">
            {estimate.feasible ? 'Feasible' : 'Hard to reach'}
          </Badge>
        </Group>
        <SimpleGrid cols={3} spacing="sm" aria-live="polite">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Price
            </Text>
            <Text fw={700} fz="xl" data-testid="estimate-price">
              {usd(estimate.priceUsd)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Teens likely to answer
            </Text>
            <Text fw={700} fz="xl" data-testid="estimate-respondents">
              {likelyRespondents(estimate.reachable).toLocaleString('en-US')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Fieldwork
            </Text>
            <Text fw={700} fz="xl">
              {estimate.fieldDays} days
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {audience.sampleSize.toLocaleString('en-US')} completed responses, {questionCount} question
          {questionCount === 1 ? '' : 's'}. Prices in US dollars, before tax.
        </Text>
        {estimate.warnings.length > 0 ? (
          <List
            size="sm"
            spacing={6}
            icon={<IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />}
          >
            {estimate.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
}
