const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Dollars as the API sends them, in US English: '$1,234.50'. */
export const formatUsd = (amount: number) => usd.format(amount);

/** Whole dollars for axis labels: '$1,235'. */
export const formatWholeUsd = (amount: number) => wholeUsd.format(amount);

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const monthDate = (month: string) => {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1));
};

/** 'YYYY-MM' as 'Mar 2026'. */
export const formatMonth = (month: string) => monthFormat.format(monthDate(month));

/** 'YYYY-MM' as 'March 2026'. */
export const formatLongMonth = (month: string) => longMonthFormat.format(monthDate(month));

/** A file size in words: '1.4 MB', '820 KB'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Mar 4, 2026, 9:30 AM' in the viewer's time zone. */
export const formatDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};
