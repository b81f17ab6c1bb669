import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import classes from './marketing.module.css';

export interface Feature {
  icon: Icon;
  title: string;
  description: string;
}

export function FeatureGrid({ features, columns = 3 }: { features: readonly Feature[]; columns?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="lg">
      {features.map((feature) => (
        <Card key={feature.title} withBorder radius="lg" padding="xl" className={classes.card}>
          <ThemeIcon size={44} radius="md" variant="light" mb="md">
            <feature.icon size={24} stroke={1.7} aria-hidden />
          </ThemeIcon>
          <Title order={3} fz="lg" mb={6}>
            {feature.title}
          </Title>
          <Text c="dimmed" lh={1.6}>
            {feature.description}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
