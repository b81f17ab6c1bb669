import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { LegalPageAttributes, StrapiList } from '@tv/contract';
import { cms } from '../../../lib/cms-client';
import { bySlugQuery, firstEntry } from '../utils/strapi';

/** GET /cms/api/teenvoice-legal-pages?filters[slug][$eq]={slug}: the page, or null. */
export async function getLegalPage(slug: string, signal?: AbortSignal) {
  const body = await cms.get<StrapiList<LegalPageAttributes>>('/api/teenvoice-legal-pages', {
    query: bySlugQuery(slug),
    ...(signal ? { signal } : {}),
  });
  return firstEntry(body);
}

export const getLegalPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['cms', 'legal-page', slug],
    queryFn: ({ signal }) => getLegalPage(slug, signal),
  });

export const useLegalPage = (slug: string) => useSuspenseQuery(getLegalPageQueryOptions(slug));
