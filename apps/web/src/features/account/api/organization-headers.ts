import { ORGANIZATION_HEADER } from '@tv/contract';

/** Organisation calls name the organisation they act in. */
export const organizationHeaders = (organizationId: string) => ({ [ORGANIZATION_HEADER]: organizationId });

export const organizationKeys = {
  members: (organizationId: string) => ['organization', organizationId, 'members'] as const,
  billing: (organizationId: string) => ['organization', organizationId, 'billing'] as const,
};
