import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, isRedirect } from '@tanstack/react-router';
import { isLitePage } from '@tv/contract';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { App } from './app/app';
import { LiteChromeTemplates } from './app/layouts/lite-chrome';
import { dehydratePage, type PagePayload, pageMetaFor } from './app/page-payload';
import { createQueryClient } from './app/query-client';
import { isPublicPage, navigationErrorStatus } from './app/route-meta';
import { createAppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';

/**
 * The server renderer of the public pages (decision 011). The server calls it with a page path; the
 * route loaders fetch their content through the server's own API (relative URLs, answered in process),
 * so the HTML, the payload and a client navigation all come from the same code.
 */
export type ServerRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** The path belongs to the signed-in app: the server sends the client-rendered shell. */
  | { kind: 'client-only'; status: number }
  /**
   * `lite` is set on a lite public page (decision 018): the templates of what its site script shows
   * without React (consent banner, menus), to be put outside the app's root.
   */
  | { kind: 'page'; status: number; html: string; payload: PagePayload; lite?: string };

export async function render(url: string, options: { withHtml?: boolean } = {}): Promise<ServerRenderResult> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }) });

  const planned = router.matchRoutes(router.state.location);
  const leaf = planned.at(-1);
  const matchedSomething = planned.some((match) => match.routeId !== '__root__');
  if (matchedSomething && !isPublicPage(leaf?.staticData)) return { kind: 'client-only', status: 200 };

  try {
    await router.load();
  } catch (error) {
    if (isRedirect(error)) return redirectResult(error.options.href ?? '/', error.status);
    throw error;
  }
  // On the server the router keeps the outcome of load() here instead of navigating.
  const outcome = router._serverResult;
  if (outcome?.type === 'redirect') {
    return redirectResult(outcome.redirect.headers.get('Location') ?? '/', outcome.redirect.status);
  }

  const matches = router.state.matches;
  const status =
    navigationErrorStatus(matches) ??
    (outcome?.status && outcome.status !== 200 ? outcome.status : null) ??
    (matchedSomething ? 200 : 404);
  const payload: PagePayload = {
    path: router.state.location.pathname,
    status,
    meta: pageMetaFor(matches, status),
    queries: dehydratePage(queryClient),
  };
  const html =
    options.withHtml === false ? '' : renderToString(<App router={router} queryClient={queryClient} />);
  queryClient.clear();
  const lite =
    status === 200 && options.withHtml !== false && isLitePage(payload.path) ? liteTemplates() : undefined;
  return { kind: 'page', status, html, payload, ...(lite ? { lite } : {}) };
}

const liteTemplates = () =>
  renderToStaticMarkup(
    // The page's own MantineProvider already writes the theme's CSS variables and global classes.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <LiteChromeTemplates />
    </MantineProvider>,
  );

function redirectResult(location: string, status: number | undefined): ServerRenderResult {
  return { kind: 'redirect', status: status === 301 || status === 308 ? 301 : 302, location };
}
