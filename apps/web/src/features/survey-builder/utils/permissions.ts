import {
  editableStatuses,
  effectiveOrganizationPermissions,
  effectivePlatformPermissions,
  type Organization,
  type Profile,
  type Survey,
  type SurveyAction,
  surveyActions,
  surveyTransitions,
} from '@tv/contract';

export interface Permissions {
  platform: ReadonlySet<string>;
  organization: ReadonlySet<string>;
}

/**
 * What the viewer may do with a survey: their platform permissions, plus those of their role in the
 * survey's organisation (or, when that is unknown, the selected organisation). Only known
 * permissions count (spec §6).
 */
export function permissionsFor(
  user: Profile | null,
  selectedOrganization: Organization | null,
  surveyOrganizationId: string | null,
): Permissions {
  const membership =
    (surveyOrganizationId && user?.organizations.find((o) => o.id === surveyOrganizationId)) ||
    (!surveyOrganizationId || selectedOrganization?.id === surveyOrganizationId
      ? selectedOrganization
      : null);
  return {
    platform: new Set(effectivePlatformPermissions(user?.platform.permissions ?? [])),
    organization: new Set(effectiveOrganizationPermissions(membership?.permissions ?? [])),
  };
}

export const can = (permissions: Permissions, permission: string, platformOnly = false) =>
  permissions.platform.has(permission) || (!platformOnly && permissions.organization.has(permission));

/** The lifecycle actions offered for a survey in its status; platform-only ones need a platform permission. */
export function allowedActions(status: Survey['status'], permissions: Permissions): SurveyAction[] {
  return surveyActions.filter((action) => {
    const rule = surveyTransitions[action];
    return rule.from.includes(status) && can(permissions, rule.permission, rule.platformOnly);
  });
}

/**
 * Only drafts and surveys with changes requested can be edited, by someone allowed to update them.
 * The author of a personal draft (no organisation yet) always may.
 */
export function canEditSurvey(survey: Pick<Survey, 'status' | 'organizationId'>, permissions: Permissions) {
  if (!editableStatuses.includes(survey.status)) return false;
  return survey.organizationId === null || can(permissions, 'surveys~update');
}

/**
 * Where a new survey goes: the selected organisation when the user is a member allowed to create
 * surveys there, otherwise the user's own drafts (anonymous visitors, platform staff acting for themselves).
 */
export function creationOrganization(user: Profile | null, selectedOrganization: Organization | null) {
  const membership = user?.organizations.find((o) => o.id === selectedOrganization?.id);
  return membership && effectiveOrganizationPermissions(membership.permissions).includes('surveys~create')
    ? membership
    : null;
}
