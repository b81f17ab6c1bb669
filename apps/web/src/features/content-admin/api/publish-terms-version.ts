import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { termsVersionsKey } from './get-terms-versions';

/** POST /v2/admin/content/terms/:versionTimestamp/publish. */
export const publishTermsVersion = (versionTimestamp: string) =>
  backend.post(`/v2/admin/content/terms/${encodeURIComponent(versionTimestamp)}/publish`);

export const usePublishTermsVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTermsVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsVersionsKey }),
  });
};
