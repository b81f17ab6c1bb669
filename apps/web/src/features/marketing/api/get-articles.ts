import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicArticle, StrapiList } from '@tv/contract';
import { cms } from '../../../lib/cms-client';
import { type CardListParams, cardListQuery } from '../utils/strapi';

/** What a card shows: lists leave out the body, so the research feed stays small. */
const articleCardFields = [
  'title',
  'slug',
  'summary',
  'tags',
  'theme',
  'author',
  'readingTimeMinutes',
  'publishedAt',
];
export type ArticleCard = Pick<
  PublicArticle,
  'title' | 'slug' | 'summary' | 'tags' | 'theme' | 'author' | 'readingTimeMinutes' | 'cover'
>;

export type ArticleListParams = CardListParams;

/** GET /cms/api/teenvoice-articles: published articles, newest first, with their covers. */
export function getArticles(params: ArticleListParams = {}, signal?: AbortSignal) {
  return cms.get<StrapiList<ArticleCard>>('/api/teenvoice-articles', {
    query: cardListQuery(params, articleCardFields),
    ...(signal ? { signal } : {}),
  });
}

export const getArticlesQueryOptions = ({ theme, tag, q, pageSize }: ArticleListParams = {}) =>
  queryOptions({
    queryKey: ['cms', 'articles', { theme, tag, q, pageSize }],
    queryFn: ({ signal }) => getArticles({ theme, tag, q, pageSize }, signal),
  });

export const useArticles = (params: ArticleListParams = {}) =>
  useSuspenseQuery(getArticlesQueryOptions(params));
