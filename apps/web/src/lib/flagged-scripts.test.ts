// @vitest-environment jsdom
import type { EnabledFeatureFlags } from '@tv/contract/feature-flags';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Decision 012, revisited: the flagged scripts load on marketing pages alone, in a document that has been
// on marketing pages alone, and never for a signed-in visitor.

const flags: EnabledFeatureFlags = {
  analytics_tag_manager: { containerId: 'GTM-ABC1234', scriptOrigin: 'https://www.googletagmanager.com' },
  marketing_automation: { scriptUrl: 'https://forms.example.com/f.js' },
};

/** A fresh copy of the module (its state is per document), in a document loaded for `path`. */
async function documentAt(path: string) {
  vi.resetModules();
  window.history.replaceState(null, '', path);
  const scripts = await import('./flagged-scripts');
  scripts.startThirdPartyDocument(window.location.pathname);
  return scripts;
}

const thirdPartyScripts = () =>
  Array.from(document.querySelectorAll('script[src]')).map((script) => script.getAttribute('src'));

beforeEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('where the flagged scripts load', () => {
  it.each(['/', '/research', '/research/reports/teen-wellbeing-2026', '/contact', '/legal/privacy-policy'])(
    'on the marketing page %s',
    async (path) => {
      const { injectFlaggedScripts } = await documentAt(path);
      expect(injectFlaggedScripts(flags)).toBe(true);
      expect(thirdPartyScripts()).toEqual([
        'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234',
        'https://forms.example.com/f.js',
      ]);
    },
  );

  it.each([
    '/research/builder/survey/summary/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01',
    '/research/builder',
    '/user/profile',
    '/cart',
    '/login',
    '/shared/results/abc',
    '/s/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02',
  ])('never on %s', async (path) => {
    const { injectFlaggedScripts } = await documentAt(path);
    expect(injectFlaggedScripts(flags)).toBe(false);
    expect(thirdPartyScripts()).toEqual([]);
  });

  it('never in a document loaded for an app page, even once it has moved to a marketing page', async () => {
    const { injectFlaggedScripts } = await documentAt('/login');
    window.history.pushState(null, '', '/');
    expect(injectFlaggedScripts(flags)).toBe(false);
    expect(thirdPartyScripts()).toEqual([]);
  });

  it('never in a document that has been on an app page since it was loaded', async () => {
    const { injectFlaggedScripts, noteDocumentLocation } = await documentAt('/');
    noteDocumentLocation('/cart');
    noteDocumentLocation('/research');
    window.history.replaceState(null, '', '/research');
    expect(injectFlaggedScripts(flags)).toBe(false);
    expect(thirdPartyScripts()).toEqual([]);
  });

  it('never for a visitor signed in to an account; an anonymous, soft-registered one gets them', async () => {
    localStorage.setItem('tv_user', JSON.stringify({ state: { status: 'authenticated', user: {} } }));
    let scripts = await documentAt('/');
    expect(scripts.injectFlaggedScripts(flags)).toBe(false);
    expect(thirdPartyScripts()).toEqual([]);

    localStorage.setItem('tv_user', JSON.stringify({ state: { status: 'anonymous', user: {} } }));
    scripts = await documentAt('/');
    expect(scripts.injectFlaggedScripts(flags)).toBe(true);
  });
});
