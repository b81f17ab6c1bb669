import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingResponseSchema, type CompanyForm } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders, organizationKeys } from './organization-headers';

/** PUT /v2/organization/billing with the company form. */
export async function updateBilling(organizationId: string, input: CompanyForm) {
  const body = await backend.put('/v2/organization/billing', input, {
    headers: organizationHeaders(organizationId),
  });
  return billingResponseSchema.parse(body).data;
}

export const useUpdateBilling = (organizationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyForm) => updateBilling(organizationId, input),
    onSuccess: (billing) => queryClient.setQueryData(organizationKeys.billing(organizationId), billing),
  });
};
