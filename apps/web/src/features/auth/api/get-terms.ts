import { queryOptions, useQuery } from '@tanstack/react-query';
import { termsSchema } from '@tv/contract';
import { cms } from '../../../lib/cms-client';
import { fillTermsDate } from '../../../lib/terms-date';

export interface Terms {
  versionTimestamp: string;
  content: string;
}

const sessionKey = 'tv_terms';

/** The server renderer has no session storage; the query cache alone keeps the terms there. */
const sessionStore = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

function readCachedTerms(): Terms | null {
  const store = sessionStore();
  if (!store) return null;
  try {
    const parsed = termsSchema.safeParse(JSON.parse(store.getItem(sessionKey) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The current terms and conditions: the newest version, one per page (spec §7). */
export async function getTerms(signal?: AbortSignal): Promise<Terms> {
  const cached = readCachedTerms();
  if (cached) return cached;
  let body: unknown;
  try {
    body = await cms.get('/api/teenvoice-terms-and-conditions', {
      query: { sort: 'versionTimestamp:desc', 'pagination[page]': 1, 'pagination[pageSize]': 1 },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    // Spec §8: a failed terms fetch is wrapped with the function's name.
    throw new Error(`[getTerms] ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const first = (body as { data?: { attributes?: unknown }[] } | undefined)?.data?.[0]?.attributes;
  const parsed = termsSchema.safeParse(first);
  if (!parsed.success) throw new Error('[getTerms] The terms and conditions could not be read.');
  try {
    sessionStore()?.setItem(sessionKey, JSON.stringify(parsed.data));
  } catch {
    // Without session storage the query cache still keeps them for this page load.
  }
  return parsed.data;
}

/**
 * Fetched once and cached for the session (spec §4): in session storage across page loads, and in the
 * query cache, never stale and never collected, within one.
 */
export const termsQueryOptions = () =>
  queryOptions({
    queryKey: ['terms', 'current'],
    queryFn: ({ signal }) => getTerms(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useTerms = () => useQuery(termsQueryOptions());

export const termsText = (terms: Terms) => fillTermsDate(terms.content, terms.versionTimestamp);
