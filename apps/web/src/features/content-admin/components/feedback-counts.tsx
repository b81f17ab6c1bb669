import { Group, Text } from '@mantine/core';
import { IconMessage, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import type { AdminContentEntry } from '@tv/contract';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** An article's 'Was this useful?' answers: icons for the eye, whole words for screen readers. */
export function FeedbackCounts({ feedback }: { feedback: NonNullable<AdminContentEntry['feedback']> }) {
  const label = [
    plural(feedback.useful, 'reader found it useful', 'readers found it useful'),
    plural(feedback.notUseful, 'reader did not', 'readers did not'),
    plural(feedback.comments, 'comment', 'comments'),
  ].join(', ');
  return (
    <Group gap="sm" wrap="nowrap" role="img" aria-label={label}>
      <Group gap={4} wrap="nowrap">
        <IconThumbUp size={16} aria-hidden />
        <Text size="sm">{feedback.useful}</Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <IconThumbDown size={16} aria-hidden />
        <Text size="sm">{feedback.notUseful}</Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <IconMessage size={16} aria-hidden />
        <Text size="sm">{feedback.comments}</Text>
      </Group>
    </Group>
  );
}
