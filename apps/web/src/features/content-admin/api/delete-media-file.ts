import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cms } from '../../../lib/cms-client';
import { mediaFilesKey } from './get-media-files';

/** DELETE /cms/api/upload/files/:id. */
export const deleteMediaFile = (id: number) => cms.delete(`/api/upload/files/${id}`);

export const useDeleteMediaFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMediaFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaFilesKey }),
  });
};
