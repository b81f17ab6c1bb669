import { MIN_CELL_SIZE } from '@tv/contract';
import { reportedMargin, shareOf } from './statistics';
import type { CellWeights } from './weighting';

// The arithmetic of a summary's figures: respondents tallied (weighted or not), and a count turned into
// a share of its group with its margin of error, hidden when the group is too small (decision 014).

/**
 * A count inside a group. The group (its base) is what must hold at least MIN_CELL_SIZE
 * respondents; a small count inside a large enough group is shown (decision 014).
 */
export const cell = (count: number, base: number) => {
  if (base > 0 && base < MIN_CELL_SIZE) return { count: null, percent: null, marginOfError: null };
  if (base === 0) return { count, percent: null, marginOfError: null };
  // Wald, or the Wilson interval's wider side at the edges: never ±0 at 0% or 100% (issue 26).
  const moe = reportedMargin(count / base, base);
  return {
    count,
    percent: Math.round((count / base) * 1000) / 10,
    // The 95% margin of error of the share, in points (issue 13).
    marginOfError: moe === null ? null : Math.round(moe * 1000) / 10,
  };
};

/**
 * Respondents behind a figure: n unweighted, w the sum of their weights and w2 the sum of their
 * squared weights (both n when unweighted), so a share is w / w of its base and its effective base
 * is w² / w2 (Kish).
 */
export interface Tally {
  n: number;
  w: number;
  w2: number;
}
export const NONE: Tally = { n: 0, w: 0, w2: 0 };
export const plus = (a: Tally, b: { n: number; w?: number; w2?: number }): Tally => ({
  n: a.n + b.n,
  w: a.w + (b.w ?? b.n),
  w2: a.w2 + (b.w2 ?? b.n),
});
export const tallyOf = (rows: readonly { n: number; w?: number; w2?: number }[]) => rows.reduce(plus, NONE);

/**
 * A weighted share inside a group: the percentage is weighted, the count stays the respondents who
 * gave the answer (unweighted), and the margin of error uses the group's effective base. Hidden
 * exactly when the unweighted figure is: a group under 5 respondents (decision 014).
 */
export const weightedCell = (part: Tally, base: Tally) => {
  if (base.n > 0 && base.n < MIN_CELL_SIZE) return { count: null, percent: null, marginOfError: null };
  if (base.n === 0 || base.w <= 0 || base.w2 <= 0)
    return { count: part.n, percent: null, marginOfError: null };
  const share = shareOf(part.w, base.w);
  const moe = reportedMargin(share, (base.w * base.w) / base.w2);
  return {
    count: part.n,
    percent: Math.round(share * 1000) / 10,
    marginOfError: moe === null ? null : Math.round(moe * 1000) / 10,
  };
};

/** Collapses rows counted per audience cell into one row per key, with the cells' weights summed in. */
export function weighed<T extends { n: number; age?: number; gender?: string; region?: string }>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  weights: CellWeights,
): (T & Tally)[] {
  const out = new Map<string, T & Tally>();
  for (const row of rows) {
    const weight = weights.of({ age: row.age ?? '', gender: row.gender ?? '', region: row.region ?? '' });
    const key = keyOf(row);
    const seen = out.get(key);
    if (seen) {
      seen.n += row.n;
      seen.w += row.n * weight;
      seen.w2 += row.n * weight * weight;
    } else {
      out.set(key, { ...row, n: row.n, w: row.n * weight, w2: row.n * weight * weight });
    }
  }
  return [...out.values()];
}
