import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

interface PageHeroProps {
  eyebrow: string;
  title: ReactNode;
  description: string;
  actions?: ReactNode;
  aside?: ReactNode;
}

/** The about-style hero used at the top of every marketing page except the homepage. */
export function PageHero({ eyebrow, title, description, actions, aside }: PageHeroProps) {
  return (
    <section className={classes.hero}>
      <Container size="lg" py={{ base: 56, sm: 88 }}>
        <Group justify="space-between" align="center" gap={48} wrap="nowrap">
          <Stack gap="lg" maw={720}>
            <span className={classes.eyebrow}>{eyebrow}</span>
            <Title order={1} className={classes.pageTitle}>
              {title}
            </Title>
            <Text size="xl" c="dimmed" maw={640} lh={1.6}>
              {description}
            </Text>
            {actions ? (
              <Group gap="sm" mt="xs">
                {actions}
              </Group>
            ) : null}
          </Stack>
          {aside ? <div style={{ flexShrink: 0 }}>{aside}</div> : null}
        </Group>
      </Container>
    </section>
  );
}
