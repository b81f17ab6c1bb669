import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outboxListResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

export const OUTBOX_PAGE_SIZE = 20;

export interface OutboxQuery {
  page: number;
  search: string;
}

/** GET /v2/admin/mailbox: every message the platform wrote, newest first. */
export async function getOutbox({ page, search }: OutboxQuery, signal?: AbortSignal) {
  const body = await backend.get('/v2/admin/mailbox', {
    query: { page, pageSize: OUTBOX_PAGE_SIZE, search: search || undefined },
    ...(signal ? { signal } : {}),
  });
  return outboxListResponseSchema.parse(body);
}

export const outboxQueryOptions = (query: OutboxQuery) =>
  queryOptions({
    queryKey: ['mail', 'outbox', query],
    queryFn: ({ signal }) => getOutbox(query, signal),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (query: OutboxQuery) => useQuery(outboxQueryOptions(query));
