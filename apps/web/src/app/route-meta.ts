import type { HttpError } from '../lib/http-error';

export type LayoutName =
  | 'default'
  | 'default-scrollable'
  | 'empty'
  | 'login'
  | 'marketing'
  | 'mobile-scrollable';
export type ColorMode = 'light' | 'dark';
/** 'site' is the full top bar; 'respondent' is the brand alone, so a teen taking a survey has nowhere to wander. */
export type NavVariant = 'site' | 'respondent';
export type MiddlewareName =
  | 'admin'
  | 'auth'
  | 'selected-admin-organization'
  | 'selected-organization'
  | 'softregister'
  | 'survey';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    layout?: LayoutName;
    /** Document title and page_view title; the brand is appended. */
    title?: string;
    /** Run in order, before the screen loads, by the root route (spec §2 route middleware). */
    middleware?: readonly MiddlewareName[];
    /** Forces a colour mode while the route is shown; the stored preference is kept. */
    colorMode?: ColorMode;
    /** False keeps the scroll position when navigating to this route. */
    scrollToTop?: false;
    /** Which top bar the layout shows; the full site bar when unset. */
    nav?: NavVariant;
    /** The route's own validity check; false raises the fatal 'Page Not Found: {path}' 404. */
    isValid?: (params: Record<string, string>) => boolean;
  }
}

/** The part of a route match the shell reads; keeps these helpers independent of the route tree's types. */
export interface MatchMeta {
  status: 'pending' | 'success' | 'error' | 'notFound';
  error: unknown;
  params: unknown;
  staticData: {
    layout?: LayoutName;
    title?: string;
    middleware?: readonly MiddlewareName[];
    colorMode?: ColorMode;
    scrollToTop?: false;
    nav?: NavVariant;
    isValid?: (params: Record<string, string>) => boolean;
  };
  _notFound?: boolean;
}

function deepest<K extends keyof MatchMeta['staticData']>(
  matches: readonly MatchMeta[],
  key: K,
): MatchMeta['staticData'][K] | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const value = matches[index]?.staticData[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

export function errorStatus(error: unknown): number {
  const status = (error as Partial<HttpError> | null)?.status;
  return typeof status === 'number' && status >= 400 ? status : 500;
}

/** The status of the error the navigation ended in, if any (404 for unmatched paths and notFound()). */
export function navigationErrorStatus(matches: readonly MatchMeta[]): number | undefined {
  for (const match of matches) {
    if (match.status === 'notFound' || match._notFound) return 404;
    if (match.status === 'error') return errorStatus(match.error);
  }
  return undefined;
}

/** The error screen is always shown in the marketing layout (spec §2). */
export function layoutFor(matches: readonly MatchMeta[]): LayoutName {
  if (navigationErrorStatus(matches) !== undefined) return 'marketing';
  return deepest(matches, 'layout') ?? 'default';
}

/** The error screen always has the full site bar, so a lost visitor can find their way. */
export function navFor(matches: readonly MatchMeta[]): NavVariant {
  if (navigationErrorStatus(matches) !== undefined) return 'site';
  return deepest(matches, 'nav') ?? 'site';
}

export const titleFor = (matches: readonly MatchMeta[]) => deepest(matches, 'title');
export const forcedColorModeFor = (matches: readonly MatchMeta[]) => deepest(matches, 'colorMode');
export const keepsScrollPosition = (matches: readonly MatchMeta[]) =>
  matches.at(-1)?.staticData.scrollToTop === false;

export const documentTitle = (title: string | undefined) =>
  !title ? 'TeenVoice' : title.includes('TeenVoice') ? title : `${title} | TeenVoice`;

/**
 * Public pages: the marketing layout with no route middleware (the cart, for one, needs a session).
 * The server renders them to HTML for crawlers and link previews (decision 011).
 */
export const isPublicPage = (
  staticData: { layout?: LayoutName; middleware?: readonly MiddlewareName[] } | undefined,
) => staticData?.layout === 'marketing' && !staticData.middleware?.length;
