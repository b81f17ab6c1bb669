import { chiSquarePValue } from './distributions';
import { assertTable, columnTotals, rowTotals } from './tables';

/**
 * Pearson's chi-square test of independence for an r × c cross-tab (decision 027).
 *
 * - No continuity correction, for any table size. For r × c tables larger than 2 × 2 this is what SPSS
 *   and R report. For 2 × 2 tables R's `chisq.test(m)` applies Yates' correction by default; we do not:
 *   our result equals `chisq.test(m, correct = FALSE)` and `prop.test(x, n, correct = FALSE)`, and so
 *   agrees with the column z-test, whose z² it is.
 * - Rows and columns whose cells are all 0 are left out before anything is computed (an unchosen
 *   answer, an empty banner group): they carry no information, and keeping them would divide by a
 *   zero expected count. R returns NaN for such tables; SPSS drops them as we do. `rowsUsed` and
 *   `columnsUsed` say which were kept.
 * - Weighted counts are accepted. A weighted table overstates the evidence when its total is the sum
 *   of the weights, so pass `effectiveBase` (raking.ts) and the table is scaled to that total first.
 */

export interface ChiSquareOptions {
  /** Scale the table so its total is this base (the effective base of weighted counts). */
  effectiveBase?: number;
}

export interface ChiSquareResult {
  /** Pearson's X², Σ (observed − expected)² / expected. */
  statistic: number;
  /** (kept rows − 1) × (kept columns − 1). */
  df: number;
  /** P(χ²(df) ≥ statistic). */
  pValue: number;
  /** The total of the table the test ran on (after scaling to the effective base, if any). */
  total: number;
  /** Indices of the rows and columns of the input that were kept (not all zero). */
  rowsUsed: number[];
  columnsUsed: number[];
  /** Expected counts of the kept cells, in the order of rowsUsed × columnsUsed. */
  expected: number[][];
  /**
   * How far to trust the approximation: the usual rule asks that at most 20% of expected counts be
   * under 5 and none under 1 (Cochran 1954). Screens should show a warning otherwise.
   */
  lowExpected: {
    /** Share of kept cells with an expected count below 5 (0 to 1). */
    share: number;
    /** Whether any kept cell has an expected count below 1. */
    anyBelowOne: boolean;
    /** The smallest expected count. */
    minimum: number;
  };
}

/**
 * The test of independence of rows and columns of `table` (counts, possibly weighted). Null when
 * fewer than two rows or two columns have any count: there is then nothing to test.
 */
export function chiSquareTest(
  table: readonly (readonly number[])[],
  options: ChiSquareOptions = {},
): ChiSquareResult | null {
  assertTable(table);
  const rowsUsed = rowTotals(table).flatMap((total, i) => (total > 0 ? [i] : []));
  const columnsUsed = columnTotals(table).flatMap((total, j) => (total > 0 ? [j] : []));
  if (rowsUsed.length < 2 || columnsUsed.length < 2) return null;

  let observed = rowsUsed.map((i) => columnsUsed.map((j) => table[i]![j]!));
  const rawTotal = observed.flat().reduce((sum, cell) => sum + cell, 0);
  const { effectiveBase } = options;
  if (effectiveBase !== undefined) {
    if (!(Number.isFinite(effectiveBase) && effectiveBase > 0)) {
      throw new Error(`The effective base must be a positive number, got ${effectiveBase}`);
    }
    const scale = effectiveBase / rawTotal;
    observed = observed.map((row) => row.map((cell) => cell * scale));
  }

  const rows = rowTotals(observed);
  const columns = columnTotals(observed);
  const total = rows.reduce((sum, t) => sum + t, 0);
  const expected = rows.map((r) => columns.map((c) => (r * c) / total));

  let statistic = 0;
  let below5 = 0;
  let minimum = Number.POSITIVE_INFINITY;
  observed.forEach((row, i) => {
    row.forEach((cell, j) => {
      const e = expected[i]![j]!;
      statistic += ((cell - e) * (cell - e)) / e;
      if (e < 5) below5++;
      minimum = Math.min(minimum, e);
    });
  });

  const df = (rowsUsed.length - 1) * (columnsUsed.length - 1);
  return {
    statistic,
    df,
    pValue: chiSquarePValue(statistic, df),
    total,
    rowsUsed,
    columnsUsed,
    expected,
    lowExpected: {
      share: below5 / (rowsUsed.length * columnsUsed.length),
      anyBelowOne: minimum < 1,
      minimum,
    },
  };
}
