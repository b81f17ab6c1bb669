import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { FaqAttributes, StrapiList } from '@tv/contract';
import { cms } from '../../../lib/cms-client';

export type FaqPlacement = FaqAttributes['placement'];

/** GET /cms/api/teenvoice-faqs: the questions of one page, in the order editors gave them. */
export function getFaqs(placement: FaqPlacement, signal?: AbortSignal) {
  return cms.get<StrapiList<FaqAttributes>>('/api/teenvoice-faqs', {
    query: {
      'filters[placement][$eq]': placement,
      sort: 'order:asc',
      'pagination[page]': 1,
      'pagination[pageSize]': 50,
    },
    ...(signal ? { signal } : {}),
  });
}

export const getFaqsQueryOptions = (placement: FaqPlacement) =>
  queryOptions({
    queryKey: ['cms', 'faqs', placement],
    queryFn: ({ signal }) => getFaqs(placement, signal),
  });

export const useFaqs = (placement: FaqPlacement) => useSuspenseQuery(getFaqsQueryOptions(placement));
