import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { platformStatusQueryOptions } from '../features/platform/api/get-platform-status';
import { isAbsoluteTarget, resolveRedirectQueryOptions } from '../features/platform/api/resolve-redirect';
import { captureAdClick } from '../lib/ad-click';
import { pageNotFoundError } from '../lib/http-error';
import { captureUtmParams } from '../lib/utm';
import { useUserStore } from '../stores/user-store';
import { runMiddleware } from './middleware/route-middleware';
import { loadPagePayload } from './page-payload';
import { isPublicPage, type MatchMeta } from './route-meta';

export const maintenancePath = '/maintenance';
// Reachable during maintenance: the notice itself and the tool that clears a broken local state.
const maintenanceExempt = new Set([maintenancePath, '/utils/clear-cache']);

export interface RootBeforeLoadArgs {
  location: ParsedLocation;
  matches: readonly MatchMeta[];
  preload: boolean;
  selectedOrganizationId: string | undefined;
  queryClient: QueryClient;
}

const settled = <T>(promise: Promise<T>) => promise.catch(() => undefined);

/** A full page load never resolves: the browser is leaving, and the router must not render meanwhile. */
const leaveForever = () => new Promise<never>(() => {});

export async function rootBeforeLoad({
  location,
  matches,
  preload,
  selectedOrganizationId,
  queryClient,
}: RootBeforeLoadArgs): Promise<void> {
  const inBrowser = typeof window !== 'undefined';
  if (!preload && inBrowser) {
    const search = new URLSearchParams(location.searchStr);
    captureUtmParams(search);
    captureAdClick(search, window.location);
    if (selectedOrganizationId) useUserStore.getState().setPreferredOrganizationId(selectedOrganizationId);
  }

  if (inBrowser && isPublicPage(matches.at(-1)?.staticData)) {
    await loadPagePayload(queryClient, location.pathname);
  }

  // Failures of either call must never block navigation, so both settle to undefined.
  const [status, target] = await Promise.all([
    settled(queryClient.ensureQueryData(platformStatusQueryOptions())),
    settled(queryClient.fetchQuery(resolveRedirectQueryOptions(location.pathname))),
  ]);

  if (status?.maintenance && !maintenanceExempt.has(location.pathname)) {
    throw redirect({ to: maintenancePath, replace: true });
  }
  if (status && !status.maintenance && location.pathname === maintenancePath) {
    throw redirect({ to: '/', replace: true });
  }

  if (target) {
    if (isAbsoluteTarget(target.target)) {
      if (preload) return;
      // The server renderer answers with the redirect itself.
      if (!inBrowser) throw redirect({ href: target.target, statusCode: target.permanent ? 301 : 302 });
      window.location.assign(target.target);
      await leaveForever();
    }
    throw redirect({ href: target.target, replace: true, statusCode: target.permanent ? 301 : 302 });
  }

  for (const match of matches) {
    const isValid = match.staticData.isValid;
    if (isValid && !isValid(match.params as Record<string, string>)) {
      throw pageNotFoundError(location.pathname);
    }
  }

  const names = matches.flatMap((match) => match.staticData.middleware ?? []);
  await runMiddleware(names, {
    location,
    params: (matches.at(-1)?.params ?? {}) as Record<string, string>,
    preload,
    queryClient,
  });
}
