import { describe, expect, it } from 'vitest';
import { chiSquareTest } from './chi-square';
import { columnLetter, columnProportionTests, pooledZ } from './column-proportions';

describe('columnProportionTests', () => {
  it("gives R's prop.test(c(16, 5), c(111, 88), correct = FALSE) p-value, 0.04643965", () => {
    // stats.stackexchange.com/questions/539100: prop.test(c(16,5), c(111,88), cor=F)$p.val = 0.04643965.
    // Columns are the two groups (bases 111 and 88); the first row is the answer being compared.
    const table = [
      [16, 5],
      [95, 83],
    ];
    const result = columnProportionTests(table, { correction: 'none' });
    const [pair] = result.pairs[0]!;
    expect(pair!.pValue).toBeCloseTo(0.04643965, 8);
    expect(pair!.proportions[0]).toBeCloseTo(16 / 111, 12);
    // prop.test's X-squared is z² of the pooled test, and the 2 × 2 chi-square without correction.
    expect(pair!.z ** 2).toBeCloseTo(chiSquareTest(table)!.statistic, 9);
    expect(result.letters).toEqual([
      [['B'], []],
      [[], ['A']],
    ]);
  });

  it('multiplies p-values by the number of pairs in the row (Bonferroni)', () => {
    // The same two groups plus a third: three pairs, so the A–B p-value 0.0464 becomes 0.139.
    const table = [
      [16, 5, 12],
      [95, 83, 88],
    ];
    const corrected = columnProportionTests(table);
    const ab = corrected.pairs[0]!.find((p) => p.columns[0] === 0 && p.columns[1] === 1)!;
    expect(ab.pValue).toBeCloseTo(0.04643965, 8);
    expect(ab.adjustedPValue).toBeCloseTo(3 * 0.04643965, 7);
    expect(ab.significant).toBe(false);
    expect(corrected.letters.flat(2)).toEqual([]);
    expect(corrected.correction).toBe('Bonferroni');

    const uncorrected = columnProportionTests(table, { correction: 'none' });
    expect(uncorrected.correction).toBe('None');
    expect(uncorrected.letters[0]).toEqual([['B'], [], []]);
  });

  it('puts the letter of the lower column on the higher cell', () => {
    // Shares 60%, 30% and 45% of 100 each. A–B: z = 4.264, p = 2.0e-5 (×3 still significant);
    // A–C: z = 2.124, p = 0.0337 → 0.101; B–C: z = −2.191, p = 0.0285 → 0.085.
    const result = columnProportionTests([
      [60, 30, 45],
      [40, 70, 55],
    ]);
    expect(result.columnLetters).toEqual(['A', 'B', 'C']);
    expect(result.letters).toEqual([
      [['B'], [], []],
      [[], ['A'], []],
    ]);
    const [ab, ac, bc] = result.pairs[0]!;
    expect(ab!.z).toBeCloseTo(0.3 / Math.sqrt(0.45 * 0.55 * 0.02), 12);
    expect(ab!.higher).toBe(0);
    expect(ac!.adjustedPValue).toBeCloseTo(3 * ac!.pValue, 12);
    expect(bc!.z).toBeLessThan(0);
    expect(result.alpha).toBe(0.05);
  });

  it('follows alpha', () => {
    const loose = columnProportionTests(
      [
        [60, 30, 45],
        [40, 70, 55],
      ],
      { alpha: 0.11 },
    );
    // At 0.11 the adjusted 0.101 (A–C) and 0.085 (B–C) are significant too.
    expect(loose.letters[0]).toEqual([['B', 'C'], [], ['B']]);
    expect(loose.letters[1]).toEqual([[], ['A', 'C'], ['A']]);
  });

  it('skips columns under the minimum base, in letters and in the Bonferroni factor', () => {
    const result = columnProportionTests([
      [60, 30, 5],
      [40, 70, 15],
    ]);
    expect(result.tested).toEqual([true, true, false]);
    expect(result.pairs[0]).toHaveLength(1);
    expect(result.pairs[0]![0]!.adjustedPValue).toBe(result.pairs[0]![0]!.pValue);
    expect(result.letters[0]![2]).toEqual([]);
    const lowered = columnProportionTests(
      [
        [60, 30, 5],
        [40, 70, 15],
      ],
      { minBase: 20 },
    );
    expect(lowered.tested).toEqual([true, true, true]);
    expect(lowered.pairs[0]).toHaveLength(3);
  });

  it('handles shares of 0 and 100% without NaN', () => {
    const result = columnProportionTests([
      [0, 0, 40],
      [50, 60, 0],
    ]);
    for (const pair of result.pairs.flat()) {
      expect(Number.isFinite(pair.z)).toBe(true);
      expect(pair.pValue).toBeGreaterThanOrEqual(0);
      expect(pair.pValue).toBeLessThanOrEqual(1);
    }
    // A and B are both 0%: no variance, no difference.
    expect(result.pairs[0]![0]).toMatchObject({ z: 0, pValue: 1, significant: false, higher: null });
    expect(result.letters[0]).toEqual([[], [], ['A', 'B']]);
    expect(result.letters[1]).toEqual([['C'], ['C'], []]);
    expect(pooledZ(0, 50, 0, 60)).toBe(0);
    expect(pooledZ(1, 50, 1, 60)).toBe(0);
  });

  it('uses given bases for multiple-choice questions, and effective bases for weighted data', () => {
    // Multiple choice: 100 respondents per column, each could pick both answers.
    const table = [
      [70, 50],
      [60, 58],
    ];
    const result = columnProportionTests(table, { bases: [100, 100], correction: 'none' });
    expect(result.pairs[0]![0]!.proportions).toEqual([0.7, 0.5]);
    expect(result.letters[0]).toEqual([['B'], []]);
    // Halving the effective bases divides z by √2.
    const weighted = columnProportionTests(table, {
      bases: [100, 100],
      effectiveBases: [50, 50],
      correction: 'none',
    });
    expect(weighted.pairs[0]![0]!.z).toBeCloseTo(result.pairs[0]![0]!.z / Math.SQRT2, 12);
  });

  it('refuses bad input', () => {
    expect(() => columnProportionTests([[10, 20]], { bases: [5, 40] })).toThrow(
      /larger than its column base/,
    );
    expect(() => columnProportionTests([[10, 20]], { bases: [50] })).toThrow(/1 values for 2 columns/);
    expect(() => columnProportionTests([[10, 20]], { alpha: 5 })).toThrow(/alpha/);
    expect(() =>
      columnProportionTests([[10, 20]], { correction: 'holm' as unknown as 'bonferroni' }),
    ).toThrow(/Unknown correction/);
  });
});

describe('columnLetter', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});
