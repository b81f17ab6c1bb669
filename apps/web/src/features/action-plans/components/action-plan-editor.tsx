import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { actionStatuses } from '@tv/contract';
import { type ItemDraft, moveItem, newItem, type PlanDraft, statusLabels } from '../utils/plan-draft';
import type { PlanQuestion } from './action-plan-view';

interface ActionPlanEditorProps {
  draft: PlanDraft;
  onChange: (draft: PlanDraft) => void;
  errors: Record<string, string>;
  questions: readonly PlanQuestion[];
}

/** The plan as a form: its title and summary, and the actions, added, removed and put in order. */
export function ActionPlanEditor({ draft, onChange, errors, questions }: ActionPlanEditorProps) {
  const questionData = questions.map((q, index) => ({ value: q.id, label: `Q${index + 1}. ${q.title}` }));
  const setItem = (index: number, patch: Partial<ItemDraft>) =>
    onChange({ ...draft, items: draft.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });

  return (
    <Stack gap="md" data-testid="action-plan-editor">
      <TextInput
        label="Plan title"
        value={draft.title}
        onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })}
        error={errors.title}
        required
        maxLength={200}
      />
      <Textarea
        label="Summary"
        description="What the results told you, in a sentence or two."
        autosize
        minRows={2}
        maxLength={4000}
        value={draft.summary}
        onChange={(event) => onChange({ ...draft, summary: event.currentTarget.value })}
        error={errors.summary}
      />

      <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Actions">
        {draft.items.map((item, index) => {
          const at = (field: string) => errors[`items.${index}.${field}`];
          const name = item.title.trim() || `action ${index + 1}`;
          return (
            <Paper
              component="li"
              key={item.id}
              withBorder
              radius="md"
              p="md"
              data-testid="action-item-editor"
              aria-label={`Action ${index + 1}`}
            >
              <Stack gap="sm">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={700} c="dimmed">
                    Action {index + 1}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${name} up`}
                      disabled={index === 0}
                      onClick={() => onChange({ ...draft, items: moveItem(draft.items, index, -1) })}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${name} down`}
                      disabled={index === draft.items.length - 1}
                      onClick={() => onChange({ ...draft, items: moveItem(draft.items, index, 1) })}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      onClick={() => onChange({ ...draft, items: draft.items.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
                <TextInput
                  label="What will you do?"
                  value={item.title}
                  onChange={(event) => setItem(index, { title: event.currentTarget.value })}
                  error={at('title')}
                  required
                  maxLength={300}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput
                    label="Owner"
                    placeholder="Who makes it happen"
                    value={item.owner}
                    onChange={(event) => setItem(index, { owner: event.currentTarget.value })}
                    error={at('owner')}
                    maxLength={120}
                  />
                  <TextInput
                    type="date"
                    label="Due date"
                    value={item.dueDate}
                    onChange={(event) => setItem(index, { dueDate: event.currentTarget.value })}
                    error={at('dueDate')}
                  />
                  <Select
                    label="Status"
                    data={actionStatuses.map((status) => ({ value: status, label: statusLabels[status] }))}
                    value={item.status}
                    onChange={(value) => value && setItem(index, { status: value as ItemDraft['status'] })}
                    allowDeselect={false}
                  />
                </SimpleGrid>
                <Stack gap={6}>
                  <Text size="sm" fw={500} id={`link-${item.id}`}>
                    Based on
                  </Text>
                  <SegmentedControl
                    aria-labelledby={`link-${item.id}`}
                    size="xs"
                    value={item.link}
                    onChange={(value) => setItem(index, { link: value as ItemDraft['link'] })}
                    data={[
                      { value: 'question', label: 'A question' },
                      { value: 'finding', label: 'A finding' },
                    ]}
                    style={{ alignSelf: 'flex-start' }}
                  />
                  {item.link === 'question' ? (
                    <Select
                      aria-label={`Question behind ${name}`}
                      placeholder="Choose a question"
                      data={questionData}
                      value={item.questionId}
                      onChange={(value) => setItem(index, { questionId: value })}
                      clearable
                      searchable
                      error={at('questionId')}
                    />
                  ) : (
                    <Textarea
                      aria-label={`Finding behind ${name}`}
                      placeholder="e.g. Two in three teens say getting home is the hardest part"
                      autosize
                      minRows={2}
                      maxLength={1000}
                      value={item.finding}
                      onChange={(event) => setItem(index, { finding: event.currentTarget.value })}
                      error={at('finding')}
                    />
                  )}
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {errors.items ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errors.items}
        </Text>
      ) : null}
      <div>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange({ ...draft, items: [...draft.items, newItem()] })}
          disabled={draft.items.length >= 100}
        >
          Add an action
        </Button>
      </div>
    </Stack>
  );
}
