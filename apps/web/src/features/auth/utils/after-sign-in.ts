import { canPlatform, type Profile } from '@tv/contract';

/** Any origin stands in for ours: only whether a target stays on it matters. */
const SAME_SITE = 'https://teenvoice.invalid';
/** Browsers drop tabs and line breaks inside URLs, so '/\t/evil.example' would become '//evil.example'. */
const isControlOrSpace = (code: number) => code <= 0x20 || code === 0x7f;
const hasControlCharacter = (text: string) =>
  [...text].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f;
  });
const hasUnsafePathCharacter = (path: string) =>
  path.includes('\\') || [...path].some((char) => isControlOrSpace(char.codePointAt(0) ?? 0));

/**
 * Only same-app paths are followed after signing in, so a crafted link cannot send people elsewhere:
 * the target must be a path ('/…', never '//host', '/\host' or 'https://…'), and it is returned in its
 * normalised form, so '/a/../login' cannot loop back to sign-in either.
 */
export function safeRedirect(redirect: string | undefined | null): string | null {
  if (typeof redirect !== 'string' || redirect.length === 0 || redirect.length > 2000) return null;
  if (!redirect.startsWith('/') || redirect.startsWith('//')) return null;
  const path = redirect.split(/[?#]/, 1)[0] ?? '';
  if (hasUnsafePathCharacter(path) || hasControlCharacter(redirect)) return null;
  let url: URL;
  try {
    url = new URL(redirect, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  // Never back to a sign-in or sign-up form; an invitation is where someone with an account accepts it.
  if (/^\/login(\/|$)/.test(url.pathname) || /^\/register\/?$/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a person lands after signing in without a destination: platform staff see every survey. */
export const homeFor = (profile: Profile) =>
  canPlatform(profile.platform) ? '/research/builder/admin/surveys' : '/research/builder';

export const destinationAfterSignIn = (profile: Profile, redirect: string | undefined) =>
  safeRedirect(redirect) ?? homeFor(profile);
