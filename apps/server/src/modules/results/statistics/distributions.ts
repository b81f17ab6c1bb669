/// <reference path="./jstat.d.ts" />
import jStat from 'jstat';

/**
 * The probability distributions the statistics library needs, under our own names (decision 027).
 * They come from jstat, so that no special function is hand-written here; this file is the only one
 * that imports it, and swapping the library means changing this file alone.
 *
 * Upper-tail probabilities are computed as 1 − CDF, so they are exact to about 1e-16 in absolute
 * terms: p-values below ~1e-15 come out as 0. Results screens show them as "p < 0.001" anyway.
 */

const clampProbability = (p: number) => Math.min(1, Math.max(0, p));

function assertFinite(name: string, value: number) {
  if (!Number.isFinite(value)) throw new Error(`${name} must be a finite number, got ${value}`);
}

function assertDegreesOfFreedom(df: number) {
  if (!Number.isFinite(df) || df <= 0) throw new Error(`Degrees of freedom must be positive, got ${df}`);
}

/** P(Z ≤ z) for a standard normal Z. */
export function normalCdf(z: number): number {
  if (z === Number.POSITIVE_INFINITY) return 1;
  if (z === Number.NEGATIVE_INFINITY) return 0;
  assertFinite('z', z);
  return clampProbability(jStat.normal.cdf(z, 0, 1));
}

/** The z with P(Z ≤ z) = p for a standard normal Z; p must be strictly between 0 and 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new Error(`A normal quantile needs 0 < p < 1, got ${p}`);
  return jStat.normal.inv(p, 0, 1);
}

/** The two-sided p-value of a z statistic: P(|Z| ≥ |z|). */
export function twoSidedNormalPValue(z: number): number {
  if (Number.isNaN(z)) throw new Error('z must be a number, got NaN');
  return clampProbability(2 * normalCdf(-Math.abs(z)));
}

/** The critical z of a two-sided interval at this confidence, e.g. 1.959964 for 0.95. */
export function criticalZ(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) {
    throw new Error(`Confidence must be between 0 and 1 (e.g. 0.95), got ${confidence}`);
  }
  return normalQuantile(1 - (1 - confidence) / 2);
}

/** P(X ≤ x) for X chi-square distributed with df degrees of freedom. */
export function chiSquareCdf(x: number, df: number): number {
  assertDegreesOfFreedom(df);
  if (x === Number.POSITIVE_INFINITY) return 1;
  assertFinite('x', x);
  if (x <= 0) return 0;
  return clampProbability(jStat.chisquare.cdf(x, df));
}

/** P(X ≥ x), the p-value of a chi-square statistic x with df degrees of freedom. */
export function chiSquarePValue(x: number, df: number): number {
  return clampProbability(1 - chiSquareCdf(x, df));
}
