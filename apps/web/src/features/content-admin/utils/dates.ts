const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const longCalendarDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Month day, year' in US English (spec §3), e.g. 'March 4, 2026'. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // A bare 'YYYY-MM-DD' is a calendar date: shown as written, not shifted into the viewer's time zone.
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? longCalendarDate.format(date) : longDate.format(date);
}

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** A datetime-local input's value ('2026-03-04T09:30') for a moment, in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The moment a datetime-local value names, in the browser's time zone, or null when it is not a time. */
export function fromLocalInputValue(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
