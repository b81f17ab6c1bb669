import { Grid, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Extra controls beside the title, e.g. a button that opens a form. */
  headingId?: string;
}

/** One block of an account page: what it is about on the left, the form on the right (stacked on phones). */
export function SettingsSection({ title, description, children, headingId }: SettingsSectionProps) {
  return (
    <Grid gap={{ base: 'sm', md: 'xl' }} component="section" aria-labelledby={headingId}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          {children}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
