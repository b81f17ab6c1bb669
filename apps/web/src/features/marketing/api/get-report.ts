import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicReport, StrapiList } from '@tv/contract';
import { cms } from '../../../lib/cms-client';
import { bySlugQuery, firstEntry } from '../utils/strapi';

/** GET /cms/api/teenvoice-reports?filters[slug][$eq]={slug}: the report with its cover and preview pages. */
export async function getReport(slug: string, signal?: AbortSignal) {
  const body = await cms.get<StrapiList<PublicReport>>('/api/teenvoice-reports', {
    query: bySlugQuery(slug),
    ...(signal ? { signal } : {}),
  });
  return firstEntry(body);
}

export const getReportQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['cms', 'report', slug],
    queryFn: ({ signal }) => getReport(slug, signal),
  });

export const useReport = (slug: string) => useSuspenseQuery(getReportQueryOptions(slug));
