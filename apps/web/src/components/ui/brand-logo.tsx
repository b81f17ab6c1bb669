import { Group, Text } from '@mantine/core';
import { BrandMark } from './brand-mark';

/** The wordmark; its text is the accessible name of the link that wraps it. */
export function BrandLogo() {
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark />
      <Text component="span" fw={800} fz={20} lts={-0.4} c="var(--mantine-color-text)">
        TeenVoice
      </Text>
    </Group>
  );
}
