import { describe, expect, it } from 'vitest';
import {
  chiSquareCdf,
  chiSquarePValue,
  criticalZ,
  normalCdf,
  normalQuantile,
  twoSidedNormalPValue,
} from './distributions';

// Reference values are R's (standard normal and chi-square tables give the same to the digits shown):
// qnorm(0.975) = 1.959964, qnorm(0.95) = 1.644854, qnorm(0.995) = 2.575829,
// 2 * pnorm(-1.96) = 0.04999579, qchisq(0.95, 1) = 3.841459, qchisq(0.95, 2) = 5.991465,
// qchisq(0.95, 10) = 18.30704.
describe('distributions', () => {
  it('gives the critical z values of 90, 95 and 99% intervals', () => {
    expect(criticalZ(0.95)).toBeCloseTo(1.959964, 6);
    expect(criticalZ(0.9)).toBeCloseTo(1.644854, 6);
    expect(criticalZ(0.99)).toBeCloseTo(2.575829, 6);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
  });

  it('gives normal probabilities and two-sided p-values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 12);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(twoSidedNormalPValue(1.96)).toBeCloseTo(0.04999579, 8);
    expect(twoSidedNormalPValue(-1.96)).toBe(twoSidedNormalPValue(1.96));
    expect(twoSidedNormalPValue(0)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('puts 5% in the upper tail at the chi-square critical values', () => {
    expect(chiSquarePValue(3.841459, 1)).toBeCloseTo(0.05, 7);
    expect(chiSquarePValue(5.991465, 2)).toBeCloseTo(0.05, 7);
    expect(chiSquarePValue(18.30704, 10)).toBeCloseTo(0.05, 6);
    expect(chiSquareCdf(0, 3)).toBe(0);
    expect(chiSquarePValue(0, 3)).toBe(1);
  });

  it('matches the closed form of 2 degrees of freedom, P(X ≥ x) = exp(−x/2)', () => {
    for (const x of [0.1, 1, 5, 13.8, 30.07]) {
      expect(chiSquarePValue(x, 2) / Math.exp(-x / 2)).toBeCloseTo(1, 6);
    }
    // Far in the tail 1 − CDF keeps its absolute accuracy only (see distributions.ts).
    expect(Math.abs(chiSquarePValue(60, 2) - Math.exp(-30))).toBeLessThan(1e-15);
  });

  it('equals the two-sided normal p-value at z² with 1 degree of freedom', () => {
    for (const z of [0.3, 1, 1.96, 2.5, 4]) {
      expect(chiSquarePValue(z * z, 1)).toBeCloseTo(twoSidedNormalPValue(z), 10);
    }
  });

  it('refuses inputs outside the domain', () => {
    expect(() => normalQuantile(0)).toThrow(/0 < p < 1/);
    expect(() => normalQuantile(1)).toThrow(/0 < p < 1/);
    expect(() => criticalZ(95)).toThrow(/between 0 and 1/);
    expect(() => chiSquareCdf(1, 0)).toThrow(/Degrees of freedom/);
    expect(() => chiSquareCdf(Number.NaN, 1)).toThrow(/finite/);
    expect(() => twoSidedNormalPValue(Number.NaN)).toThrow(/NaN/);
  });
});
