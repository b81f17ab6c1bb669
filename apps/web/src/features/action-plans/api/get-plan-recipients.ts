import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponseSchema, ORGANIZATION_HEADER, type OrganizationMember } from '@tv/contract';
import { backend } from '../../../lib/backend-client';

/**
 * GET /v2/organization/members of the survey's organisation: the only people an action plan can be
 * mailed to (the server refuses anyone else).
 */
export async function getPlanRecipients(
  organizationId: string,
  signal?: AbortSignal,
): Promise<OrganizationMember[]> {
  const body = await backend.get('/v2/organization/members', {
    headers: { [ORGANIZATION_HEADER]: organizationId },
    ...(signal ? { signal } : {}),
  });
  return membersResponseSchema.parse(body).data.members.filter((member) => member.email);
}

export const planRecipientsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organization', organizationId, 'members', { for: 'action-plan' }],
    queryFn: ({ signal }) => getPlanRecipients(organizationId, signal),
  });

export const usePlanRecipients = (organizationId: string, enabled: boolean) =>
  useQuery({ ...planRecipientsQueryOptions(organizationId), enabled });
