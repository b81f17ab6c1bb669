import { type ResearchTheme, researchThemes } from '@tv/contract';

/** The research feed's filters, kept in the URL (?theme=&tag=&q=) so a link or Back shows the same list. */
export interface ResearchSearch {
  theme?: ResearchTheme;
  tag?: string;
  q?: string;
}

const isTheme = (value: unknown): value is ResearchTheme =>
  typeof value === 'string' && (researchThemes as readonly string[]).includes(value);

const cleanText = (value: unknown, max: number) => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  // Control characters never belong in a search, and a NUL byte would be refused by the server.
  const text = [...String(value)]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, max);
  return text || undefined;
};

/** Unknown themes and empty values are dropped rather than failing the page. */
export function parseResearchSearch(search: Record<string, unknown>): ResearchSearch {
  const result: ResearchSearch = {};
  if (isTheme(search.theme)) result.theme = search.theme;
  const tag = cleanText(search.tag, 40);
  if (tag) result.tag = tag;
  const q = cleanText(search.q, 100);
  if (q) result.q = q;
  return result;
}
