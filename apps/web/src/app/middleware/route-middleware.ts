import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { surveyQueryOptions } from '../../lib/api/get-survey';
import { pageNotFoundError } from '../../lib/http-error';
import { ensureProfile, isProfileVerified, reapplyOrganizationChoice } from '../../lib/session';
import { adminOrganization, selectIsPlatformUser, useUserStore } from '../../stores/user-store';

export interface MiddlewareContext {
  location: ParsedLocation;
  params: Record<string, string>;
  /** True while a hovered link is prefetched; middleware must not redirect or write state then. */
  preload: boolean;
  queryClient: QueryClient;
}

export type RouteMiddleware = (context: MiddlewareContext) => void | Promise<void>;

/** The stored profile is checked with the server once per page load before a screen relies on it. */
async function verifyProfile(softRegister: boolean): Promise<void> {
  if (isProfileVerified()) return;
  await ensureProfile({ softRegister });
}

/** Signed-in members only; anyone else signs in first and comes back. */
export async function requireAuthenticatedUser(context: MiddlewareContext): Promise<void> {
  if (context.preload) return;
  await verifyProfile(false);
  const status = useUserStore.getState().status;
  if (status === 'authenticated') return;
  const back = encodeURIComponent(context.location.href);
  // An anonymous visitor is asked to create an account rather than to sign in (spec §2).
  throw redirect({
    href: `/login?redirect=${back}${status === 'anonymous' ? '#sign-up' : ''}`,
    replace: true,
  });
}

/** Platform staff only; to everyone else the screen does not exist. */
export async function requirePlatformAdmin(context: MiddlewareContext): Promise<void> {
  if (context.preload) return;
  if (!selectIsPlatformUser(useUserStore.getState())) throw pageNotFoundError(context.location.pathname);
}

/** Admin screens acting for an organisation select it locally as 'Admin', with no permissions. */
export function selectAdminOrganization(context: MiddlewareContext): void {
  if (context.preload) return;
  const orgId = context.params.orgId;
  if (orgId) useUserStore.getState().selectOrganization(adminOrganization(orgId));
}

/** Member screens act in an organisation: the URL's, the persisted one, or the first (spec §4). */
export async function selectOrganization(context: MiddlewareContext): Promise<void> {
  if (context.preload) return;
  if (!useUserStore.getState().user) await verifyProfile(false).catch(() => null);
  reapplyOrganizationChoice();
}

/** Visitors without a session become anonymous (soft-registered) users, so their drafts are kept. */
export async function softRegisterVisitor(context: MiddlewareContext): Promise<void> {
  if (context.preload) return;
  const hadProfile = useUserStore.getState().user !== null;
  // With a stored profile the screen can still work while the server cannot be reached.
  await verifyProfile(true).catch((error: unknown) => {
    if (!hadProfile) throw error;
  });
}

/**
 * Survey screens need the survey the URL names: it is loaded before the screen, so one that does
 * not exist or is not the viewer's shows the error screen ('Could not load your survey').
 */
export async function loadSurvey(context: MiddlewareContext): Promise<void> {
  const surveyId = context.params.surveyId;
  if (!surveyId) return;
  const options = surveyQueryOptions(surveyId);
  if (context.preload) {
    void context.queryClient.prefetchQuery(options);
    return;
  }
  await context.queryClient.ensureQueryData(options);
}

export const routeMiddleware: Record<string, RouteMiddleware> = {
  admin: requirePlatformAdmin,
  auth: requireAuthenticatedUser,
  'selected-admin-organization': selectAdminOrganization,
  'selected-organization': selectOrganization,
  softregister: softRegisterVisitor,
  survey: loadSurvey,
};

export function resolveMiddleware(
  names: readonly string[],
  registry: Record<string, RouteMiddleware> = routeMiddleware,
): RouteMiddleware[] {
  return names.map((name) => {
    const middleware = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!middleware) throw new Error(`Unknown middleware "${name}"`);
    return middleware;
  });
}

/** Runs the named middleware one after another; a redirect thrown by one stops the rest. */
export async function runMiddleware(
  names: readonly string[],
  context: MiddlewareContext,
  registry: Record<string, RouteMiddleware> = routeMiddleware,
): Promise<void> {
  for (const middleware of resolveMiddleware(names, registry)) {
    await middleware(context);
  }
}
