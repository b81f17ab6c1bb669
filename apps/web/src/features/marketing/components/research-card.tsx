import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { researchThemeLabels } from '@tv/contract';
import { formatLongDate } from '../utils/format';
import type { FeedItem } from '../utils/research-feed';
import classes from './research.module.css';

/** A report or article in a list: cover, theme, type, title, summary and date; the whole card is the link. */
export function ResearchCard({ item, headingLevel = 3 }: { item: FeedItem; headingLevel?: 2 | 3 }) {
  const link =
    item.kind === 'report' ? (
      <Link to="/research/reports/$report" params={{ report: item.slug }} className={classes.cardLink}>
        {item.title}
      </Link>
    ) : (
      <Link to="/research/articles/$article" params={{ article: item.slug }} className={classes.cardLink}>
        {item.title}
      </Link>
    );
  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding={0}
      pos="relative"
      className={classes.feedCard}
      data-kind={item.kind}
    >
      {item.cover ? (
        <img
          src={item.cover.url}
          alt=""
          width={item.cover.width}
          height={item.cover.height}
          loading="lazy"
          decoding="async"
          className={classes.cover}
        />
      ) : null}
      <Stack gap="sm" p="lg" style={{ flex: 1 }}>
        <Group gap="xs">
          <Badge variant={item.kind === 'report' ? 'filled' : 'light'} radius="sm">
            {item.kind === 'report' ? 'Report' : 'Article'}
          </Badge>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.5}>
            {researchThemeLabels[item.theme] ?? item.theme}
          </Text>
        </Group>
        <Title order={headingLevel} fz="lg" lh={1.3}>
          {link}
        </Title>
        <Text c="dimmed" size="sm" lh={1.6} lineClamp={3} style={{ flex: 1 }}>
          {item.summary}
        </Text>
        {item.publishedAt ? (
          <Text size="xs" c="dimmed" component="time" dateTime={item.publishedAt}>
            {formatLongDate(item.publishedAt)}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
