import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders, organizationKeys } from './organization-headers';

/** GET /v2/organization/billing: the company form's details, or null before anyone saved them. */
export async function getBilling(organizationId: string, signal?: AbortSignal) {
  const body = await backend.get('/v2/organization/billing', {
    headers: organizationHeaders(organizationId),
    ...(signal ? { signal } : {}),
  });
  return billingResponseSchema.parse(body).data;
}

export const billingQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.billing(organizationId),
    queryFn: ({ signal }) => getBilling(organizationId, signal),
  });

export const useBilling = (organizationId: string) => useQuery(billingQueryOptions(organizationId));
