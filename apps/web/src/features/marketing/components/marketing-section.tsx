import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

interface MarketingSectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  description?: string;
  muted?: boolean;
  centered?: boolean;
  children: ReactNode;
}

export function MarketingSection({
  id,
  eyebrow,
  title,
  description,
  muted,
  centered,
  children,
}: MarketingSectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`${classes.section} ${muted ? classes.sectionMuted : ''}`}
    >
      <Container size="lg">
        <Stack
          gap={6}
          mb={48}
          maw={720}
          mx={centered ? 'auto' : undefined}
          ta={centered ? 'center' : undefined}
        >
          {eyebrow ? (
            <Text size="sm" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
              {eyebrow}
            </Text>
          ) : null}
          <Title order={2} id={headingId} fz={{ base: 28, sm: 36 }} lts={-0.5}>
            {title}
          </Title>
          {description ? (
            <Text size="lg" c="dimmed" lh={1.6}>
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </section>
  );
}
