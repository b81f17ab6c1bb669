import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { termsVersionsKey } from './get-terms-versions';

/** POST /v2/admin/content/terms {content}: a new draft version; nobody sees it until it is published. */
export const createTermsVersion = (content: string) => backend.post('/v2/admin/content/terms', { content });

export const useCreateTermsVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTermsVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsVersionsKey }),
  });
};
