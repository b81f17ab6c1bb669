import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicReport, StrapiList } from '@tv/contract';
import { cms } from '../../../lib/cms-client';
import { type CardListParams, cardListQuery } from '../utils/strapi';

/** What a card shows: lists leave out the description and findings, so the research feed stays small. */
const reportCardFields = [
  'title',
  'slug',
  'summary',
  'tags',
  'theme',
  'sku',
  'listPrice',
  'pageCount',
  'format',
  'publishedAt',
];
export type ReportCard = Pick<
  PublicReport,
  'title' | 'slug' | 'summary' | 'tags' | 'theme' | 'sku' | 'listPrice' | 'pageCount' | 'format' | 'cover'
>;

export type ReportListParams = CardListParams;

/** GET /cms/api/teenvoice-reports: published reports, newest first, with their covers. */
export function getReports(params: ReportListParams = {}, signal?: AbortSignal) {
  return cms.get<StrapiList<ReportCard>>('/api/teenvoice-reports', {
    query: cardListQuery(params, reportCardFields),
    ...(signal ? { signal } : {}),
  });
}

export const getReportsQueryOptions = ({ theme, tag, q, pageSize }: ReportListParams = {}) =>
  queryOptions({
    queryKey: ['cms', 'reports', { theme, tag, q, pageSize }],
    queryFn: ({ signal }) => getReports({ theme, tag, q, pageSize }, signal),
  });

export const useReports = (params: ReportListParams = {}) => useSuspenseQuery(getReportsQueryOptions(params));
