import { twoSidedNormalPValue } from './distributions';
import { assertTable, columnTotals } from './tables';

/**
 * Column proportions z-tests, as in SPSS Custom Tables ("Compare column proportions") and Qualtrics
 * ("column proportions z-test"), decision 027. In a cross-tab with answers as rows and banner groups
 * as columns, each row compares every pair of columns: is the share giving this answer different?
 *
 * - Proportion = cell / column base; the column base defaults to the column total (pass `bases` for
 *   multiple-choice questions, where a column adds up to more than its respondents).
 * - Each pair is a two-proportion z-test with the pooled proportion:
 *   z = (p₁ − p₂) / √(p(1 − p)(1/n₁ + 1/n₂)), p = (p₁n₁ + p₂n₂)/(n₁ + n₂), two-sided. Its z² equals
 *   R's `prop.test(c(x1, x2), c(n1, n2), correct = FALSE)` statistic, and so its p-value.
 * - Bonferroni within the row, as SPSS does: each p-value is multiplied by the number of pairs
 *   compared in that row (capped at 1) and compared with alpha.
 * - A significant difference puts the letter of the lower column on the higher cell: "B" in a cell of
 *   column A means A's share is significantly higher than B's.
 * - Columns whose base is under `minBase` (default 30) are neither tested nor counted in the
 *   Bonferroni factor; `tested` says which were. Two shares that are both 0 or both 1 have no
 *   variance: they are reported as no difference (z = 0, p = 1), never NaN.
 * - For weighted tables, pass weighted cells and bases plus `effectiveBases` (n in the formula);
 *   `minBase` then applies to the effective base.
 */

export type ProportionCorrection = 'bonferroni' | 'none';

export interface ColumnProportionOptions {
  /** Significance level after the correction; default 0.05. */
  alpha?: number;
  /** Multiple-comparison correction within each row; default 'bonferroni'. */
  correction?: ProportionCorrection;
  /** Columns with a smaller base are not tested; default 30. */
  minBase?: number;
  /** The base of each column (default: the column totals). */
  bases?: readonly number[];
  /** The n of each column in the test (default: the bases); the effective bases of weighted data. */
  effectiveBases?: readonly number[];
}

/** One comparison of two columns in one row. */
export interface ColumnPairTest {
  /** Column indices, first < second. */
  columns: [number, number];
  proportions: [number, number];
  z: number;
  pValue: number;
  /** The p-value after the correction (equal to pValue without one). */
  adjustedPValue: number;
  significant: boolean;
  /** The column with the significantly higher share, or null. */
  higher: number | null;
}

export interface ColumnProportionResult {
  /** 'A', 'B', … by column index ('AA' after 'Z'). */
  columnLetters: string[];
  /**
   * letters[row][column]: the letters of the columns this cell is significantly higher than, in
   * column order (e.g. ['B', 'D']); empty when none, or when the column was not tested.
   */
  letters: string[][][];
  /** Whether each column was tested (base at least minBase). */
  tested: boolean[];
  /** The pairs compared in each row. */
  pairs: ColumnPairTest[][];
  alpha: number;
  /** The correction's name for the footnote, e.g. 'Bonferroni'. */
  correction: 'Bonferroni' | 'None';
}

/** Spreadsheet-style letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function checkedColumnValues(name: string, values: readonly number[], columns: number): number[] {
  if (values.length !== columns) {
    throw new Error(`${name} has ${values.length} values for ${columns} columns`);
  }
  values.forEach((v, j) => {
    if (!(Number.isFinite(v) && v >= 0)) throw new Error(`${name}[${j}] must be 0 or more, got ${v}`);
  });
  return [...values];
}

/** The pooled two-proportion z statistic; 0 when the pooled share is 0 or 1 (no variance). */
export function pooledZ(p1: number, n1: number, p2: number, n2: number): number {
  const pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  if (!(variance > 0)) return 0;
  return (p1 - p2) / Math.sqrt(variance);
}

export function columnProportionTests(
  table: readonly (readonly number[])[],
  options: ColumnProportionOptions = {},
): ColumnProportionResult {
  assertTable(table);
  const alpha = options.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) throw new Error(`alpha must be between 0 and 1, got ${alpha}`);
  const correction = options.correction ?? 'bonferroni';
  if (correction !== 'bonferroni' && correction !== 'none') {
    throw new Error(`Unknown correction "${correction}"; use 'bonferroni' or 'none'`);
  }
  const minBase = options.minBase ?? 30;
  const columns = table[0]!.length;
  const bases = checkedColumnValues('bases', options.bases ?? columnTotals(table), columns);
  const testBases = checkedColumnValues('effectiveBases', options.effectiveBases ?? bases, columns);

  table.forEach((row, i) => {
    row.forEach((cell, j) => {
      if (cell > bases[j]! * (1 + 1e-9)) {
        throw new Error(`Cell [${i}][${j}] (${cell}) is larger than its column base (${bases[j]})`);
      }
    });
  });

  const tested = bases.map((base, j) => base > 0 && testBases[j]! > 0 && testBases[j]! >= minBase);
  const testedColumns = tested.flatMap((t, j) => (t ? [j] : []));
  const comparisons = (testedColumns.length * (testedColumns.length - 1)) / 2;
  const factor = correction === 'bonferroni' ? comparisons : 1;

  const letters: string[][][] = [];
  const pairs: ColumnPairTest[][] = [];
  const columnLetters = Array.from({ length: columns }, (_, j) => columnLetter(j));

  for (const row of table) {
    const shares = row.map((cell, j) => (bases[j]! > 0 ? Math.min(1, cell / bases[j]!) : 0));
    const rowLetters: string[][] = row.map(() => []);
    const rowPairs: ColumnPairTest[] = [];
    for (let a = 0; a < testedColumns.length; a++) {
      for (let b = a + 1; b < testedColumns.length; b++) {
        const j = testedColumns[a]!;
        const k = testedColumns[b]!;
        const z = pooledZ(shares[j]!, testBases[j]!, shares[k]!, testBases[k]!);
        const pValue = twoSidedNormalPValue(z);
        const adjustedPValue = Math.min(1, pValue * factor);
        const significant = z !== 0 && adjustedPValue < alpha;
        const higher = significant ? (z > 0 ? j : k) : null;
        if (higher !== null) {
          const lower = higher === j ? k : j;
          rowLetters[higher]!.push(columnLetters[lower]!);
        }
        rowPairs.push({
          columns: [j, k],
          proportions: [shares[j]!, shares[k]!],
          z,
          pValue,
          adjustedPValue,
          significant,
          higher,
        });
      }
    }
    letters.push(rowLetters.map((l) => l.sort((x, y) => x.length - y.length || x.localeCompare(y))));
    pairs.push(rowPairs);
  }

  return {
    columnLetters,
    letters,
    tested,
    pairs,
    alpha,
    correction: correction === 'bonferroni' ? 'Bonferroni' : 'None',
  };
}
