/**
 * Raking (iterative proportional fitting) of respondent weights to population margins, decision 027.
 *
 * Each pass adjusts the weights dimension by dimension (e.g. age, then gender, then region) so the
 * weighted shares of that dimension equal its targets; passes repeat until every weighted share is
 * within `tolerance` of its target or `maxIterations` passes have run. Weights are kept at mean 1 over
 * the raked respondents, so a weighted count stays comparable with the unweighted one.
 *
 * A respondent with no value (undefined or '') for some dimension is left out of raking and keeps
 * weight 1: for the teen margins that is every respondent whose gender is neither female nor male
 * (us-teen-margins.ts). Any other value must have a target.
 */

/** Per dimension (e.g. 'gender'), the population share of each category; each dimension sums to 1. */
export type RakingTargets = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** A respondent's category per dimension; a missing or empty value leaves them out of raking. */
export type RakingRespondent = Readonly<Record<string, string | undefined>>;

export interface RakingOptions {
  /** Passes over all dimensions before giving up; default 50. */
  maxIterations?: number;
  /** Largest accepted gap between a weighted share and its target; default 1e-6. */
  tolerance?: number;
  /**
   * Bounds on the weights (relative to a mean of 1), applied after every pass, e.g. { min: 0.2,
   * max: 5 }. Trimming trades accuracy on the margins for a smaller design effect; with tight bounds
   * the margins may not be reachable, and `converged` is then false.
   */
  trim?: { min: number; max: number };
  /**
   * How many identical respondents each row stands for (default 1 each): raking a table of audience
   * cells with their counts gives the same weights as raking every respondent, since a weight
   * depends only on the respondent's categories. Weights then have mean 1 over the respondents.
   */
  frequencies?: readonly number[];
}

/** The smallest weight raking gives (see the loop in `rake`); far below any weight a met target needs. */
const WEIGHT_FLOOR = 1e-12;

export interface RakingResult {
  /** One weight per respondent, in input order; mean 1 over everyone. */
  weights: number[];
  /** Whether every weighted share came within tolerance of its target. */
  converged: boolean;
  /** Passes over all dimensions that were run. */
  iterations: number;
  /** The largest gap left between a weighted share and its target. */
  maxDeviation: number;
  /** How many respondents were raked (the others, with a missing value, have weight 1). */
  raked: number;
}

/** Shares may be rounded: a dimension whose shares add up to within this of 1 is accepted. */
export const TARGET_SUM_TOLERANCE = 1e-3;

const hasValue = (value: string | undefined): value is string => typeof value === 'string' && value !== '';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Checks each dimension's targets and returns them normalized to sum exactly to 1. */
function normalizedTargets(targets: RakingTargets): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const [dimension, shares] of Object.entries(targets)) {
    const entries = Object.entries(shares);
    if (entries.length === 0) throw new Error(`The targets for "${dimension}" have no categories`);
    for (const [category, share] of entries) {
      if (!(Number.isFinite(share) && share >= 0)) {
        throw new Error(
          `The target for "${dimension}" = "${category}" must be a share of 0 or more, got ${share}`,
        );
      }
    }
    const sum = entries.reduce((total, [, share]) => total + share, 0);
    if (Math.abs(sum - 1) > TARGET_SUM_TOLERANCE) {
      throw new Error(`The targets for "${dimension}" add up to ${Number(sum.toPrecision(6))}, not 1`);
    }
    out.set(dimension, new Map(entries.map(([category, share]) => [category, share / sum])));
  }
  return out;
}

function checkedOptions(options: RakingOptions) {
  const maxIterations = options.maxIterations ?? 50;
  const tolerance = options.tolerance ?? 1e-6;
  if (!(Number.isInteger(maxIterations) && maxIterations >= 1)) {
    throw new Error(`maxIterations must be a whole number of at least 1, got ${maxIterations}`);
  }
  if (!(tolerance > 0)) throw new Error(`tolerance must be positive, got ${tolerance}`);
  const { trim } = options;
  if (trim && !(trim.min >= 0 && trim.min <= 1 && trim.max >= 1 && trim.min < trim.max)) {
    throw new Error(
      `trim needs 0 ≤ min ≤ 1 ≤ max (weights have mean 1), got min ${trim.min}, max ${trim.max}`,
    );
  }
  return { maxIterations, tolerance, trim };
}

/**
 * Scales the weights by the one factor c for which clamp(c·w, min, max) has mean 1, and returns the
 * clamped weights: the closest thing to "trim, then renormalize" that keeps every weight in bounds.
 */
function trimToBounds(
  weights: Float64Array,
  min: number,
  max: number,
  frequencies: Float64Array,
  total: number,
): void {
  const meanAt = (c: number) => {
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += Math.min(max, Math.max(min, c * weights[i]!)) * frequencies[i]!;
    }
    return sum / total;
  };
  let smallest = Number.POSITIVE_INFINITY;
  for (const w of weights) smallest = Math.min(smallest, w);
  let lo = 0;
  let hi = max / smallest;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (meanAt(mid) < 1) lo = mid;
    else hi = mid;
  }
  for (let i = 0; i < weights.length; i++) weights[i] = Math.min(max, Math.max(min, hi * weights[i]!));
}

/**
 * Weights that make the sample match `targets` on every dimension at once. Throws, naming the
 * dimension, when the targets of a dimension do not add up to 1 (within 0.001), when a category has
 * respondents but no target (or a target of 0), or when a target category has no respondents.
 */
export function rake(
  respondents: readonly RakingRespondent[],
  targets: RakingTargets,
  options: RakingOptions = {},
): RakingResult {
  const { maxIterations, tolerance, trim } = checkedOptions(options);
  const dimensions = normalizedTargets(targets);
  const weights = respondents.map(() => 1);
  const { frequencies } = options;
  if (frequencies && frequencies.length !== respondents.length) {
    throw new Error(`frequencies needs one count per respondent row, got ${frequencies.length}`);
  }
  const frequencyOf = (i: number) => {
    const f = frequencies ? frequencies[i]! : 1;
    if (!(Number.isFinite(f) && f >= 0)) throw new Error(`Frequencies must be 0 or more, got ${f}`);
    return f;
  };
  const rakedIndex = respondents.flatMap((r, i) =>
    frequencyOf(i) > 0 && [...dimensions.keys()].every((dimension) => hasValue(r[dimension])) ? [i] : [],
  );
  const freq = Float64Array.from(rakedIndex, (i) => frequencyOf(i));
  /** Raked respondents (rows times their frequencies). */
  const n = freq.reduce((sum, f) => sum + f, 0);
  const rows = rakedIndex.length;
  if (dimensions.size === 0 || rows === 0) {
    return { weights, converged: true, iterations: 0, maxDeviation: 0, raked: n };
  }

  // Per dimension: each raked respondent's category as an index into that dimension's targets.
  const plans = [...dimensions].map(([dimension, shares]) => {
    const categories = [...shares.keys()];
    const position = new Map(categories.map((c, k) => [c, k]));
    const counts = new Array<number>(categories.length).fill(0);
    const category = new Int32Array(rows);
    const strays = new Map<string, number>();
    rakedIndex.forEach((i, m) => {
      const value = respondents[i]![dimension]!;
      const k = position.get(value);
      if (k === undefined) strays.set(value, (strays.get(value) ?? 0) + freq[m]!);
      else {
        category[m] = k;
        counts[k]! += freq[m]!;
      }
    });
    const [stray] = strays;
    if (stray) {
      const [value, count] = stray;
      throw new Error(
        `"${dimension}": ${count} respondent(s) have "${value}", which has no target; add a target or leave the value out`,
      );
    }
    const target = categories.map((c) => shares.get(c)!);
    categories.forEach((c, k) => {
      if (target[k]! > 0 && counts[k] === 0) {
        throw new Error(
          `"${dimension}": the target "${c}" (${percent(target[k]!)}) has no respondents to weight`,
        );
      }
      if (target[k] === 0 && counts[k]! > 0) {
        throw new Error(`"${dimension}": "${c}" has respondents but a target of 0; leave them out instead`);
      }
    });
    return { category, target, size: categories.length };
  });

  const w = new Float64Array(rows).fill(1);
  const totalsOf = (plan: (typeof plans)[number]) => {
    const totals = new Array<number>(plan.size).fill(0);
    for (let m = 0; m < rows; m++) totals[plan.category[m]!]! += w[m]! * freq[m]!;
    return totals;
  };
  const deviation = () => {
    let worst = 0;
    for (const plan of plans) {
      const totals = totalsOf(plan);
      const sum = totals.reduce((s, t) => s + t, 0);
      totals.forEach((t, k) => {
        worst = Math.max(worst, Math.abs(t / sum - plan.target[k]!));
      });
    }
    return worst;
  };

  let iterations = 0;
  let maxDeviation = deviation();
  while (maxDeviation > tolerance && iterations < maxIterations) {
    iterations++;
    for (const plan of plans) {
      const totals = totalsOf(plan);
      const factors = totals.map((t, k) => (t > 0 ? (plan.target[k]! * n) / t : 0));
      for (let m = 0; m < rows; m++) {
        // Margins no weights can meet (a researcher's own targets can ask for that) drive some weights
        // towards 0 a factor per pass; they stop at a floor, so every respondent keeps a positive weight.
        w[m] = Math.max(WEIGHT_FLOOR, w[m]! * factors[plan.category[m]!]!);
      }
    }
    if (trim) trimToBounds(w, trim.min, trim.max, freq, n);
    maxDeviation = deviation();
  }

  rakedIndex.forEach((i, m) => {
    weights[i] = w[m]!;
  });
  return { weights, converged: maxDeviation <= tolerance, iterations, maxDeviation, raked: n };
}

function sums(weights: readonly number[]) {
  let sum = 0;
  let squares = 0;
  for (const w of weights) {
    if (!(Number.isFinite(w) && w >= 0)) throw new Error(`Weights must be 0 or more, got ${w}`);
    sum += w;
    squares += w * w;
  }
  return { sum, squares };
}

/**
 * Kish's effective base, (Σw)² / Σw²: the unweighted sample size that would give the same precision
 * as these weights. Use it as n in margins of error and significance tests of weighted results.
 * 0 for no weights (or all 0).
 */
export function effectiveBase(weights: readonly number[]): number {
  const { sum, squares } = sums(weights);
  return squares > 0 ? (sum * sum) / squares : 0;
}

/**
 * Weighting efficiency, (Σw)² / (n·Σw²): the effective base as a share of the sample, 1 when all
 * weights are equal (the inverse of Kish's design effect from weighting). Null for no weights.
 */
export function weightingEfficiency(weights: readonly number[]): number | null {
  const { sum, squares } = sums(weights);
  if (weights.length === 0 || squares === 0) return null;
  return (sum * sum) / (weights.length * squares);
}
