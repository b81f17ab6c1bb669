import {
  apiErrorSchema,
  effectiveOrganizationPermissions,
  effectivePlatformPermissions,
  type Organization,
  type Profile,
  type SurveyAction,
  type SurveyStatus,
  surveyActions,
  surveyTransitions,
} from '@tv/contract';
import { isHttpError } from '../../../lib/http-error';

export interface Permissions {
  platform: ReadonlySet<string>;
  organization: ReadonlySet<string>;
}

/** The viewer's effective permissions: platform ones and those of the selected organisation (spec §6). */
export function viewerPermissions(
  user: Profile | null,
  selectedOrganization: Organization | null,
): Permissions {
  return {
    platform: new Set(effectivePlatformPermissions(user?.platform.permissions ?? [])),
    organization: new Set(effectiveOrganizationPermissions(selectedOrganization?.permissions ?? [])),
  };
}

export const can = (permissions: Permissions, permission: string, platformOnly = false) =>
  permissions.platform.has(permission) || (!platformOnly && permissions.organization.has(permission));

/**
 * The lifecycle actions the viewer may take from a status. Approving and rejecting happen on the
 * moderation screen, with its checklist, so they are not offered as plain actions.
 */
export function offeredActions(status: SurveyStatus, permissions: Permissions): SurveyAction[] {
  return surveyActions.filter((action) => {
    if (action === 'approve' || action === 'reject') return false;
    const rule = surveyTransitions[action];
    return rule.from.includes(status) && can(permissions, rule.permission, rule.platformOnly);
  });
}

/** The server's message for a failed call, or a plain one. */
export function problemMessage(error: unknown): string {
  if (isHttpError(error)) {
    const parsed = apiErrorSchema.safeParse(error.data);
    if (parsed.success) return parsed.data.message;
    if (error.status === 0) return 'We could not reach TeenVoice. Check your connection and try again.';
  }
  return 'Something went wrong on our side. Please try again.';
}
