import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContentEntrySchema, type ContentType } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { contentAdminKey } from './get-content-entries';

/** GET /v2/admin/content/:type/:id: one entry as it is saved, with its version for the next save. */
export async function getContentEntry(type: ContentType, id: number, signal?: AbortSignal) {
  const body = await backend.get<{ data: unknown }>(`/v2/admin/content/${type}/${id}`, {
    ...(signal ? { signal } : {}),
  });
  return adminContentEntrySchema.parse(body.data);
}

export const contentEntryKey = (type: ContentType, id: number) =>
  [...contentAdminKey, 'entry', type, id] as const;

export const contentEntryQueryOptions = (type: ContentType, id: number) =>
  queryOptions({
    queryKey: contentEntryKey(type, id),
    queryFn: ({ signal }) => getContentEntry(type, id, signal),
    // The form is filled once from the saved entry; a background refetch must not reset it mid-edit.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useContentEntry = (type: ContentType, id: number) =>
  useQuery(contentEntryQueryOptions(type, id));
