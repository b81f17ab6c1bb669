import { useEffect, useState } from 'react';

/** Set by main.tsx before it hydrates server HTML. */
let hydratingServerHtml = false;
export const markHydratingServerHtml = () => {
  hydratingServerHtml = true;
};

/**
 * False during the first render of a server-rendered page, true after it (and always true in a page
 * the browser rendered itself). Values only the browser knows, such as who is signed in, must wait for
 * it, or React's first render would differ from the server's HTML and be thrown away.
 */
export function useBrowserStateReady(): boolean {
  const [ready, setReady] = useState(!hydratingServerHtml);
  useEffect(() => setReady(true), []);
  return ready;
}
