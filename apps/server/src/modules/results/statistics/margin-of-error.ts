import { criticalZ } from './distributions';

/**
 * Margins of error for a percentage (decision 027). Proportions are shares from 0 to 1, and so are the
 * results: a margin of 0.031 is shown as ±3.1 percentage points.
 *
 * For weighted results, pass the effective base (raking.ts `effectiveBase`), not the raw count:
 * weighting widens the interval by the design effect, and the effective base carries exactly that.
 */

export interface ConfidenceOptions {
  /** Two-sided confidence level; default 0.95. */
  confidence?: number;
}

export interface Interval {
  lower: number;
  upper: number;
}

function assertProportion(p: number) {
  if (!(p >= 0 && p <= 1)) throw new Error(`A proportion must be between 0 and 1, got ${p}`);
}

/**
 * The share part/whole of two sums of weights, kept within [0, 1]. The same weights added in another
 * order can differ in the last bit, so a group in which everyone gave the answer could come out a hair
 * above 1 (1.0000000000000002 in a weighted summary of 100,000 responses) and fail every check of a
 * proportion. 0 for an empty whole.
 */
export function shareOf(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.min(1, Math.max(0, part / whole));
}

/**
 * The margin of error (half-width, in proportion units) of the normal-approximation ("Wald")
 * interval: z · √(p(1 − p)/n). Null when the base n is below 1 (nothing to estimate).
 *
 * This is the figure survey reports quote, and at p = 0.5 it is the largest margin for the base.
 * It is 0 at p = 0 or 1 and too narrow for small bases; use `wilsonInterval` to show an interval there.
 */
export function marginOfError(p: number, n: number, options: ConfidenceOptions = {}): number | null {
  assertProportion(p);
  const z = criticalZ(options.confidence ?? 0.95);
  if (!(n >= 1)) return null;
  return z * Math.sqrt((p * (1 - p)) / n);
}

/**
 * The Wilson score interval for a proportion p observed on a base n (R's `prop.test(x, n,
 * correct = FALSE)$conf.int`). Unlike p ± margin it stays inside [0, 1], is not empty at p = 0 or 1
 * and keeps its coverage on small bases (Brown, Cai & DasGupta 2001), so it is the one to draw as error
 * bars for bases under about 100. It is not centered on p. Null when n is below 1.
 */
export function wilsonInterval(p: number, n: number, options: ConfidenceOptions = {}): Interval | null {
  assertProportion(p);
  const z = criticalZ(options.confidence ?? 0.95);
  if (!(n >= 1)) return null;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lower: Math.max(0, center - half), upper: Math.min(1, center + half) };
}

/**
 * The margin shown with a percentage (issue 26). Where the normal approximation holds, that is
 * n·p ≥ 5 and n·(1 − p) ≥ 5 (the textbook condition, and the same 5 as Cochran's rule for expected
 * counts), it is the Wald margin survey reports quote. At the edges, where the Wald margin shrinks to 0
 * at 0% and 100% and is too narrow near them, it is the wider side of the Wilson interval: at 0 of 50
 * the share could be as high as 7.1%, so the figure is 7.1 points, never ±0. Null when n is below 1.
 */
export function reportedMargin(p: number, n: number, options: ConfidenceOptions = {}): number | null {
  const wald = marginOfError(p, n, options);
  if (wald === null) return null;
  if (n * p >= 5 && n * (1 - p) >= 5) return wald;
  const wilson = wilsonInterval(p, n, options)!;
  return Math.max(p - wilson.lower, wilson.upper - p);
}
