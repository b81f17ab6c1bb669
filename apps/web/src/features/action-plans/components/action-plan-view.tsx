import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconLink, IconUser } from '@tabler/icons-react';
import type { ActionItem, ActionPlan } from '@tv/contract';
import { statusLabels } from '../utils/plan-draft';
import { tintText } from '../utils/tint-text';

const statusColors: Record<ActionItem['status'], string> = {
  not_started: 'gray',
  in_progress: 'blue',
  done: 'green',
};

export interface PlanQuestion {
  id: string;
  title: string;
}

const dueLabel = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** A saved plan as everyone reads it: each action with its owner, date, status and what it answers. */
export function ActionPlanView({
  plan,
  questions,
}: {
  plan: ActionPlan;
  questions: readonly PlanQuestion[];
}) {
  const questionLabel = (id: string | null) => {
    const index = questions.findIndex((q) => q.id === id);
    return index >= 0 ? `Q${index + 1}. ${questions[index]!.title}` : null;
  };
  const done = plan.items.filter((item) => item.status === 'done').length;
  return (
    <Stack gap="md" data-testid="action-plan-view">
      <Stack gap={4}>
        <Title order={3} fz="lg">
          {plan.title}
        </Title>
        {plan.summary ? <Text size="sm">{plan.summary}</Text> : null}
        <Text size="xs" c="dimmed">
          {done} of {plan.items.length} action{plan.items.length === 1 ? '' : 's'} done · last saved{' '}
          {new Date(plan.updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
      </Stack>
      {plan.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No actions yet.
        </Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {plan.items.map((item, index) => {
            const linked = questionLabel(item.questionId);
            return (
              <Paper component="li" key={item.id} withBorder radius="md" p="md" data-testid="action-item">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Text fw={600}>
                    <Text span c="dimmed" mr={6}>
                      {index + 1}.
                    </Text>
                    {item.title}
                  </Text>
                  <Badge
                    variant="light"
                    color={statusColors[item.status]}
                    radius="sm"
                    tt="none"
                    style={{ flexShrink: 0, color: tintText(statusColors[item.status]) }}
                  >
                    {statusLabels[item.status]}
                  </Badge>
                </Group>
                <Group gap="lg" mt={6}>
                  {item.owner ? (
                    <Text size="sm" c="dimmed">
                      <IconUser size={14} aria-hidden style={{ marginRight: 4, verticalAlign: -2 }} />
                      {item.owner}
                    </Text>
                  ) : null}
                  {item.dueDate ? (
                    <Text size="sm" c="dimmed">
                      <IconCalendar size={14} aria-hidden style={{ marginRight: 4, verticalAlign: -2 }} />
                      Due {dueLabel(item.dueDate)}
                    </Text>
                  ) : null}
                </Group>
                {linked || item.finding ? (
                  <Text size="sm" mt={6}>
                    <IconLink size={14} aria-hidden style={{ marginRight: 4, verticalAlign: -2 }} />
                    {linked ? `Answers ${linked}` : `Finding: ${item.finding}`}
                  </Text>
                ) : null}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
