import { SCHEDULE_MAX_DAYS } from '@tv/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as an ISO instant; null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The server's rules, checked before sending so mistakes show at once (the server checks them again):
 * in the future, within a year, closing after opening. An opening time that did not change is not
 * checked (an open survey keeps its past one).
 */
export function checkSchedule(
  opensAt: string | null,
  closesAt: string | null,
  opensChanged: boolean,
  now = Date.now(),
): { opensAt?: string; closesAt?: string } {
  const latest = now + SCHEDULE_MAX_DAYS * 24 * 60 * 60 * 1000;
  const problems: { opensAt?: string; closesAt?: string } = {};
  if (opensAt && opensChanged) {
    const t = Date.parse(opensAt);
    if (t <= now) problems.opensAt = 'Choose an opening time in the future.';
    else if (t > latest) problems.opensAt = 'Choose an opening time within a year from now.';
  }
  if (closesAt) {
    const t = Date.parse(closesAt);
    if (t <= now) problems.closesAt = 'Choose a closing time in the future.';
    else if (t > latest) problems.closesAt = 'Choose a closing time within a year from now.';
    else if (opensAt && t <= Date.parse(opensAt))
      problems.closesAt = 'The closing time must come after the opening time.';
  }
  return problems;
}
