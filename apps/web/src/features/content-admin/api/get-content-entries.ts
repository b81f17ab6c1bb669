import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminContentListSchema, type ContentStatus, type ContentType } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export const CONTENT_PAGE_SIZE = 20;

/** Every cached staff content call starts with this key, so one invalidation refreshes lists and entries. */
export const contentAdminKey = ['admin', 'content'] as const;

export interface ContentEntriesQuery {
  type: ContentType;
  q: string;
  status: ContentStatus | undefined;
  page: number;
}

/** GET /v2/admin/content/:type: one page of entries of a type, drafts included. */
export async function getContentEntries(query: ContentEntriesQuery, signal?: AbortSignal) {
  const body = await backend.get(`/v2/admin/content/${query.type}`, {
    query: {
      q: query.q || undefined,
      status: query.status,
      page: query.page,
      pageSize: CONTENT_PAGE_SIZE,
    },
    ...(signal ? { signal } : {}),
  });
  return adminContentListSchema.parse(body);
}

export const contentEntriesQueryOptions = (query: ContentEntriesQuery) =>
  queryOptions({
    queryKey: [...contentAdminKey, 'list', query],
    queryFn: ({ signal }) => getContentEntries(query, signal),
    placeholderData: keepPreviousData,
  });

export const useContentEntries = (query: ContentEntriesQuery) => useQuery(contentEntriesQueryOptions(query));
