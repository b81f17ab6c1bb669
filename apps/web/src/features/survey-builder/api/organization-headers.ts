import { ORGANIZATION_HEADER } from '@tv/contract';

/** Organisation-scoped calls name the organisation; without it they act on the caller's own drafts. */
export const organizationHeaders = (organizationId: string | null): Record<string, string> =>
  organizationId ? { [ORGANIZATION_HEADER]: organizationId } : {};
