import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminContentEntry } from '@tv/contract';
import { formatDateTime } from '../utils/dates';
import { type EntryValues, labelField } from '../utils/entry-form';

interface ConflictModalProps {
  mine: EntryValues;
  theirs: AdminContentEntry | null;
  saving: boolean;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}

const summaryOf = (values: Record<string, unknown>) =>
  typeof values.summary === 'string'
    ? values.summary
    : typeof values.answer === 'string'
      ? values.answer
      : '';

/** Which top-level fields differ, by their names in the form, so the choice is an informed one. */
function differingFields(mine: EntryValues, theirs: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  return [...keys].filter((key) => JSON.stringify(mine[key] ?? null) !== JSON.stringify(theirs[key] ?? null));
}

function Version({
  heading,
  caption,
  values,
  field,
}: {
  heading: string;
  caption: string;
  values: Record<string, unknown>;
  field: string;
}) {
  const label = typeof values[field] === 'string' ? (values[field] as string) : '';
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
        {heading}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {caption}
      </Text>
      <Title order={3} fz="md" lineClamp={3}>
        {label || 'Untitled'}
      </Title>
      {summaryOf(values) ? (
        <Text size="sm" mt={4} lineClamp={4}>
          {summaryOf(values)}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * Someone saved this entry while it was being edited. Nothing is overwritten until the editor
 * chooses, so the dialog cannot be dismissed without a choice.
 */
export function ConflictModal({ mine, theirs, saving, onKeepMine, onUseTheirs }: ConflictModalProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (!theirs) return null;
  const field = labelField[theirs.type];
  const differences = differingFields(mine, theirs.attributes);
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="xl"
      fullScreen={narrow}
      title={<Text fw={700}>Someone else saved this entry</Text>}
    >
      <Stack gap="md">
        <Text>
          It changed while you were editing. Keep your version to save it over theirs, or use theirs and drop
          your changes.
        </Text>
        {differences.length > 0 ? (
          <Text size="sm" c="dimmed">
            The versions differ in: {differences.join(', ')}.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Version heading="Your version" caption="Your edits, not saved yet" values={mine} field={field} />
          <Version
            heading="Their version"
            caption={`Saved ${formatDateTime(theirs.updatedAt)}`}
            values={theirs.attributes}
            field={field}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onUseTheirs} disabled={saving}>
            Use theirs
          </Button>
          <Button onClick={onKeepMine} loading={saving}>
            Keep my version
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
