import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { markHydratingServerHtml } from './app/hydration';
import { hydratePage, markPayloadLoaded, readEmbeddedPayload } from './app/page-payload';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { rememberPreloadError } from './lib/chunk-reload';
import { handleAppError } from './lib/error-reporting';
import { startThirdPartyDocument } from './lib/flagged-scripts';

// The page this document was loaded for decides whether third-party scripts may ever load in it
// (decision 012); on a lite page the site script has said so already.
startThirdPartyDocument(window.location.pathname);

window.addEventListener('vite:preloadError', (event) =>
  rememberPreloadError((event as Event & { payload?: unknown }).payload),
);
window.addEventListener('error', (event) => handleAppError(event.error ?? event.message, 'window'));
window.addEventListener('unhandledrejection', (event) => handleAppError(event.reason, 'unhandledrejection'));

/** Calls `done` once React has committed its first render (hydration included). */
function Committed({ done, children }: { done: () => void; children: React.ReactNode }) {
  // `done` is a promise's resolve: calling it again would do nothing, so once is enough.
  useEffect(() => done(), [done]);
  return children;
}

function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');

  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  return new Promise<void>((resolve) => {
    const app = (
      <StrictMode>
        <Committed done={resolve}>
          <App router={router} queryClient={queryClient} />
        </Committed>
      </StrictMode>
    );

    const payload = readEmbeddedPayload();
    if (payload && container.firstElementChild && payload.path === window.location.pathname) {
      // A server-rendered public page: fill the cache with what the HTML was made from, resolve the same
      // route, then hydrate the markup in place, so nothing is fetched twice and nothing moves.
      hydratePage(queryClient, payload);
      markPayloadLoaded(queryClient, payload.path);
      // Tells the router its first render must match the server's markup (no root Suspense boundary).
      router.ssr = { manifest: undefined };
      markHydratingServerHtml();
      router
        .load()
        .catch(() => undefined)
        .then(() => hydrateRoot(container, app));
    } else {
      createRoot(container).render(app);
    }
  });
}

// A lite public page (decision 018) runs the site script first; it starts the app when the visitor
// reaches for something only the app does. Anywhere else the app starts at once.
if (document.querySelector('script[data-app-entry]')) {
  window.__tvStartApp = start;
} else {
  void start();
}
