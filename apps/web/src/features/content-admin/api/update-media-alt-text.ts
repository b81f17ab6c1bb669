import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cms } from '../../../lib/cms-client';
import { mediaFilesKey } from './get-media-files';

/** PUT /cms/api/upload/files/:id: what the image shows, read out wherever it is a cover. */
export const updateMediaAltText = ({ id, alternativeText }: { id: number; alternativeText: string }) =>
  cms.put(`/api/upload/files/${id}`, { alternativeText });

export const useUpdateMediaAltText = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMediaAltText,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaFilesKey }),
  });
};
