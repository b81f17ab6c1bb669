import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { mayOpenStaffScreen } from '@tv/contract';
import { surveyQueryOptions } from '../../lib/api/get-survey';
import { isHttpError, pageNotFoundError } from '../../lib/http-error';
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

/**
 * To /login with the full path the person asked for (path, query and hash; spec §2, §4), so that
 * signing in brings them back to the same screen.
 */
export const signInHref = (href: string, signUp = false) =>
  `/login?redirect=${encodeURIComponent(href)}${signUp ? '#sign-up' : ''}`;

const signInFirst = (context: MiddlewareContext, signUp = false) =>
  redirect({ href: signInHref(context.location.href, signUp), replace: true });

/** Signed-in members only; anyone else signs in first and comes back. */
export async function requireAuthenticatedUser(context: MiddlewareContext): Promise<void> {
  if (context.preload) return;
  await verifyProfile(false);
  const status = useUserStore.getState().status;
  if (status === 'authenticated') return;
  // An anonymous visitor is asked to create an account rather than to sign in (spec §2).
  throw signInFirst(context, status === 'anonymous');
}

/**
 * Platform staff only, and on a staff screen only those holding its permission (the same table the
 * menus read, @tv/contract staffScreens); to everyone else the screen does not exist.
 */
export async function requirePlatformAdmin(context: MiddlewareContext): Promise<void> {
  if (context.preload) return;
  const state = useUserStore.getState();
  const { pathname } = context.location;
  if (!selectIsPlatformUser(state)) throw pageNotFoundError(pathname);
  const permissions = state.user?.platform.permissions ?? [];
  if (!mayOpenStaffScreen(pathname.replace(/\/+$/, ''), permissions)) throw pageNotFoundError(pathname);
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
  const before = useUserStore.getState();
  const hadProfile = before.user !== null;
  // A screen about one existing survey (its summary, editor or preview, e.g. the link of the 'first
  // responses are in' mail) can never belong to a brand-new visitor, and a signed-in user whose session
  // ended must not silently become someone new: both sign in first and come back (spec §2, §4).
  const needsOwnSession = before.status === 'authenticated' || Boolean(context.params.surveyId);
  if (needsOwnSession && !isProfileVerified()) {
    const profile = await ensureProfile({ softRegister: false }).catch((error: unknown) => {
      if (!hadProfile) throw error;
      return undefined;
    });
    if (profile === null) throw signInFirst(context);
    return;
  }
  // With a stored profile the screen can still work while the server cannot be reached.
  await verifyProfile(true).catch((error: unknown) => {
    if (!hadProfile) throw error;
  });
}

/**
 * Survey screens need the survey the URL names: it is loaded before the screen, so one that does
 * not exist or is not the signed-in viewer's shows the error screen ('Could not load your survey').
 * Someone without an account (no session, or an anonymous one) is asked to sign in instead: the
 * survey may well be theirs once they have.
 */
export async function loadSurvey(context: MiddlewareContext): Promise<void> {
  const surveyId = context.params.surveyId;
  if (!surveyId) return;
  const options = surveyQueryOptions(surveyId);
  if (context.preload) {
    void context.queryClient.prefetchQuery(options);
    return;
  }
  try {
    await context.queryClient.ensureQueryData(options);
  } catch (error) {
    const refused = isHttpError(error) && [401, 403, 404].includes(error.status);
    if (refused && useUserStore.getState().status !== 'authenticated') throw signInFirst(context);
    throw error;
  }
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
