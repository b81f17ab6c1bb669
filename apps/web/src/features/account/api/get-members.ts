import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { organizationHeaders, organizationKeys } from './organization-headers';

/** GET /v2/organization/members: members and open invitations of the organisation. */
export async function getMembers(organizationId: string, signal?: AbortSignal) {
  const body = await backend.get('/v2/organization/members', {
    headers: organizationHeaders(organizationId),
    ...(signal ? { signal } : {}),
  });
  return membersResponseSchema.parse(body).data;
}

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.members(organizationId),
    queryFn: ({ signal }) => getMembers(organizationId, signal),
  });

export const useMembers = (organizationId: string) => useQuery(membersQueryOptions(organizationId));
