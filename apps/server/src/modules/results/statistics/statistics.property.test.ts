import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareTest } from './chi-square';
import { columnProportionTests } from './column-proportions';
import { rake } from './raking';

/** Tables of 2–6 rows × 2–6 columns of positive counts, integer or weighted. */
const positiveTable = fc
  .record({
    rows: fc.integer({ min: 2, max: 6 }),
    columns: fc.integer({ min: 2, max: 6 }),
    weighted: fc.boolean(),
  })
  .chain(({ rows, columns, weighted }) =>
    fc.array(
      fc.array(
        weighted
          ? fc.double({ min: 0.01, max: 5000, noNaN: true, noDefaultInfinity: true })
          : fc.integer({ min: 1, max: 5000 }),
        { minLength: columns, maxLength: columns },
      ),
      { minLength: rows, maxLength: rows },
    ),
  );

const transpose = (table: number[][]) => table[0]!.map((_, j) => table.map((row) => row[j]!));

describe('statistics properties', () => {
  it('chi-square: statistic ≥ 0, p in [0, 1], df = (r − 1)(c − 1), the same for the transposed table', () => {
    fc.assert(
      fc.property(positiveTable, (table) => {
        const result = chiSquareTest(table)!;
        expect(result.statistic).toBeGreaterThanOrEqual(0);
        expect(result.pValue).toBeGreaterThanOrEqual(0);
        expect(result.pValue).toBeLessThanOrEqual(1);
        expect(result.df).toBe((table.length - 1) * (table[0]!.length - 1));
        const flipped = chiSquareTest(transpose(table))!;
        expect(flipped.statistic).toBeCloseTo(result.statistic, 6);
      }),
      { numRuns: 300 },
    );
  });

  it('column proportions: letters never go both ways, p-values in [0, 1], corrected ≥ raw', () => {
    fc.assert(
      fc.property(
        positiveTable,
        fc.constantFrom<'bonferroni' | 'none'>('bonferroni', 'none'),
        fc.integer({ min: 0, max: 3000 }),
        (table, correction, minBase) => {
          const result = columnProportionTests(table, { correction, minBase });
          for (const [i, row] of result.letters.entries()) {
            row.forEach((letters, j) => {
              if (!result.tested[j]) expect(letters).toEqual([]);
              for (const letter of letters) {
                const k = result.columnLetters.indexOf(letter);
                expect(result.tested[k]).toBe(true);
                // j is higher than k, so k may not also be higher than j.
                expect(row[k]).not.toContain(result.columnLetters[j]);
              }
            });
            for (const pair of result.pairs[i]!) {
              expect(Number.isFinite(pair.z)).toBe(true);
              expect(pair.pValue).toBeGreaterThanOrEqual(0);
              expect(pair.pValue).toBeLessThanOrEqual(1);
              expect(pair.adjustedPValue).toBeGreaterThanOrEqual(pair.pValue);
              expect(pair.adjustedPValue).toBeLessThanOrEqual(1);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('raking: weights are positive with mean 1, and a converged result meets every target', () => {
    const respondent = fc.record({ a: fc.constantFrom('x', 'y', 'z'), b: fc.constantFrom('u', 'v') });
    const share = fc.double({ min: 0.1, max: 0.9, noNaN: true });
    fc.assert(
      fc.property(fc.array(respondent, { minLength: 12, maxLength: 200 }), share, share, (sample, s1, s2) => {
        const present = (key: 'a' | 'b', value: string) => sample.some((r) => r[key] === value);
        fc.pre(['x', 'y', 'z'].every((v) => present('a', v)) && ['u', 'v'].every((v) => present('b', v)));
        const targets = { a: { x: s1 / 2, y: (1 - s1) / 2, z: 0.5 }, b: { u: s2, v: 1 - s2 } };
        const result = rake(sample, targets, { tolerance: 1e-8, maxIterations: 200 });
        for (const w of result.weights) expect(w).toBeGreaterThan(0);
        const total = result.weights.reduce((sum, w) => sum + w, 0);
        expect(total / sample.length).toBeCloseTo(1, 9);
        if (result.converged) {
          for (const [key, shares] of Object.entries(targets) as ['a' | 'b', Record<string, number>][]) {
            for (const [value, target] of Object.entries(shares)) {
              const weighted = sample.reduce(
                (sum, r, i) => (r[key] === value ? sum + result.weights[i]! : sum),
                0,
              );
              expect(Math.abs(weighted / total - target)).toBeLessThanOrEqual(1e-8 + 1e-12);
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('raking: margins no weights can meet leave every weight positive (a counterexample fast-check found)', () => {
    // Ages y and z are only in b = v, yet the targets ask for 95% of them and 31% of b = v.
    const sample = [
      ...Array.from({ length: 9 }, () => ({ a: 'x', b: 'u' })),
      { a: 'z', b: 'v' },
      { a: 'x', b: 'v' },
      { a: 'y', b: 'v' },
    ];
    const targets = { a: { x: 0.05, y: 0.45, z: 0.5 }, b: { u: 0.6857464989693447, v: 0.3142535010306553 } };
    const result = rake(sample, targets, { tolerance: 1e-8, maxIterations: 200 });
    expect(result.converged).toBe(false);
    for (const w of result.weights) expect(w).toBeGreaterThan(0);
    expect(result.weights.reduce((sum, w) => sum + w, 0) / sample.length).toBeCloseTo(1, 9);
  });
});
