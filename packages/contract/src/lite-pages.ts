/**
 * Public pages a first visit gets as server-rendered HTML plus the small site script, without React
 * (decision 018). The server decides from this list which pages get the site script instead of the
 * app (lite-pages.test.ts says which are and are not). Pages that are mainly a form
 * (/contact), need a session (/cart) or load their own chunk (/style-tokens) hydrate the full app.
 * `$name` stands for one address segment.
 */
export const litePagePatterns = [
  '/',
  '/why-us',
  '/about-us',
  '/quality',
  '/products',
  '/research',
  '/research/reports/$report',
  '/research/articles/$article',
  '/legal/$page',
] as const;

/**
 * A test of whether a path (query string and hash not included, a trailing slash ignored) is one of
 * these patterns, where `$name` stands for one address segment.
 */
export function pathMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const expressions = patterns.map((pattern) => new RegExp(`^${pattern.replace(/\$[a-z]+/g, '[^/]+')}$`));
  return (pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return expressions.some((expression) => expression.test(path));
  };
}

/** True when a first load of this path gets the lite page (query string not included). */
export const isLitePage = pathMatcher(litePagePatterns);
