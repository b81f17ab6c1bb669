import { Box, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateCardProps {
  icon: Icon;
  title: string;
  description: string;
  /** A call to action under the description. */
  action?: ReactNode;
  descriptionWidth?: number;
}

/** Says why there is nothing to show yet, and what to do about it. */
export function EmptyStateCard({
  icon: EmptyIcon,
  title,
  description,
  action,
  descriptionWidth = 440,
}: EmptyStateCardProps) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={48} radius="xl" variant="light">
          <EmptyIcon size={26} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" maw={descriptionWidth}>
          {description}
        </Text>
        {action ? (
          <Box mt="xs" display="flex">
            {action}
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
