import { queryOptions } from '@tanstack/react-query';
import { type RedirectTarget, resolveRedirectResponseSchema } from '@tv/contract';
import { backend } from '../../../lib/backend-client';
import { withTimeout } from '../../../lib/http';

export async function resolveRedirect(path: string, signal?: AbortSignal): Promise<RedirectTarget | null> {
  const body = await backend.get('/v2/redirects/resolve', { query: { path }, ...(signal ? { signal } : {}) });
  return resolveRedirectResponseSchema.parse(body).data;
}

const redirectCacheMs = 5 * 60_000;
// A slow answer must not hold a navigation for long; without one the navigation simply goes on.
const redirectTimeoutMs = 3_000;

export const resolveRedirectQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['redirects', path],
    queryFn: ({ signal }) => resolveRedirect(path, withTimeout(signal, redirectTimeoutMs)),
    staleTime: redirectCacheMs,
    gcTime: redirectCacheMs * 2,
  });

export const isAbsoluteTarget = (target: string) => /^https?:\/\//i.test(target);
