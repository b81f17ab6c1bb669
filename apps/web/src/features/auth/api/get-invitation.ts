import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationDetailsResponseSchema } from '@tv/contract';
import { plainBackend } from '../../../lib/backend-client';

/** GET /v2/invitation: who invited the token's holder, to which organisation, with which role. */
export async function getInvitation(token: string, signal?: AbortSignal) {
  const body = await plainBackend.get('/v2/invitation', {
    headers: { Authorization: token },
    ...(signal ? { signal } : {}),
  });
  return invitationDetailsResponseSchema.parse(body).data;
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useInvitation = (token: string) =>
  useQuery({ ...invitationQueryOptions(token), enabled: !!token });
