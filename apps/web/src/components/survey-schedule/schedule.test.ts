import { describe, expect, it } from 'vitest';
import { checkSchedule, fromLocalInput, toLocalInput } from './schedule';

const now = Date.parse('2026-11-26T12:00:00Z');
const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();

describe('schedule checks', () => {
  it('accepts a future opening and a later closing', () => {
    expect(checkSchedule(at(2), at(48), true, now)).toEqual({});
  });

  it('says what is wrong, in the server’s words', () => {
    expect(checkSchedule(at(-1), null, true, now).opensAt).toBe('Choose an opening time in the future.');
    expect(checkSchedule(at(24 * 400), null, true, now).opensAt).toBe(
      'Choose an opening time within a year from now.',
    );
    expect(checkSchedule(at(5), at(3), true, now).closesAt).toBe(
      'The closing time must come after the opening time.',
    );
    expect(checkSchedule(null, at(-3), false, now).closesAt).toBe('Choose a closing time in the future.');
  });

  it('leaves an unchanged past opening time alone (an open survey)', () => {
    expect(checkSchedule(at(-10), at(5), false, now)).toEqual({});
  });

  it('round-trips the browser’s local time', () => {
    const iso = '2026-12-01T15:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});
