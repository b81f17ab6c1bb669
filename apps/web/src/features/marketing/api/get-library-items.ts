import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicLibraryItem, StrapiList } from '@tv/contract';
import { cms } from '../../../lib/cms-client';

/** GET /cms/api/teenvoice-library-items: guides, templates, toolkits and webinars, newest first. */
export function getLibraryItems(signal?: AbortSignal) {
  return cms.get<StrapiList<PublicLibraryItem>>('/api/teenvoice-library-items', {
    query: {
      sort: 'publishedAt:desc',
      'pagination[page]': 1,
      'pagination[pageSize]': 24,
      populate: '*',
    },
    ...(signal ? { signal } : {}),
  });
}

export const getLibraryItemsQueryOptions = () =>
  queryOptions({
    queryKey: ['cms', 'library-items'],
    queryFn: ({ signal }) => getLibraryItems(signal),
  });

export const useLibraryItems = () => useSuspenseQuery(getLibraryItemsQueryOptions());
