import type { ResearchTheme, StrapiEntry, StrapiList } from '@tv/contract';
import type { ArticleCard } from '../api/get-articles';
import type { ReportCard } from '../api/get-reports';
import { type MediaImage, mediaImage } from './strapi';

/** One card of the research page's mixed feed. */
export interface FeedItem {
  kind: 'article' | 'report';
  id: number;
  slug: string;
  title: string;
  summary: string;
  theme: ResearchTheme;
  tags: string[];
  cover: MediaImage | null;
  publishedAt: string | null;
}

const articleItem = ({ id, attributes }: StrapiEntry<ArticleCard>): FeedItem => ({
  kind: 'article',
  id,
  slug: attributes.slug,
  title: attributes.title,
  summary: attributes.summary,
  theme: attributes.theme,
  tags: attributes.tags ?? [],
  cover: mediaImage(attributes.cover, ''),
  publishedAt: attributes.publishedAt,
});

const reportItem = ({ id, attributes }: StrapiEntry<ReportCard>): FeedItem => ({
  kind: 'report',
  id,
  slug: attributes.slug,
  title: attributes.title,
  summary: attributes.summary,
  theme: attributes.theme,
  tags: attributes.tags ?? [],
  cover: mediaImage(attributes.cover, ''),
  publishedAt: attributes.publishedAt,
});

const time = (value: string | null) => (value ? Date.parse(value) || 0 : 0);

/** Reports and articles in one list, newest first (the two calls are each sorted; the merge keeps that). */
export function mixFeed(
  articles: StrapiList<ArticleCard> | undefined,
  reports: StrapiList<ReportCard> | undefined,
): FeedItem[] {
  const items = [...(articles?.data ?? []).map(articleItem), ...(reports?.data ?? []).map(reportItem)];
  return items.sort((a, b) => time(b.publishedAt) - time(a.publishedAt) || a.title.localeCompare(b.title));
}

/** Every tag in use, for the tag filter, alphabetically. */
export const feedTags = (items: readonly FeedItem[]) =>
  [...new Set(items.flatMap((item) => item.tags))].sort((a, b) => a.localeCompare(b));
