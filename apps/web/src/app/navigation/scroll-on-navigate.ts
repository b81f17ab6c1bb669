/**
 * Spec §2/§9: a hash scrolls smoothly to its anchor; any other page change jumps to the top at once.
 * The main region of the fixed-height layouts scrolls on its own, so it is reset too.
 */
export function scrollAfterNavigation(hash: string, pathChanged: boolean, keepPosition: boolean): void {
  if (hash) {
    const anchor = document.getElementById(decodeURIComponent(hash));
    if (anchor) {
      anchor.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
  }
  if (keepPosition || !pathChanged) return;
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  document.getElementById('main')?.scrollTo({ top: 0, left: 0, behavior: 'instant' });
}
