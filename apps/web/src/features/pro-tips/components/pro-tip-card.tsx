import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTipsStore } from '../../../stores/tips-store';
import { nextTip, tipsFromCopy } from '../utils/next-tip';

interface ProTipCardProps {
  /** The builder copy: proTip1 … proTip11. */
  copy: Readonly<Record<string, string | undefined>>;
}

/**
 * One pro tip at a time. Dismissing marks it seen for good (until the tips are reset); the next
 * unseen tip waits for the next builder screen, so tips never pile up in one visit.
 */
export function ProTipCard({ copy }: ProTipCardProps) {
  const seen = useTipsStore((state) => state.seen);
  const dismiss = useTipsStore((state) => state.dismiss);
  const [dismissedNow, setDismissedNow] = useState(false);
  const titleId = useId();
  const tip = nextTip(tipsFromCopy(copy), seen);
  if (!tip || dismissedNow) return null;

  return (
    <Paper
      component="aside"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p="md"
      bg="light-dark(var(--mantine-color-green-0), rgba(52, 211, 153, 0.08))"
      data-testid="pro-tip"
      data-tip={tip.number}
    >
      <Group gap="xs" mb={6} wrap="nowrap">
        <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
          <IconBulb size={16} />
        </ThemeIcon>
        <Text id={titleId} fw={700} size="sm">
          Pro tip
        </Text>
      </Group>
      <Text size="sm">{tip.text}</Text>
      <Group justify="flex-end" mt="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            dismiss(tip.number);
            setDismissedNow(true);
          }}
          aria-label="Got it, hide this tip"
        >
          Got it
        </Button>
      </Group>
    </Paper>
  );
}
