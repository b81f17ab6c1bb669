export {};

declare global {
  interface Window {
    /**
     * Set by the app's entry (main.tsx) on a lite page instead of starting itself; the site script
     * calls it to hydrate the page (decision 018). Resolves once React has committed.
     */
    __tvStartApp?: () => Promise<void>;
    /** Set by the site script of a lite page: starts the app on it (decision 018). */
    __tvUpgrade?: () => Promise<void>;
    /** The address whose page_view a lite page sent; the app's first navigation skips it. */
    __tvPageViewSent?: string;
  }
}
