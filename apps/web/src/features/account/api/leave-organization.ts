import { useMutation } from '@tanstack/react-query';
import { backend } from '../../../lib/backend-client';
import { applyProfile, fetchProfile } from '../../../lib/session';
import { organizationHeaders } from './organization-headers';

/** POST /v2/organization/leave; the reloaded profile then picks the next organisation. */
export const leaveOrganization = (organizationId: string) =>
  backend.post('/v2/organization/leave', undefined, { headers: organizationHeaders(organizationId) });

export const useLeaveOrganization = () =>
  useMutation({
    mutationFn: async (organizationId: string) => {
      await leaveOrganization(organizationId);
      applyProfile(await fetchProfile());
    },
  });
