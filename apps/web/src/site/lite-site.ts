import type { EnabledFeatureFlags } from '@tv/contract/feature-flags';
import { isMarketingPage } from '@tv/contract/marketing-pages';
import { pushConsentDefault, pushConsentUpdate, readConsentChoice, writeConsentChoice } from '../lib/consent';
import { flaggedScriptsLoaded, injectFlaggedScripts, thirdPartyScriptsMayLoad } from '../lib/flagged-scripts';
import { focusMain } from '../lib/focus-main';

/**
 * The site script of lite public pages (decision 018): plain DOM code, no React. It imports only the
 * app's plain modules (consent mode, the flagged scripts), which the app's entry then shares, module
 * state included. It makes the server-rendered HTML work without the app, and starts the app the
 * moment the visitor reaches for something only the app does.
 */

/** Elements only the app can run. Marked ones, and any other control in the page, as a safety net. */
export const UPGRADE_SELECTOR = [
  '[data-upgrade]',
  '#root button',
  '#root input',
  '#root select',
  '#root textarea',
  '#root [role="button"]',
].join(', ');
const FORM_FIELD_SELECTOR = '#root input, #root select, #root textarea';
/** Focusable elements that are neither links nor form controls: widgets that answer keys. */
const KEY_WIDGET_SELECTOR = '#root [tabindex]:not([tabindex="-1"]):not(a, button, input, select, textarea)';
/** The newsletter sign-up the marketing script draws (decision 012): its own controls, not the app's. */
const THIRD_PARTY_SELECTOR = '[data-tv-marketing-form]';

export const COLOUR_MODE_STORAGE_KEY = 'colour-mode';
const USER_STORAGE_KEY = 'tv_user';
const REPLAY_WAIT_MS = 5_000;

type ColourMode = 'auto' | 'light' | 'dark';
const colourModeLabels: Record<ColourMode, string> = { auto: 'System', light: 'Light', dark: 'Dark' };

export interface LiteSiteOptions {
  /** Imports the app's entry; it registers `window.__tvStartApp` instead of starting. */
  loadApp: () => Promise<unknown>;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** True when a signed-in (or soft-registered) visitor is remembered on this device. */
export function rememberedUser(): boolean {
  try {
    const stored = JSON.parse(readStorage(USER_STORAGE_KEY) ?? 'null') as {
      state?: { user?: unknown };
    } | null;
    return Boolean(stored?.state?.user);
  } catch {
    return false;
  }
}

/**
 * Decision 012: the flagged scripts load only after the visitor allowed analytics, and never for a
 * visitor signed in to an account.
 */
async function loadFlaggedScripts(): Promise<void> {
  if (!thirdPartyScriptsMayLoad()) return;
  const response = await fetch('/v2/platform/feature-flags', { headers: { Accept: 'application/json' } });
  if (!response.ok) return;
  const body = (await response.json()) as { data?: EnabledFeatureFlags };
  if (body.data) injectFlaggedScripts(body.data);
}

function cloneTemplate(id: string): HTMLElement | null {
  const template = document.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) return null;
  const element = template.content.firstElementChild?.cloneNode(true);
  return element instanceof HTMLElement ? element : null;
}

function storedColourMode(): ColourMode {
  const stored = readStorage(COLOUR_MODE_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'auto';
}

interface ReplayTarget {
  element: Element;
  upgrade: string | null;
  index: number;
}

/**
 * The element whose click the app must handle: a control, or a link within the site (the app's
 * router moves to the next page, with its scrolling and page_view rules), or null. Once a flagged
 * script is on the page, a link to anything but a marketing page is the browser's: the next page is a
 * fresh document the script is not part of (decision 012).
 */
function appTrigger(target: Element): Element | null {
  if (target.closest(THIRD_PARTY_SELECTOR)) return null;
  const link = target.closest<HTMLAnchorElement>('#root a[href]');
  if (link) {
    const elsewhere = (link.target && link.target !== '_self') || link.hasAttribute('download');
    if (elsewhere || link.origin !== window.location.origin) return null;
    return flaggedScriptsLoaded() && !isMarketingPage(link.pathname) ? null : link;
  }
  return target.closest(UPGRADE_SELECTOR);
}

/** The next moment the page has nothing else to do (React's hydration yields between its steps). */
const afterIdle = (then: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(then, { timeout: 1_000 })
    : window.setTimeout(then, 250);

/** Whether React has hydrated (or rendered) this element: it then keeps its props on the node. */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

export function initLiteSite(options: LiteSiteOptions): { upgrade: () => Promise<void> } {
  let appLoading: Promise<unknown> | null = null;
  let upgrading: Promise<void> | null = null;
  let upgraded = false;
  let banner: HTMLElement | null = null;

  const loadApp = () => {
    appLoading ??= options.loadApp().catch((error: unknown) => {
      // A failed download (offline for a moment) may be tried again on the next hover or click.
      appLoading = null;
      throw error;
    });
    return appLoading;
  };

  /** Loads and starts the app on this page; the site script's own pieces step aside first. */
  function upgrade(): Promise<void> {
    upgrading ??= loadApp()
      .then(async () => {
        const startApp = window.__tvStartApp;
        if (!startApp) throw new Error('The app did not register its start function');
        banner?.remove();
        banner = null;
        document.documentElement.removeAttribute('data-lite');
        await startApp();
        // Only now is React listening: until its first commit, clicks and keys are still held and
        // given again (set before startApp, a click landing while the app hydrated went to the bare
        // server HTML).
        upgraded = true;
      })
      .catch((error: unknown) => {
        upgrading = null;
        throw error;
      });
    return upgrading;
  }

  function replay(target: ReplayTarget): void {
    const root = document.getElementById('root');
    const find = (): HTMLElement | null => {
      if (target.element.isConnected && root?.contains(target.element)) return target.element as HTMLElement;
      if (!target.upgrade) return null;
      const same = document.querySelectorAll<HTMLElement>(`[data-upgrade="${CSS.escape(target.upgrade)}"]`);
      return same[target.index] ?? same[0] ?? null;
    };
    const started = Date.now();
    let waitedForHydration = false;
    const attempt = () => {
      const element = find();
      // The app's first commit can leave a part of the page still hydrating (a lazy route, a suspended
      // boundary): a click given to it then is lost, and a radio the browser checked is unchecked again
      // by React. Wait until React has taken the element over (it keeps its props on the node), then
      // until it has finished that work (the next idle moment), up to the same limit.
      if (element && !isHydrated(element) && Date.now() - started < REPLAY_WAIT_MS) {
        waitedForHydration = true;
        window.setTimeout(attempt, 50);
      } else if (element && waitedForHydration) {
        waitedForHydration = false;
        afterIdle(attempt);
      } else if (element) {
        element.focus({ preventScroll: true });
        element.click();
      } else if (Date.now() - started < REPLAY_WAIT_MS) {
        // The app renders some elements (the consent banner) in an effect after hydration.
        window.setTimeout(attempt, 50);
      }
    };
    attempt();
  }

  // Consent mode (decision 012): the granted default first, then the stored choice. The module is
  // the app's own, so the app, once started, does not push its default again.
  pushConsentDefault();
  const storedChoice = readConsentChoice();
  if (storedChoice) {
    pushConsentUpdate(storedChoice);
    if (storedChoice.analytics) void loadFlaggedScripts().catch(() => undefined);
  } else {
    banner = cloneTemplate('tv-lite-consent');
    if (banner) document.body.appendChild(banner);
  }

  function choose(analytics: boolean, ads: boolean): void {
    const choice = { analytics, ads, updatedAt: new Date().toISOString() };
    writeConsentChoice(choice);
    pushConsentUpdate(choice);
    banner?.remove();
    banner = null;
    if (analytics) void loadFlaggedScripts().catch(() => undefined);
  }

  // Colour mode: the server cannot know the stored mode, so the toggle's name is set here. Its menu
  // is the app's: a click on it starts the app.
  document
    .querySelector<HTMLElement>('#root [data-lite="colour-mode"]')
    ?.setAttribute('aria-label', `Color mode: ${colourModeLabels[storedColourMode()]}`);

  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element)) return;
      const target = event.target;
      if (upgraded) {
        // After the app's first commit a part of the page may still be hydrating (its code not yet
        // loaded): React drops a click there, and a radio checked by the browser is unchecked again
        // when React takes it over. Such a click is held and given again once React has the element.
        const trigger = appTrigger(target);
        if (!trigger || isHydrated(trigger)) return;
        event.preventDefault();
        event.stopPropagation();
        replay({ element: trigger, upgrade: trigger.getAttribute('data-upgrade'), index: 0 });
        return;
      }
      const consent = target.closest<HTMLElement>('[data-consent]');
      if (consent && banner?.contains(consent)) {
        choose(consent.dataset.consent === 'accept', consent.dataset.consent === 'accept');
        return;
      }
      // The skip link moves focus without changing the address, as the app's does.
      if (target.closest('#root a[href="#main"]') && focusMain()) {
        event.preventDefault();
        return;
      }
      if (target.closest(THIRD_PARTY_SELECTOR)) return;

      const trigger = appTrigger(target);
      if (!trigger) return;
      // A link opened elsewhere (new tab, window, download) is the browser's to follow.
      if (
        trigger instanceof HTMLAnchorElement &&
        (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      )
        return;
      // React replays nothing it did not see: hold the click, start the app, then click again.
      event.preventDefault();
      event.stopPropagation();
      const upgradeName = trigger.getAttribute('data-upgrade');
      const index = upgradeName
        ? Array.from(document.querySelectorAll(`[data-upgrade="${CSS.escape(upgradeName)}"]`)).indexOf(
            trigger,
          )
        : 0;
      trigger.setAttribute('aria-busy', 'true');
      upgrade()
        .then(() => replay({ element: trigger, upgrade: upgradeName, index: Math.max(0, index) }))
        .catch(() => {
          // The app could not be loaded (a deploy replaced its files, or the network failed): the
          // browser does what it would have done without the app, so the click is never lost.
          if (trigger instanceof HTMLAnchorElement && trigger.href) window.location.assign(trigger.href);
          else window.location.reload();
        })
        .finally(() => trigger.removeAttribute('aria-busy'));
    },
    true,
  );

  // Intent: start downloading the app as soon as the visitor heads for something that needs it.
  const preloadOn = (event: Event) => {
    if (upgraded || !(event.target instanceof Element)) return;
    if (appTrigger(event.target)) void loadApp().catch(() => undefined);
  };
  document.addEventListener('pointerover', preloadOn, { passive: true });
  document.addEventListener('touchstart', preloadOn, { passive: true });
  document.addEventListener('focusin', (event) => {
    preloadOn(event);
    // Typing must reach the app's own state: a form field starts the app as soon as it has focus.
    if (
      !upgraded &&
      event.target instanceof Element &&
      event.target.matches(FORM_FIELD_SELECTOR) &&
      !event.target.closest(THIRD_PARTY_SELECTOR)
    ) {
      void upgrade().catch(() => undefined);
    }
  });

  // A widget that takes keys (a page viewer's arrows): the app starts when it gets focus, and keys
  // pressed before it has started are held and given to it once it has.
  const held: { target: Element; init: KeyboardEventInit }[] = [];
  document.addEventListener('focusin', (event) => {
    if (!upgraded && event.target instanceof Element && event.target.matches(KEY_WIDGET_SELECTOR)) {
      void upgrade().catch(() => undefined);
    }
  });
  document.addEventListener(
    'keydown',
    (event) => {
      if (upgraded || !(event.target instanceof Element) || !event.target.matches(KEY_WIDGET_SELECTOR))
        return;
      if (event.key === 'Tab') return;
      // Held, so it must not also go on: while the app hydrates, React may already be listening, and
      // the key would move the viewer once now and once more when given again (page 1 to page 3).
      event.preventDefault();
      event.stopImmediatePropagation();
      const { key, code, shiftKey, altKey, ctrlKey, metaKey } = event;
      held.push({
        target: event.target,
        init: { key, code, shiftKey, altKey, ctrlKey, metaKey, bubbles: true, cancelable: true },
      });
      void upgrade()
        .then(() => {
          for (const { target, init } of held.splice(0))
            target.dispatchEvent(new KeyboardEvent('keydown', init));
        })
        .catch(() => undefined);
    },
    true,
  );

  // A part that shows something of this visitor's own (their vote on an article) starts the app when it
  // comes near the screen.
  const visible = document.querySelectorAll('#root [data-upgrade-visible]');
  if (visible.length > 0 && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void upgrade().catch(() => undefined);
      },
      { rootMargin: '200px' },
    );
    for (const element of visible) observer.observe(element);
  }

  // A signed-in visitor is an app user with the app cached: their account entry needs it at once.
  if (rememberedUser()) void upgrade().catch(() => undefined);

  return { upgrade };
}
