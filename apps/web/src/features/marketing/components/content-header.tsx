import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MediaImage } from '../utils/strapi';
import classes from './marketing.module.css';
import research from './research.module.css';

interface ContentHeaderProps {
  eyebrow: ReactNode;
  title: string;
  summary: string;
  cover: MediaImage | null;
  children?: ReactNode;
}

/** The header of a report or article: the marketing hero with the cover beside the title (below it on phones). */
export function ContentHeader({ eyebrow, title, summary, cover, children }: ContentHeaderProps) {
  return (
    <section className={classes.hero}>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <Grid gap={{ base: 32, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: cover ? 7 : 12 }}>
            <Stack gap="lg" maw={760}>
              {eyebrow}
              <Title order={1} className={classes.pageTitle} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              <Text size="xl" c="dimmed" lh={1.6}>
                {summary}
              </Text>
              {children}
            </Stack>
          </Grid.Col>
          {cover ? (
            <Grid.Col span={{ base: 12, md: 5 }}>
              {/* Above the fold: loaded at once, sized by its attributes so nothing moves. */}
              <img
                src={cover.url}
                alt={cover.alt}
                width={cover.width}
                height={cover.height}
                fetchPriority="high"
                className={research.headerCover}
              />
            </Grid.Col>
          ) : null}
        </Grid>
      </Container>
    </section>
  );
}
