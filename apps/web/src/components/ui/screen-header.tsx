import { Stack, Text, Title } from '@mantine/core';

interface ScreenHeaderProps {
  /** The product area, shown above the title. */
  area: string;
  title: string;
  description: string;
}

export function ScreenHeader({ area, title, description }: ScreenHeaderProps) {
  return (
    <Stack gap={6} maw={720}>
      <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
        {area}
      </Text>
      <Title order={1} fz={{ base: 28, sm: 34 }}>
        {title}
      </Title>
      <Text size="lg" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}
