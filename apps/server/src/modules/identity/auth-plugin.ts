import type { OrganizationPermission, PlatformPermission } from '@tv/contract';
import { ORGANIZATION_HEADER } from '@tv/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ACCESS_COOKIE, type AccessTokenCheck, verifyAccessToken } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
import { loadViewer, organizationDirectory, type Viewer, type ViewerMembership } from './viewer';

export interface OrganizationScope {
  id: string;
  name: string;
  /** The caller's membership, or null for platform staff acting on an organisation. */
  membership: ViewerMembership | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    accessCheck: Promise<AccessTokenCheck | null> | null;
    viewerPromise: Promise<Viewer | null> | null;
    /** The signed-in or soft-registered caller, or null. */
    getViewer(): Promise<Viewer | null>;
    viewer: Viewer | null;
    organization: OrganizationScope | null;
  }
  interface FastifyInstance {
    sessionSecret: Uint8Array;
    /** preHandler: any session, anonymous included. */
    requireSession: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a registered (not anonymous) user. */
    requireAccount: (request: FastifyRequest) => Promise<void>;
    requirePlatform: (permission: PlatformPermission) => (request: FastifyRequest) => Promise<void>;
    /** preHandler: the x-asa-organization-id organisation, where the caller holds the permission there or on the platform. */
    requireOrganization: (permission: OrganizationPermission) => (request: FastifyRequest) => Promise<void>;
    requirePlatformStaff: (request: FastifyRequest) => Promise<void>;
  }
}

export const unauthenticated = (code = 'UNAUTHENTICATED', message = 'Please sign in to continue.') =>
  new HttpError(401, message, code);
export const forbidden = () => new HttpError(403, "You don't have permission to do that.", 'FORBIDDEN');

const uuid = z.uuid();

/**
 * Checking a token's signature costs more than the rest of a cached request, and a browser sends the
 * same token for up to 15 minutes: good signatures are remembered (the expiry is still checked on
 * every use). Revocation is the session check's job, not the token's.
 */
function createTokenChecker(secret: Uint8Array, maxEntries = 20_000) {
  const verified = new Map<string, { claims: { userId: string; sessionId: string }; expiresAt: number }>();
  return async function checkToken(token: string): Promise<AccessTokenCheck> {
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return { ok: true, claims: known.claims };
      verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const check = await verifyAccessToken(secret, token);
    if (check.ok && check.expiresAt !== undefined) {
      if (verified.size >= maxEntries) verified.clear();
      verified.set(token, { claims: check.claims, expiresAt: check.expiresAt });
    }
    return check;
  };
}

export const authPlugin = fp(async (app: FastifyInstance, options: { secret: Uint8Array }) => {
  app.decorate('sessionSecret', options.secret);
  const checkToken = createTokenChecker(options.secret);
  app.decorateRequest('accessCheck', null);
  app.decorateRequest('viewerPromise', null);
  app.decorateRequest('viewer', null);
  app.decorateRequest('organization', null);
  /** The access cookie's check, once per request however many guards and handlers ask. */
  const accessCheckOf = (request: FastifyRequest) => {
    request.accessCheck ??= (async () => {
      const token = request.cookies[ACCESS_COOKIE];
      return token ? checkToken(token) : null;
    })();
    return request.accessCheck;
  };
  app.decorateRequest('getViewer', function (this: FastifyRequest) {
    this.viewerPromise ??= (async () => {
      const check = await accessCheckOf(this);
      if (!check?.ok) return null;
      return loadViewer(app.database.db, check.claims.userId, check.claims.sessionId);
    })();
    return this.viewerPromise;
  });

  async function requireSession(request: FastifyRequest) {
    const check = await accessCheckOf(request);
    if (!check) throw unauthenticated();
    if (!check.ok) {
      throw check.reason === 'expired'
        ? unauthenticated('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.')
        : unauthenticated();
    }
    const viewer = await request.getViewer();
    if (!viewer) throw unauthenticated('SESSION_ENDED', 'You were signed out. Please sign in again.');
    request.viewer = viewer;
  }

  app.decorate('requireSession', requireSession);

  app.decorate('requireAccount', async (request: FastifyRequest) => {
    await requireSession(request);
    if (request.viewer!.isAnonymous)
      throw unauthenticated('ACCOUNT_REQUIRED', 'Please sign in or create an account to continue.');
  });

  app.decorate('requirePlatformStaff', async (request: FastifyRequest) => {
    await requireSession(request);
    if (!request.viewer!.canPlatform) throw forbidden();
  });

  app.decorate('requirePlatform', (permission: PlatformPermission) => async (request: FastifyRequest) => {
    await requireSession(request);
    if (!request.viewer!.platformPermissions.includes(permission)) throw forbidden();
  });

  app.decorate(
    'requireOrganization',
    (permission: OrganizationPermission) => async (request: FastifyRequest) => {
      await requireSession(request);
      const viewer = request.viewer!;
      const header = request.headers[ORGANIZATION_HEADER];
      const id = Array.isArray(header) ? header[0] : header;
      if (!id) throw new HttpError(400, 'Choose an organization first.', 'ORGANIZATION_REQUIRED');
      if (!uuid.safeParse(id).success)
        throw new HttpError(400, 'The organization id must be a uuid.', 'INVALID_ORGANIZATION_ID');
      const membership = viewer.memberships.find((m) => m.organizationId === id) ?? null;
      if (membership?.permissions.includes(permission)) {
        request.organization = { id, name: membership.name, membership };
        return;
      }
      if (viewer.platformPermissions.includes(permission)) {
        const organization = await organizationDirectory().find(app.database.db, id);
        if (!organization)
          throw new HttpError(404, 'That organization does not exist.', 'ORGANIZATION_NOT_FOUND');
        request.organization = { id, name: organization.name, membership };
        return;
      }
      throw forbidden();
    },
  );
});
