import { queryOptions, useQuery } from '@tanstack/react-query';
import { copyDocumentSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { contentAdminKey } from './get-content-entries';

export const copyDocumentKey = [...contentAdminKey, 'copy'] as const;

/** GET /v2/admin/content/copy: the interface copy, section → key → text. */
export async function getCopyDocument(signal?: AbortSignal) {
  const body = await backend.get<{ data: unknown }>('/v2/admin/content/copy', {
    ...(signal ? { signal } : {}),
  });
  return copyDocumentSchema.parse(body.data);
}

export const copyDocumentQueryOptions = () =>
  queryOptions({
    queryKey: copyDocumentKey,
    queryFn: ({ signal }) => getCopyDocument(signal),
    // The table is edited in place; a background refetch must not drop unsaved edits.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCopyDocument = () => useQuery(copyDocumentQueryOptions());
