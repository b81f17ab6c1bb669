import type { StrapiEntry, StrapiList, StrapiMedia } from '@tv/contract';
import type { QueryValue } from '../../../lib/http';

export type StrapiQuery = Record<string, QueryValue>;

/** What the research feed and its filters ask of both articles and reports. */
export interface ResearchFilters {
  theme?: string | undefined;
  tag?: string | undefined;
  q?: string | undefined;
}

/**
 * Strapi filter syntax for the research feed: theme and tag narrow, the search matches the title or
 * the summary, case-insensitively (spec: filters[$or][i][field][$containsi]).
 */
export function researchFilterQuery({ theme, tag, q }: ResearchFilters): StrapiQuery {
  const query: StrapiQuery = {};
  if (theme) query['filters[theme][$eq]'] = theme;
  if (tag) query['filters[tags][$contains]'] = tag;
  const search = q?.trim();
  if (search) {
    query['filters[$or][0][title][$containsi]'] = search;
    query['filters[$or][1][summary][$containsi]'] = search;
  }
  return query;
}

export interface CardListParams extends ResearchFilters {
  pageSize?: number;
}

/** A feed of cards: filtered, newest first, with covers and only the fields a card shows. */
export const cardListQuery = (params: CardListParams, fields: readonly string[]): StrapiQuery => ({
  ...researchFilterQuery(params),
  sort: 'publishedAt:desc',
  'pagination[page]': 1,
  'pagination[pageSize]': params.pageSize ?? 100,
  'populate[0]': 'cover',
  ...Object.fromEntries(fields.map((field, index) => [`fields[${index}]`, field])),
});

export const bySlugQuery = (slug: string): StrapiQuery => ({
  'filters[slug][$eq]': slug,
  'pagination[page]': 1,
  'pagination[pageSize]': 1,
  populate: '*',
});

/** Spec §7: a lookup by slug answers a list; data[0] is the entry, or there is none. */
export const firstEntry = <A>(list: StrapiList<A> | undefined): StrapiEntry<A> | null =>
  list?.data?.[0] ?? null;

export interface MediaImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** A populated media relation as an image with its intrinsic size, so the page never shifts as it loads. */
export function mediaImage(media: StrapiMedia | null | undefined, fallbackAlt: string): MediaImage | null {
  const attributes = media?.data?.attributes;
  if (!attributes?.url) return null;
  return {
    url: attributes.url,
    alt: attributes.alternativeText?.trim() || fallbackAlt,
    width: attributes.width ?? 1200,
    height: attributes.height ?? 675,
  };
}
