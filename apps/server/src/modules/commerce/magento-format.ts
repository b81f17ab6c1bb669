/**
 * Magento's ways of writing values a stock client parses: dates as `YYYY-MM-DD HH:MM:SS` in UTC (not
 * ISO), URLs absolute from the configured public address.
 */
export function magentoDate(date: Date): string;
export function magentoDate(date: Date | null): string | null;
export function magentoDate(date: Date | null): string | null {
  return date === null ? null : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** An address on this site as an absolute URL (`publicUrl` has no trailing slash); absolute ones stay. */
export const absoluteUrl = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
