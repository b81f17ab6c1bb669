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

const litePageExpressions = litePagePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/\$[a-z]+/g, '[^/]+')}$`),
);

/** True when a first load of this path gets the lite page (query string not included). */
export function isLitePage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return litePageExpressions.some((expression) => expression.test(path));
}
