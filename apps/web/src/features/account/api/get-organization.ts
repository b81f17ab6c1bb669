import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders } from './organization-headers';

/** GET /organization: the organisation named by x-asa-organization-id, with its real name. */
export async function getOrganization(organizationId: string, signal?: AbortSignal) {
  const body = await backend.get('/organization', {
    headers: organizationHeaders(organizationId),
    ...(signal ? { signal } : {}),
  });
  return organizationResponseSchema.parse(body).data;
}

export const organizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organization', organizationId],
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
  });

export const useOrganization = (organizationId: string) => useQuery(organizationQueryOptions(organizationId));
