const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const numberFormat = new Intl.NumberFormat('en-US');
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * 'Month day, year' in US English. Dates are read in UTC so that a 'YYYY-MM-DD' date (midnight UTC)
 * shows the same day on the server, in New York and in Los Angeles.
 */
export function formatLongDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export const formatCount = (value: number) => numberFormat.format(value);
export const formatUsd = (value: number) => usdFormat.format(value);

/** 'March 3, 2026 – April 14, 2026'; one date when fieldwork took a single day. */
export function formatDateRange(start: string, end: string): string {
  const from = formatLongDate(start);
  const to = formatLongDate(end);
  return from === to ? from : `${from} – ${to}`;
}
