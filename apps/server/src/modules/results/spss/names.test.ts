import { describe, expect, it } from 'vitest';
import { assignShortNames, nameProblem } from './names';
import { truncateUtf8, utf8ByteLength } from './utf8';

describe('assignShortNames', () => {
  it('keeps names that are already valid short names, upper-cased', () => {
    expect(assignShortNames(['q1', 'Gender', 'a.b', 'x_y@#'])).toEqual(['Q1', 'GENDER', 'A.B', 'X_Y@#']);
  });

  it('cuts long names to 8 bytes and numbers the clashes', () => {
    expect(assignShortNames(['question_1a', 'question_1b', 'question_1c', 'questi_1'])).toEqual([
      'QUESTION',
      'QUESTI_2',
      'QUESTI_3',
      'QUESTI_1',
    ]);
  });

  it('never gives a generated short name that is another variable’s own name', () => {
    // "abcdefgh" keeps its name even though "abcdefghij" comes first.
    expect(assignShortNames(['abcdefghij', 'abcdefgh'])).toEqual(['ABCDEF_1', 'ABCDEFGH']);
  });

  it('drops accents and other non-ASCII letters', () => {
    expect(assignShortNames(['éducation', 'Straße', 'Ωmega', '日本'])).toEqual([
      'EDUCATIO',
      'STRASSE',
      'MEGA',
      'V',
    ]);
  });

  it('avoids reserved words and trailing periods', () => {
    expect(assignShortNames(['éq', 'tö', 'abcdefg.hij'])).toEqual(['EQ_1', 'TO_1', 'ABCDEFG']);
  });

  it('gives unique valid short names to many similar names', () => {
    const names = Array.from({ length: 150 }, (_, i) => `long_question_name_${i}`);
    const short = assignShortNames(names);
    expect(new Set(short).size).toBe(150);
    for (const name of short) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_.@#]{0,7}$/);
      expect(name.endsWith('.')).toBe(false);
    }
  });
});

describe('nameProblem', () => {
  it('accepts valid names', () => {
    for (const name of ['q1', 'Q1_a.b', 'x@y#z', 'éducation', 'niño_2', 'Ωmega', 'e\u0301cole'])
      expect(nameProblem(name)).toBeNull();
  });
});

describe('truncateUtf8', () => {
  it('cuts on a character boundary', () => {
    expect(truncateUtf8('abc', 3)).toBe('abc');
    expect(truncateUtf8('abcd', 3)).toBe('abc');
    expect(truncateUtf8('aé', 2)).toBe('a');
    expect(truncateUtf8('a😀b', 4)).toBe('a');
    expect(truncateUtf8('a😀b', 5)).toBe('a😀');
    expect(truncateUtf8('—', 2)).toBe('');
  });

  it('never exceeds the limit and stays a prefix', () => {
    const text = 'Ça — 😀 é ß 日本 👍🏽 x';
    for (let max = 0; max <= utf8ByteLength(text) + 1; max++) {
      const cut = truncateUtf8(text, max);
      expect(utf8ByteLength(cut)).toBeLessThanOrEqual(max);
      expect(text.startsWith(cut)).toBe(true);
      expect(cut).not.toContain('\uFFFD');
    }
  });
});
