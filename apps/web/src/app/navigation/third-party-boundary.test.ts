// @vitest-environment jsdom
import { createMemoryHistory } from '@tanstack/react-router';
import type { EnabledFeatureFlags } from '@tv/contract/feature-flags';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Decision 012, revisited: a document with a flagged script leaves for any page that is not a marketing
// page by a full page load, so the script never sees that page's address.

const flags: EnabledFeatureFlags = {
  analytics_tag_manager: { containerId: 'GTM-ABC1234', scriptOrigin: 'https://www.googletagmanager.com' },
  marketing_automation: null,
};

beforeEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the boundary into the app', () => {
  /** A document loaded for `path` (fresh module state) and a router history wired to the boundary. */
  async function routerAt(path: string) {
    vi.resetModules();
    const scripts = await import('../../lib/flagged-scripts');
    scripts.startThirdPartyDocument(path);
    const { wireThirdPartyBoundary } = await import('./third-party-boundary');
    const history = createMemoryHistory({ initialEntries: [path] });
    const loader = { assign: vi.fn(), replace: vi.fn(), reload: vi.fn() };
    wireThirdPartyBoundary({ history } as never, loader);
    return { scripts, history, loader };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('moves in-app between marketing pages, and loads any other page afresh once a script is loaded', async () => {
    const { scripts, history, loader } = await routerAt('/');
    expect(scripts.injectFlaggedScripts(flags)).toBe(true);

    history.push('/research?theme=wellbeing');
    await settle();
    expect(history.location.href).toBe('/research?theme=wellbeing');

    const summary = '/research/builder/survey/summary/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01?tab=crosstab';
    history.push(summary);
    await settle();
    expect(loader.assign).toHaveBeenCalledWith(summary);
    // The address of this document never became the app page's.
    expect(history.location.href).toBe('/research?theme=wellbeing');

    history.replace('/cart');
    await settle();
    expect(loader.replace).toHaveBeenCalledWith('/cart');
    expect(history.location.pathname).toBe('/research');
  });

  it('stays a single-page app while no flagged script is loaded, and remembers leaving', async () => {
    const { scripts, history, loader } = await routerAt('/');
    history.push('/cart');
    await settle();
    expect(history.location.pathname).toBe('/cart');
    history.push('/');
    await settle();
    expect(loader.assign).not.toHaveBeenCalled();
    // This document has been on the cart: no script may load in it now.
    expect(scripts.injectFlaggedScripts(flags)).toBe(false);
  });
});
