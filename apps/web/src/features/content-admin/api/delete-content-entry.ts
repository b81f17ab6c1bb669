import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentType } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { contentAdminKey } from './get-content-entries';
import { contentEntryKey } from './get-content-entry';

/** DELETE /v2/admin/content/:type/:id. */
export const deleteContentEntry = (type: ContentType, id: number) =>
  backend.delete(`/v2/admin/content/${type}/${id}`);

export const useDeleteContentEntry = (type: ContentType) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteContentEntry(type, id),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: contentEntryKey(type, id) });
      void queryClient.invalidateQueries({ queryKey: [...contentAdminKey, 'list'] });
    },
  });
};
