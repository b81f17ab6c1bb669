import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxMessageResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/** GET /v2/admin/mailbox/{id}: one message with its HTML and text. */
export async function getOutboxMessage(id: string, signal?: AbortSignal) {
  const body = await backend.get(`/v2/admin/mailbox/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return outboxMessageResponseSchema.parse(body).data;
}

export const outboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['mail', 'outbox', 'message', id],
    queryFn: ({ signal }) => getOutboxMessage(id, signal),
  });

export const useOutboxMessage = (id: string | null) =>
  useQuery({ ...outboxMessageQueryOptions(id ?? ''), enabled: id !== null });
