/**
 * Permissions are written resource~action (spec §6). `commerce` (the storefront's products, orders
 * and sales), `content` (the content service's staff screens), `leads` (contact and sales forms)
 * and `mail~read` (the outbox, decision 023) are ours: platform staff only, never organisations.
 */
export const platformPermissions = [
  'commerce~manage',
  'commerce~view',
  'content~manage',
  'content~view',
  'leads~manage',
  'leads~view',
  'mail~read',
  'org_users~manage',
  'org_users~view',
  'orgs_billing~manage',
  'orgs_billing~view',
  'orgs~create',
  'orgs~delete',
  'orgs~update',
  'orgs~view',
  'platform_users~manage',
  'platform_users~view',
  'survey_users~manage',
  'survey_users~view',
  'surveys~archive',
  'surveys~create',
  'surveys~delete',
  'surveys~download_results',
  'surveys~moderate',
  'surveys~pause',
  'surveys~publish',
  'surveys~submit',
  'surveys~update',
  'surveys~view',
  'surveys~view_results',
  'tags~create',
  'tags~delete',
  'tags~update',
  'tags~view',
] as const;
export type PlatformPermission = (typeof platformPermissions)[number];

const notForOrganizations = new Set<string>([
  'commerce~manage',
  'commerce~view',
  'content~manage',
  'content~view',
  'leads~manage',
  'leads~view',
  'mail~read',
  'orgs~create',
  'platform_users~manage',
  'platform_users~view',
  'surveys~moderate',
  'surveys~publish',
]);

/** The same set without orgs create, platform_users, surveys moderate and surveys publish. */
export const organizationPermissions = platformPermissions.filter(
  (p) => !notForOrganizations.has(p),
) as Exclude<
  PlatformPermission,
  | 'commerce~manage'
  | 'commerce~view'
  | 'content~manage'
  | 'content~view'
  | 'leads~manage'
  | 'leads~view'
  | 'mail~read'
  | 'orgs~create'
  | 'platform_users~manage'
  | 'platform_users~view'
  | 'surveys~moderate'
  | 'surveys~publish'
>[];
export type OrganizationPermission = (typeof organizationPermissions)[number];
export type Permission = PlatformPermission;

export const platformRoleNames = ['Super Admin', 'Platform Admin', 'Platform Survey Moderator'] as const;
export type PlatformRoleName = (typeof platformRoleNames)[number];

export const ORGANIZATION_ADMIN = 'Organization Admin';
/** Roles the product offers when inviting; any other free string is allowed and gets the Viewer set. */
export const organizationRoleNames = [ORGANIZATION_ADMIN, 'Researcher', 'Viewer'] as const;

const all = <T extends string>(list: readonly T[]) => [...list];

export const platformRolePermissions: Record<PlatformRoleName, PlatformPermission[]> = {
  'Super Admin': all(platformPermissions),
  // The outbox is the Super Admin's alone: even redacted, it shows who was mailed what (decision 023).
  'Platform Admin': platformPermissions.filter((p) => p !== 'platform_users~manage' && p !== 'mail~read'),
  'Platform Survey Moderator': [
    'orgs~view',
    'org_users~view',
    'survey_users~view',
    'surveys~view',
    'surveys~moderate',
    'surveys~view_results',
    'tags~view',
    'content~view',
  ],
};

const viewerPermissions: OrganizationPermission[] = [
  'orgs~view',
  'org_users~view',
  'surveys~view',
  'surveys~view_results',
  'tags~view',
];

export const organizationRolePermissions: Record<
  (typeof organizationRoleNames)[number],
  OrganizationPermission[]
> = {
  'Organization Admin': all(organizationPermissions),
  Researcher: [
    'orgs~view',
    'org_users~view',
    'survey_users~manage',
    'survey_users~view',
    'surveys~archive',
    'surveys~create',
    'surveys~download_results',
    'surveys~pause',
    'surveys~submit',
    'surveys~update',
    'surveys~view',
    'surveys~view_results',
    'tags~create',
    'tags~update',
    'tags~view',
  ],
  Viewer: viewerPermissions,
};

// Role names are free text (an admin may name a role `toString` or `__proto__`): looked up in Maps,
// never as keys of a plain object, where such a name finds what Object.prototype holds.
const organizationRoles = new Map<string, OrganizationPermission[]>(
  Object.entries(organizationRolePermissions),
);
const platformRoles = new Map<string, PlatformPermission[]>(Object.entries(platformRolePermissions));

export function permissionsForOrganizationRole(roleName: string | null): OrganizationPermission[] {
  return [...((roleName && organizationRoles.get(roleName)) || viewerPermissions)];
}

export function permissionsForPlatformRole(roleName: string | null): PlatformPermission[] {
  return [...((roleName && platformRoles.get(roleName)) || [])];
}

/** The platform role a name stands for, whatever its case ('super admin' reads as 'Super Admin'). */
export function platformRoleNamed(name: string): PlatformRoleName | undefined {
  const wanted = name.trim().toLowerCase();
  return platformRoleNames.find((role) => role.toLowerCase() === wanted);
}

const platformSet = new Set<string>(platformPermissions);
const organizationSet = new Set<string>(organizationPermissions);

/** Effective permissions are the held ones filtered to the known lists. */
export const effectivePlatformPermissions = (held: readonly string[]) =>
  held.filter((p): p is PlatformPermission => platformSet.has(p));
export const effectiveOrganizationPermissions = (held: readonly string[]) =>
  held.filter((p): p is OrganizationPermission => organizationSet.has(p));

/** A user 'can platform' when the platform role is set and permissions exist. */
export const canPlatform = (platform: { roleName: string | null; permissions: readonly string[] }) =>
  Boolean(platform.roleName) && effectivePlatformPermissions(platform.permissions).length > 0;
