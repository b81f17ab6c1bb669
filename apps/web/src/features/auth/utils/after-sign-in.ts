import { canPlatform, type Profile } from '@tv/contract';

/** Only same-app paths are followed after signing in, so a crafted link cannot send people elsewhere. */
export function safeRedirect(redirect: string | undefined): string | null {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return null;
  }
  if (redirect.startsWith('/login') || redirect.startsWith('/register')) return null;
  return redirect;
}

/** Where a person lands after signing in without a destination: platform staff see every survey. */
export const homeFor = (profile: Profile) =>
  canPlatform(profile.platform) ? '/research/builder/admin/surveys' : '/research/builder';

export const destinationAfterSignIn = (profile: Profile, redirect: string | undefined) =>
  safeRedirect(redirect) ?? homeFor(profile);
