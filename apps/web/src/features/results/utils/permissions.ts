import {
  canPlatform,
  effectiveOrganizationPermissions,
  effectivePlatformPermissions,
  type Organization,
  type Profile,
} from '@tv/contract';

export interface SurveyPermissions {
  isPlatform: boolean;
  has: (permission: string) => boolean;
}

/**
 * What the viewer may do with one survey: their platform permissions, plus those of their role in
 * the survey's organisation (or the selected one). The server still decides every call.
 */
export function surveyPermissions(
  user: Profile | null,
  selectedOrganization: Organization | null,
  surveyOrganizationId: string | null,
): SurveyPermissions {
  const platform = new Set<string>(effectivePlatformPermissions(user?.platform.permissions ?? []));
  const membership =
    user?.organizations.find((o) => o.id === surveyOrganizationId) ??
    (selectedOrganization?.id === surveyOrganizationId ? selectedOrganization : null);
  const organization = new Set<string>(effectiveOrganizationPermissions(membership?.permissions ?? []));
  return {
    isPlatform: user ? canPlatform(user.platform) : false,
    has: (permission) => platform.has(permission) || organization.has(permission),
  };
}
