import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { PageMeta } from '@tv/contract';
import type { MatchMeta } from './route-meta';

/**
 * What the server rendered a public page from: its status, head tags and the query cache its loaders
 * filled. The HTML carries it inline (#tv-page-payload); `{path}/_payload.json` serves it alone, so a
 * client navigation between public pages costs one request and never refetches what the HTML carried.
 */
export interface PagePayload {
  path: string;
  status: number;
  meta: PageMeta;
  queries: DehydratedState;
}

export const PAYLOAD_ELEMENT_ID = 'tv-page-payload';
export const PAYLOAD_SUFFIX = '/_payload.json';

export const payloadUrl = (pathname: string) =>
  pathname === '/' ? PAYLOAD_SUFFIX : `${pathname.replace(/\/$/, '')}${PAYLOAD_SUFFIX}`;

/** Only successful data goes into a payload: an error must be fetched afresh, not replayed. */
export const dehydratePage = (queryClient: QueryClient): DehydratedState =>
  dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });

export const hydratePage = (queryClient: QueryClient, payload: Pick<PagePayload, 'queries'>) =>
  hydrate(queryClient, payload.queries);

interface MatchWithLoaderData extends MatchMeta {
  loaderData?: unknown;
}

const fallbackDescription =
  'TeenVoice is the research platform organizations use to survey 13–19 year-olds, with consent and safeguarding built in.';

/** The deepest route's loader meta, or its static title with the site's description. */
export function pageMetaFor(matches: readonly MatchWithLoaderData[], status: number): PageMeta {
  if (status === 404) {
    return { title: 'Page not found', description: 'Sorry, the page you’re looking for could not be found.' };
  }
  for (let index = matches.length - 1; index >= 0; index--) {
    const meta = (matches[index]?.loaderData as { meta?: PageMeta } | undefined)?.meta;
    if (meta) return meta;
  }
  const title = [...matches].reverse().find((match) => match.staticData.title)?.staticData.title;
  return { title: title ?? 'TeenVoice', description: fallbackDescription };
}

/** Reads the payload the server wrote into the page, once, at start-up. */
export function readEmbeddedPayload(): PagePayload | null {
  const element = document.getElementById(PAYLOAD_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PagePayload;
  } catch {
    return null;
  }
}

const payloadQueryKey = (pathname: string) => ['page-payload', pathname] as const;

/** The page the browser opened came with its payload; a later navigation back to it needs no fetch. */
export const markPayloadLoaded = (queryClient: QueryClient, pathname: string) =>
  queryClient.setQueryData(payloadQueryKey(pathname), true);

/**
 * Before a public page's loaders run in the browser, one request brings everything they need; a
 * failure is harmless, because each loader then fetches its own data.
 */
export async function loadPagePayload(queryClient: QueryClient, pathname: string): Promise<void> {
  await queryClient
    .ensureQueryData({
      queryKey: payloadQueryKey(pathname),
      staleTime: 30_000,
      queryFn: async () => {
        const response = await fetch(payloadUrl(pathname), { headers: { Accept: 'application/json' } });
        if (!response.ok && response.status !== 404) throw new Error(`Payload ${response.status}`);
        const payload = (await response.json()) as PagePayload;
        hydratePage(queryClient, payload);
        return true;
      },
    })
    .catch(() => undefined);
}
