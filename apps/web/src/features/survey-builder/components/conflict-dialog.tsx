import { Badge, Button, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Survey } from '@tv/contract';
import type { BuilderCopy } from '../copy';
import { otherDifferences, questionDifferences } from '../utils/compare-versions';
import { draftFromSurvey, type SurveyDraft } from '../utils/draft';
import { questionLabel } from '../utils/questions';

interface ConflictDialogProps {
  mine: SurveyDraft;
  theirs: Survey | null;
  copy: BuilderCopy;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

const savedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function VersionColumn({
  title,
  caption,
  version,
  other,
  testId,
}: {
  title: string;
  caption: string;
  version: SurveyDraft;
  other: SurveyDraft;
  testId: string;
}) {
  const differences = questionDifferences(version, other);
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="xs">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
        </div>
        <Text fw={650} data-testid="version-name">
          {version.name || 'Untitled survey'}
        </Text>
        <Text size="sm" c="dimmed">
          {version.questions.length} question{version.questions.length === 1 ? '' : 's'}
        </Text>
        <List type="ordered" spacing={4} size="sm" listStyleType="none" ml={0} pl={0}>
          {version.questions.map((question, index) => {
            const difference = differences.get(question.id);
            return (
              <List.Item key={question.id}>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Text size="sm" style={{ flex: 1 }}>
                    {questionLabel(question, index)}
                  </Text>
                  {difference === 'changed' ? (
                    <Badge size="xs" color="orange" variant="light">
                      Changed
                    </Badge>
                  ) : difference === 'only-here' ? (
                    <Badge size="xs" color="blue" variant="light">
                      Only here
                    </Badge>
                  ) : null}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}

/**
 * Someone saved the survey while this author was editing: both versions side by side, and the author
 * chooses. Nothing is overwritten until then, so the dialog cannot be dismissed without a choice.
 */
export function ConflictDialog({ mine, theirs, copy, onKeepMine, onTakeTheirs }: ConflictDialogProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (!theirs) return null;
  const saved = draftFromSurvey(theirs);
  const differences = otherDifferences(mine, saved);

  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="xl"
      fullScreen={narrow}
      title={copy.conflictTitle}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text>{copy.conflictBody}</Text>
        {differences.length > 0 ? (
          <Text size="sm" c="dimmed">
            The versions differ in: {differences.join(', ')}.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <VersionColumn
            title="Your version"
            caption="Your edits on this device, not saved yet"
            version={mine}
            other={saved}
            testId="conflict-mine"
          />
          <VersionColumn
            title="Saved version"
            caption={`Saved by someone else, ${savedAt(theirs.updatedAt)}`}
            version={saved}
            other={mine}
            testId="conflict-theirs"
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onTakeTheirs}>
            Use the saved version
          </Button>
          <Button onClick={onKeepMine}>Keep my version</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
