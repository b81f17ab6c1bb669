import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentEntrySchema, type ContentType } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { contentAdminKey } from './get-content-entries';
import { contentEntryKey } from './get-content-entry';

export type PublicationChange =
  | { action: 'publish' }
  | { action: 'unpublish' }
  | { action: 'schedule'; publishAt: string };

/**
 * POST /v2/admin/content/:type/:id/publish, /unpublish or /schedule {publishAt}: one file for the three
 * calls because they answer the same way and the editor treats them alike.
 */
export async function changePublication(type: ContentType, id: number, change: PublicationChange) {
  const path = `/v2/admin/content/${type}/${id}/${change.action}`;
  const body = await backend.post<{ data: unknown } | undefined>(
    path,
    change.action === 'schedule' ? { publishAt: change.publishAt } : undefined,
  );
  const parsed = adminContentEntrySchema.safeParse(body?.data);
  return parsed.success ? parsed.data : null;
}

export const useChangePublication = (type: ContentType) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: PublicationChange }) =>
      changePublication(type, id, change),
    onSuccess: async (entry, { id }) => {
      if (entry) queryClient.setQueryData(contentEntryKey(type, id), entry);
      else await queryClient.invalidateQueries({ queryKey: contentEntryKey(type, id) });
      void queryClient.invalidateQueries({ queryKey: [...contentAdminKey, 'list'] });
    },
  });
};
