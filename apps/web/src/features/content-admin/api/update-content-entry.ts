import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentEntrySchema, type ContentType } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { contentAdminKey } from './get-content-entries';
import { contentEntryKey } from './get-content-entry';

export interface UpdateContentEntry {
  attributes: Record<string, unknown>;
  /** The version the edit started from; the server answers 409 when someone saved after it. */
  version: number;
}

/** PUT /v2/admin/content/:type/:id. */
export async function updateContentEntry(type: ContentType, id: number, update: UpdateContentEntry) {
  const body = await backend.put<{ data: unknown }>(`/v2/admin/content/${type}/${id}`, update);
  return adminContentEntrySchema.parse(body.data);
}

export const useUpdateContentEntry = (type: ContentType) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...update }: UpdateContentEntry & { id: number }) =>
      updateContentEntry(type, id, update),
    onSuccess: (entry) => {
      queryClient.setQueryData(contentEntryKey(type, entry.id), entry);
      void queryClient.invalidateQueries({ queryKey: [...contentAdminKey, 'list'] });
    },
  });
};
