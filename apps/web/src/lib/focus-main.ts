/**
 * What a skip link does (the app's, the respondent page's, a lite page's): focus moves into the main
 * landmark without changing the address's hash, which would count as a navigation. False when the
 * page has no main landmark, so the link's own jump happens instead.
 */
export function focusMain(): boolean {
  const main = document.getElementById('main');
  if (!main) return false;
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: 'start' });
  return true;
}
