import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ActionPlan } from '@tv/contract';
import { type PlanDraft, statusLabels } from '../utils/plan-draft';

function Version({
  heading,
  title,
  summary,
  items,
}: {
  heading: string;
  title: string;
  summary: string;
  items: { id: string; title: string; status: keyof typeof statusLabels }[];
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5} mb={6}>
        {heading}
      </Text>
      <Title order={3} fz="md">
        {title || 'Untitled plan'}
      </Title>
      {summary ? (
        <Text size="sm" mt={4} lineClamp={3}>
          {summary}
        </Text>
      ) : null}
      <Stack component="ol" gap={4} mt="sm" pl="md" m={0}>
        {items.map((item) => (
          <Text component="li" size="sm" key={item.id}>
            {item.title || 'Untitled action'}{' '}
            <Text span size="xs" c="dimmed">
              ({statusLabels[item.status]})
            </Text>
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

interface ConflictModalProps {
  mine: PlanDraft;
  theirs: ActionPlan | null;
  saving: boolean;
  onKeepMine: () => void;
  onUseTheirs: () => void;
  onClose: () => void;
}

/** Someone saved the plan while it was being edited: both versions side by side, and a choice. */
export function ConflictModal({
  mine,
  theirs,
  saving,
  onKeepMine,
  onUseTheirs,
  onClose,
}: ConflictModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      title="Someone else saved this plan meanwhile"
      centered
      size="xl"
    >
      <Stack gap="md">
        <Text size="sm">
          Both versions are shown below. Keep yours to save it over theirs, or use theirs and drop your
          changes.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Version heading="Your version" title={mine.title} summary={mine.summary} items={mine.items} />
          {theirs ? (
            <Version
              heading={`Saved ${new Date(theirs.updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`}
              title={theirs.title}
              summary={theirs.summary ?? ''}
              items={theirs.items}
            />
          ) : (
            <Paper withBorder radius="md" p="md">
              <Text size="sm">The saved plan was removed.</Text>
            </Paper>
          )}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onUseTheirs} disabled={saving}>
            Use theirs
          </Button>
          <Button onClick={onKeepMine} loading={saving}>
            Keep mine
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
