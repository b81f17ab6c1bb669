import { Avatar, Badge, Container, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { StrapiEntry } from '@tv/contract';
import { researchThemeLabels } from '@tv/contract';
import { useArticle } from '../api/get-article';
import { type ArticleCard, getArticlesQueryOptions } from '../api/get-articles';
import { formatLongDate } from '../utils/format';
import { mixFeed } from '../utils/research-feed';
import { mediaImage } from '../utils/strapi';
import { buildTableOfContents } from '../utils/table-of-contents';
import { ArticleFeedbackBox } from './article-feedback';
import { ContentHeader } from './content-header';
import research from './research.module.css';
import { ResearchCard } from './research-card';
import { RichText } from './rich-text';
import { TableOfContentsNav } from './table-of-contents-nav';

/** Related articles: the newest others of the same theme. */
export const relatedArticlesQueryOptions = (theme: string) => getArticlesQueryOptions({ theme, pageSize: 4 });

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function RelatedArticles({ article }: { article: StrapiEntry<ArticleCard> }) {
  const { data } = useSuspenseQuery(relatedArticlesQueryOptions(article.attributes.theme));
  const related = mixFeed(data, undefined)
    .filter((item) => item.id !== article.id)
    .slice(0, 3);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading">
      <Title order={2} id="related-heading" fz={26} mb="lg">
        Keep reading
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {related.map((item) => (
          <ResearchCard key={item.id} item={item} />
        ))}
      </SimpleGrid>
    </section>
  );
}

export function ArticlePage() {
  const { article: slug = '' } = useParams({ strict: false });
  const { data: entry } = useArticle(slug);
  // The route's loader turns an unknown slug into the 'Page Not Found' screen before this renders.
  if (!entry) return null;
  const article = entry.attributes;
  const toc = buildTableOfContents(article.body);

  return (
    <>
      <ContentHeader
        eyebrow={
          <Group gap="xs">
            <Badge radius="sm" variant="light">
              Article
            </Badge>
            <Text size="sm" fw={700} tt="uppercase" lts={0.6} c="var(--mantine-color-anchor)">
              {researchThemeLabels[article.theme]}
            </Text>
          </Group>
        }
        title={article.title}
        summary={article.summary}
        cover={mediaImage(article.cover, '')}
      >
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" color="green" aria-hidden>
            {initials(article.author.name)}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600}>
              {article.author.name}
              {article.author.role ? (
                <Text component="span" c="dimmed" fw={400}>
                  {' · '}
                  {article.author.role}
                </Text>
              ) : null}
            </Text>
            <Text size="sm" c="dimmed">
              {article.publishedAt ? (
                <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
              ) : null}
              {article.publishedAt ? ' · ' : ''}
              {article.readingTimeMinutes} min read
            </Text>
          </Stack>
        </Group>
      </ContentHeader>
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Grid gap={{ base: 32, md: 56 }}>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <TableOfContentsNav entries={toc} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap={40} maw={760}>
              <article aria-label={article.title}>
                <RichText html={article.body} />
              </article>
              {article.tags.length > 0 ? (
                <Group
                  gap="xs"
                  component="ul"
                  aria-label="Tags"
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                >
                  {article.tags.map((tag) => (
                    <li key={tag}>
                      <Link to="/research" search={{ tag }} className={research.tagLink}>
                        {tag}
                      </Link>
                    </li>
                  ))}
                </Group>
              ) : null}
              <ArticleFeedbackBox articleId={entry.id} />
            </Stack>
          </Grid.Col>
        </Grid>
        <Stack mt={72}>
          <RelatedArticles article={entry} />
        </Stack>
      </Container>
    </>
  );
}
