import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicArticle, StrapiList } from '@tv/contract';
import { cms } from '../../../lib/cms-client';
import { HttpError, isHttpError } from '../../../lib/http-error';
import { bySlugQuery, firstEntry } from '../utils/strapi';

/** GET /cms/api/teenvoice-articles?filters[slug][$eq]={slug} (spec §7): data[0] is the article, or null. */
export async function getArticle(slug: string, signal?: AbortSignal) {
  let body: StrapiList<PublicArticle>;
  try {
    body = await cms.get<StrapiList<PublicArticle>>('/api/teenvoice-articles', {
      query: bySlugQuery(slug),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    // Spec §8: a failed article fetch is wrapped with the function's name; the status stays readable.
    const message = `[getArticle] ${error instanceof Error ? error.message : String(error)}`;
    throw isHttpError(error)
      ? new HttpError(error.status, message, error.data)
      : new Error(message, { cause: error });
  }
  return firstEntry(body);
}

export const getArticleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['cms', 'article', slug],
    queryFn: ({ signal }) => getArticle(slug, signal),
  });

export const useArticle = (slug: string) => useSuspenseQuery(getArticleQueryOptions(slug));
