import {
  canPlatform,
  effectiveOrganizationPermissions,
  effectivePlatformPermissions,
  type OrganizationPermission,
  type PlatformPermission,
  type Profile,
  permissionsForOrganizationRole,
  permissionsForPlatformRole,
} from '@tv/contract';
import type { Db } from '../../db/client';
import { findActiveSession, findUserById, type UserRow } from './repository';
import { cachedViewer, storeViewer } from './viewer-cache';

export interface ViewerMembership {
  organizationId: string;
  name: string;
  roleName: string | null;
  permissions: OrganizationPermission[];
}

/** Who is calling: the signed-in (or soft-registered) user with what they may do. */
export interface Viewer {
  user: UserRow;
  sessionId: string;
  isAnonymous: boolean;
  platformRoleName: string | null;
  platformPermissions: PlatformPermission[];
  canPlatform: boolean;
  memberships: ViewerMembership[];
}

/**
 * What identity needs to know of organisations: a user's memberships (for the viewer) and an
 * organisation's name (for the organisation a request acts on). Identity declares it; the
 * organizations module, which owns both and sits above identity, fulfils it when it loads
 * (decision 039).
 */
export interface OrganizationDirectory {
  membershipsOf(
    db: Db,
    userId: string,
  ): Promise<Array<{ organizationId: string; name: string; roleName: string | null }>>;
  find(db: Db, organizationId: string): Promise<{ id: string; name: string } | null>;
}

let directory: OrganizationDirectory | null = null;

/** Called once, by the organizations module. */
export function provideOrganizationDirectory(given: OrganizationDirectory): void {
  directory = given;
}

export function organizationDirectory(): OrganizationDirectory {
  if (!directory) throw new Error('No organization directory: the organizations module is not loaded');
  return directory;
}

export const isAnonymousUser = (user: Pick<UserRow, 'firstName' | 'lastName'>) =>
  user.firstName === null && user.lastName === null;

/** The viewer of a session, from the short-lived cache when this copy has it (viewer-cache.ts). */
export async function loadViewer(db: Db, userId: string, sessionId: string): Promise<Viewer | null> {
  const cached = cachedViewer(sessionId, userId);
  if (cached) return cached;
  const startedAt = Date.now();
  const viewer = await readViewer(db, userId, sessionId);
  if (viewer) storeViewer(viewer, startedAt);
  return viewer;
}

async function readViewer(db: Db, userId: string, sessionId: string): Promise<Viewer | null> {
  const [session, user] = await Promise.all([
    findActiveSession(db, sessionId, userId),
    findUserById(db, userId),
  ]);
  if (!session || !user) return null;
  const memberships = await organizationDirectory().membershipsOf(db, userId);
  const platformPermissions = effectivePlatformPermissions(permissionsForPlatformRole(user.platformRoleName));
  return {
    user,
    sessionId,
    isAnonymous: isAnonymousUser(user),
    platformRoleName: user.platformRoleName,
    platformPermissions,
    canPlatform: canPlatform({ roleName: user.platformRoleName, permissions: platformPermissions }),
    memberships: memberships.map((m) => ({
      ...m,
      permissions: effectiveOrganizationPermissions(permissionsForOrganizationRole(m.roleName)),
    })),
  };
}

/** The user of spec §3, exactly. */
export function toProfile(viewer: Viewer): Profile {
  const { user } = viewer;
  const base = {
    id: user.id,
    ...(user.acceptMarketing === null ? {} : { acceptMarketing: user.acceptMarketing }),
    platform: { roleName: viewer.platformRoleName, permissions: viewer.platformPermissions },
    organizations: viewer.memberships.map((m) => ({
      id: m.organizationId,
      name: m.name,
      roleName: m.roleName,
      permissions: m.permissions,
    })),
  };
  if (viewer.isAnonymous) return { ...base, firstName: null, lastName: null, email: user.email };
  return { ...base, firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email ?? '' };
}
