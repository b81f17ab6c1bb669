import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentEntrySchema, type ContentType } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { contentAdminKey } from './get-content-entries';
import { contentEntryKey } from './get-content-entry';

/** POST /v2/admin/content/:type: saves a new draft. */
export async function createContentEntry(type: ContentType, attributes: Record<string, unknown>) {
  const body = await backend.post<{ data: unknown }>(`/v2/admin/content/${type}`, { attributes });
  return adminContentEntrySchema.parse(body.data);
}

export const useCreateContentEntry = (type: ContentType) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attributes: Record<string, unknown>) => createContentEntry(type, attributes),
    onSuccess: (entry) => {
      queryClient.setQueryData(contentEntryKey(type, entry.id), entry);
      void queryClient.invalidateQueries({ queryKey: [...contentAdminKey, 'list'] });
    },
  });
};
