import {
  MIN_CELL_SIZE,
  type ResultsFilter,
  secondarySuppressionReason,
  suppressionReason,
} from '@tv/contract';

/**
 * Disclosure control for filtered views (decision 014). A "group" is the set of respondents a view
 * is about: the whole sample, or the respondents a filter set (audience filters and a cross-tab
 * answer) selects. Inside a group of at least MIN_CELL_SIZE every count is shown, however small.
 * What must never be shown is a group of 1–4 people — directly (primary suppression) or as the
 * difference of views someone can ask for (complementary suppression, checked here).
 */

/** Respondents counted per combination of the things a filter can look at. */
export interface AtomRow {
  age: number;
  gender: string;
  region: string;
  /** The respondent's answer to the cross-tab question (a string, a list, or null). */
  answer: unknown;
  /** The language answered in (decision 033); counted as English when a source does not say. */
  language?: string;
  n: number;
}

export const AGES = [13, 14, 15, 16, 17, 18, 19] as const;

type Dim = 'age' | 'gender' | 'region' | 'answer' | 'language';
interface Constraint {
  dim: Dim;
  test: (row: AtomRow) => boolean;
}

const small = (n: number) => n > 0 && n < MIN_CELL_SIZE;
const hasOption = (answer: unknown, option: string) =>
  answer === option || (Array.isArray(answer) && answer.includes(option));

export function constraintsOf(filter: ResultsFilter): Constraint[] {
  const out: Constraint[] = [];
  if (filter.ageMin !== undefined || filter.ageMax !== undefined) {
    const min = filter.ageMin ?? 13;
    const max = filter.ageMax ?? 19;
    out.push({ dim: 'age', test: (row) => row.age >= min && row.age <= max });
  }
  if (filter.gender) out.push({ dim: 'gender', test: (row) => row.gender === filter.gender });
  if (filter.region) out.push({ dim: 'region', test: (row) => row.region === filter.region });
  if (filter.language) out.push({ dim: 'language', test: (row) => languageOf(row) === filter.language });
  if (filter.answer) {
    const option = filter.answer.split(':')[1]!;
    out.push({ dim: 'answer', test: (row) => hasOption(row.answer, option) });
  }
  return out;
}

const languageOf = (row: AtomRow) => row.language ?? 'en';

const sizeOf = (rows: AtomRow[], test: (row: AtomRow) => boolean) =>
  rows.reduce((sum, row) => (test(row) ? sum + row.n : sum), 0);

const subsets = <T>(items: T[]): T[][] => {
  const all: T[][] = [[]];
  for (const item of items) for (const s of all.slice()) all.push([...s, item]);
  return all;
};

export type Verdict = { shown: true } | { shown: false; primary: boolean; reason: string };

/**
 * Whether the group a filter selects may be shown, given every respondent's atom. Refuses:
 * 1. a group of 1–4 (primary);
 * 2. any cell of the inclusion–exclusion table of the filter's own conditions (each condition met
 *    or not) with 1–4 people: dropping conditions and subtracting views would isolate it;
 * 3. for gender, region and the cross-tab answer, within every parent view (the other conditions,
 *    any subset of them): when a sibling value has 1–4 people, the next-smallest siblings are hidden
 *    as well, until the hidden siblings hold at least 5 — so "all minus the shown values" never
 *    equals a small group;
 * 4. for an age range, any other age range nested in it or around it (same other conditions) that
 *    differs by 1–4 people.
 */
export function judgeFilter(rows: AtomRow[], filter: ResultsFilter): Verdict {
  const constraints = constraintsOf(filter);
  if (constraints.length === 0) return { shown: true };
  const group = sizeOf(rows, (row) => constraints.every((c) => c.test(row)));
  if (small(group)) return { shown: false, primary: true, reason: suppressionReason };
  const refuse: Verdict = { shown: false, primary: false, reason: secondarySuppressionReason };

  // 2. Every cell of the 2^k table of the filter's conditions.
  const cells = new Map<string, number>();
  for (const row of rows) {
    const key = constraints.map((c) => (c.test(row) ? '1' : '0')).join('');
    cells.set(key, (cells.get(key) ?? 0) + row.n);
  }
  if ([...cells.values()].some(small)) return refuse;

  for (const constraint of constraints) {
    const others = constraints.filter((c) => c !== constraint);
    for (const subset of subsets(others)) {
      const parent = rows.filter((row) => subset.every((c) => c.test(row)));
      if (constraint.dim === 'age') {
        // 4. Nested age ranges.
        const slice = AGES.map((age) => sizeOf(parent, (row) => row.age === age));
        const size = (lo: number, hi: number) => slice.slice(lo - 13, hi - 12).reduce((a, b) => a + b, 0);
        const lo = filter.ageMin ?? 13;
        const hi = filter.ageMax ?? 19;
        const mine = size(lo, hi);
        for (let a = 13; a <= 19; a++)
          for (let b = a; b <= 19; b++) {
            const nested = (a <= lo && b >= hi) || (a >= lo && b <= hi);
            if (nested && small(Math.abs(size(a, b) - mine))) return refuse;
          }
        continue;
      }
      // 3. Siblings of a categorical value.
      const sizes = new Map<string, number>();
      for (const row of parent) {
        const values =
          constraint.dim === 'answer'
            ? Array.isArray(row.answer)
              ? row.answer.map(String)
              : row.answer === null || row.answer === undefined
                ? []
                : [String(row.answer)]
            : [
                constraint.dim === 'gender'
                  ? row.gender
                  : constraint.dim === 'language'
                    ? languageOf(row)
                    : row.region,
              ];
        for (const value of values) sizes.set(value, (sizes.get(value) ?? 0) + row.n);
      }
      const requested =
        constraint.dim === 'gender'
          ? filter.gender!
          : constraint.dim === 'region'
            ? filter.region!
            : constraint.dim === 'language'
              ? filter.language!
              : filter.answer!.split(':')[1]!;
      if (hiddenSiblings(sizes).has(requested)) return refuse;
    }
  }
  return { shown: true };
}

/** The sibling values hidden in a parent: the small ones, then the next smallest until they hold 5. */
export function hiddenSiblings(sizes: Map<string, number>): Set<string> {
  const hidden = new Set([...sizes].filter(([, n]) => small(n)).map(([v]) => v));
  if (hidden.size === 0) return hidden;
  let total = [...hidden].reduce((sum, v) => sum + (sizes.get(v) ?? 0), 0);
  const rest = [...sizes].filter(([v, n]) => n > 0 && !hidden.has(v)).sort((a, b) => a[1] - b[1]);
  for (const [value, n] of rest) {
    if (total >= MIN_CELL_SIZE && hidden.size > 1) break;
    hidden.add(value);
    total += n;
  }
  return hidden;
}
