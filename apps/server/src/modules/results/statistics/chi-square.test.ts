import { describe, expect, it } from 'vitest';
import { chiSquareTest } from './chi-square';

/** Relative closeness, for small p-values printed by R to 4 significant digits. */
const expectRelative = (actual: number, expected: number, tolerance = 5e-4) =>
  expect(Math.abs(actual / expected - 1)).toBeLessThan(tolerance);

describe('chiSquareTest against published outputs', () => {
  it("matches R's ?chisq.test example (Agresti 2007, p. 39): X-squared = 30.07, df = 2, p-value = 2.954e-07", () => {
    // M <- as.table(rbind(c(762, 327, 468), c(484, 239, 477))); chisq.test(M)
    // R also prints Xsq$expected: F 703.6714 319.6453 533.6834 / M 542.3286 246.3547 411.3166.
    const result = chiSquareTest([
      [762, 327, 468],
      [484, 239, 477],
    ])!;
    expect(result.statistic).toBeCloseTo(30.07, 2);
    expect(result.df).toBe(2);
    expectRelative(result.pValue, 2.954e-7);
    const expected = [
      [703.6714, 319.6453, 533.6834],
      [542.3286, 246.3547, 411.3166],
    ];
    result.expected.forEach((row, i) => {
      row.forEach((e, j) => {
        expect(e).toBeCloseTo(expected[i]![j]!, 4);
      });
    });
  });

  it("matches SciPy's chi2_contingency docstring example: 2.7777777777777777, p 0.24935220877729619, dof 2", () => {
    // scipy/stats/contingency.py: obs = np.array([[10, 10, 20], [20, 20, 20]]); chi2_contingency(obs)
    // with expected [[12, 12, 16], [18, 18, 24]]. (No Yates correction: dof is not 1.)
    const result = chiSquareTest([
      [10, 10, 20],
      [20, 20, 20],
    ])!;
    expect(result.statistic).toBeCloseTo(2.7777777777777777, 12);
    expect(result.pValue).toBeCloseTo(0.24935220877729619, 12);
    expect(result.df).toBe(2);
    expect(result.expected).toEqual([
      [12, 12, 16],
      [18, 18, 24],
    ]);
  });

  it("matches R's ?prop.test smokers example: X-squared = 12.6, df = 3, p-value = 0.005585", () => {
    // smokers <- c(83, 90, 129, 70); patients <- c(86, 93, 136, 82); prop.test(smokers, patients)
    // ("4-sample test for equality of proportions without continuity correction", as quoted on
    // matstat.org/content_en/R-course/proptest.html). The same test as chi-square on smokers and
    // non-smokers by group.
    const result = chiSquareTest([
      [83, 90, 129, 70],
      [3, 3, 7, 12],
    ])!;
    expect(result.statistic).toBeCloseTo(12.6, 1);
    expect(result.df).toBe(3);
    expectRelative(result.pValue, 0.005585);
  });

  it('matches other published R outputs of chisq.test on r × c tables', () => {
    // Statology, "Chi-Square Test of Independence in R": X-squared = 0.86404, df = 2, p-value = 0.6492.
    const party = chiSquareTest([
      [120, 90, 40],
      [110, 95, 45],
    ])!;
    expect(party.statistic).toBeCloseTo(0.86404, 5);
    expect(party.pValue).toBeCloseTo(0.6492, 4);
    // Nathan Carter (Bentley), "How to Perform a Chi-Squared Test on a Contingency Table (in R)",
    // education by gender from Penn State STAT 500: X-squared = 8.0061, df = 3, p-value = 0.04589.
    const education = chiSquareTest([
      [60, 54, 46, 41],
      [40, 44, 53, 57],
    ])!;
    expect(education.statistic).toBeCloseTo(8.0061, 4);
    expect(education.df).toBe(3);
    expectRelative(education.pValue, 0.04589);
    // Data Learning Center statistical guides, "Running the χ2 test" (Penn State STAT 500 tax reform
    // opinion by party): X-squared = 22.152, df = 2, p-value = 1.548e-05.
    const opinion = chiSquareTest([
      [138, 83, 64],
      [64, 67, 84],
    ])!;
    expect(opinion.statistic).toBeCloseTo(22.152, 3);
    expectRelative(opinion.pValue, 1.548e-5);
  });

  it('uses no continuity correction on 2 × 2 tables: equals chisq.test(m, correct = FALSE), not R’s default', () => {
    // stats.stackexchange.com/questions/539100 (answer illustrating prop.test and chisq.test):
    // TBL = rbind(c(16, 5), c(95, 83))
    //   chisq.test(TBL, cor = F)$p.val = 0.04643965   ← what we compute
    //   chisq.test(TBL) (Yates): X-squared = 3.0944, p-value = 0.07856   ← R's default, not ours
    const result = chiSquareTest([
      [16, 5],
      [95, 83],
    ])!;
    expect(result.df).toBe(1);
    expect(result.pValue).toBeCloseTo(0.04643965, 8);
    expect(result.statistic).not.toBeCloseTo(3.0944, 2);
    expect(result.pValue).not.toBeCloseTo(0.07856, 3);
  });
});

describe('chiSquareTest on survey tables', () => {
  const table = [
    [762, 327, 468],
    [484, 239, 477],
  ];

  it('leaves out all-zero rows and columns and says which it kept', () => {
    const padded = [
      [762, 0, 327, 468],
      [0, 0, 0, 0],
      [484, 0, 239, 477],
    ];
    const result = chiSquareTest(padded)!;
    expect(result.rowsUsed).toEqual([0, 2]);
    expect(result.columnsUsed).toEqual([0, 2, 3]);
    expect(result.df).toBe(2);
    expect(result.statistic).toBeCloseTo(chiSquareTest(table)!.statistic, 10);
  });

  it('is null when fewer than two rows or columns have counts', () => {
    expect(chiSquareTest([[5, 7, 9]])).toBeNull();
    expect(
      chiSquareTest([
        [5, 0],
        [7, 0],
      ]),
    ).toBeNull();
    expect(
      chiSquareTest([
        [0, 0],
        [0, 0],
      ]),
    ).toBeNull();
  });

  it('is 0 with p = 1 for a table whose rows are proportional', () => {
    const result = chiSquareTest([
      [10, 20, 30],
      [20, 40, 60],
    ])!;
    expect(result.statistic).toBeCloseTo(0, 12);
    expect(result.pValue).toBeCloseTo(1, 12);
  });

  it('reports low expected counts', () => {
    // Totals 5 and 43 both ways, 48 in all: expected 0.52, 4.48, 4.48, 38.52.
    const result = chiSquareTest([
      [2, 3],
      [3, 40],
    ])!;
    expect(result.lowExpected.share).toBe(0.75);
    expect(result.lowExpected.anyBelowOne).toBe(true);
    expect(result.lowExpected.minimum).toBeCloseTo(25 / 48, 12);
    expect(chiSquareTest(table)!.lowExpected).toMatchObject({ share: 0, anyBelowOne: false });
  });

  it('scales weighted counts to the effective base', () => {
    const weighted = table.map((row) => row.map((cell) => cell * 2.5));
    const total = table.flat().reduce((sum, cell) => sum + cell, 0);
    const unscaled = chiSquareTest(weighted)!;
    expect(unscaled.statistic).toBeCloseTo(2.5 * chiSquareTest(table)!.statistic, 8);
    const scaled = chiSquareTest(weighted, { effectiveBase: total })!;
    expect(scaled.total).toBeCloseTo(total, 8);
    expect(scaled.statistic).toBeCloseTo(chiSquareTest(table)!.statistic, 8);
    expect(() => chiSquareTest(table, { effectiveBase: 0 })).toThrow(/effective base/);
  });

  it('accepts fractional (weighted) counts', () => {
    const result = chiSquareTest([
      [10.4, 20.25],
      [30.1, 5.75],
    ])!;
    expect(result.statistic).toBeGreaterThan(0);
    expect(result.pValue).toBeGreaterThan(0);
    expect(result.pValue).toBeLessThan(1);
  });

  it('refuses malformed tables', () => {
    expect(() => chiSquareTest([])).toThrow(/at least one row/);
    expect(() => chiSquareTest([[1, 2], [3]])).toThrow(/Row 1/);
    expect(() =>
      chiSquareTest([
        [1, -2],
        [3, 4],
      ]),
    ).toThrow(/Cell \[0\]\[1\]/);
    expect(() =>
      chiSquareTest([
        [1, Number.NaN],
        [3, 4],
      ]),
    ).toThrow(/Cell \[0\]\[1\]/);
  });
});
