import { describe, expect, it } from 'vitest';
import {
  effectiveBase,
  type RakingRespondent,
  type RakingTargets,
  rake,
  weightingEfficiency,
} from './raking';
import { teenRakingRecord, usTeenTargets } from './us-teen-margins';

/** A small seeded generator (mulberry32), so the "random" sample is the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let x = random() * total;
  for (const [value, weight] of choices) {
    x -= weight;
    if (x < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

/** A panel sample that is off the population: too many girls, too few 18–19s, too much South. */
function skewedTeenSample(size: number, seed: number) {
  const random = seeded(seed);
  return Array.from({ length: size }, () => ({
    age: pick(random, [
      [13, 10],
      [14, 14],
      [15, 18],
      [16, 20],
      [17, 18],
      [18, 12],
      [19, 8],
    ]),
    gender: pick(random, [
      ['female', 60],
      ['male', 36],
      ['non_binary', 3],
      ['prefer_to_self_describe', 1],
    ]),
    region: pick(random, [
      ['northeast', 12],
      ['midwest', 25],
      ['south', 45],
      ['west', 18],
    ]),
  }));
}

function weightedShares(
  respondents: readonly RakingRespondent[],
  weights: readonly number[],
  dimension: string,
) {
  const totals = new Map<string, number>();
  let sum = 0;
  respondents.forEach((r, i) => {
    const value = r[dimension];
    if (!value) return;
    totals.set(value, (totals.get(value) ?? 0) + weights[i]!);
    sum += weights[i]!;
  });
  return Object.fromEntries([...totals].map(([value, total]) => [value, total / sum]));
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

describe('rake', () => {
  const sample = skewedTeenSample(1500, 20240701);
  const records = sample.map(teenRakingRecord);

  it('converges to the US teen margins on a seeded skewed sample', () => {
    const result = rake(records, usTeenTargets);
    expect(result.converged).toBe(true);
    expect(result.iterations).toBeGreaterThan(1);
    expect(result.maxDeviation).toBeLessThanOrEqual(1e-6);
    // The raked respondents (female or male) match every target.
    const raked = records.flatMap((r, i) => (r.gender ? [i] : []));
    const rakedRecords = raked.map((i) => records[i]!);
    const rakedWeights = raked.map((i) => result.weights[i]!);
    for (const [dimension, targets] of Object.entries(usTeenTargets)) {
      const shares = weightedShares(rakedRecords, rakedWeights, dimension);
      for (const [category, target] of Object.entries(targets)) {
        expect(Math.abs(shares[category]! - target)).toBeLessThan(1e-4);
      }
      // Everyone, including the 4% left out at weight 1, is still within a point of the targets.
      const all = weightedShares(records, result.weights, dimension);
      for (const [category, target] of Object.entries(targets)) {
        if (dimension !== 'gender') expect(Math.abs(all[category]! - target)).toBeLessThan(0.01);
      }
    }
    expect(mean(result.weights)).toBeCloseTo(1, 10);
    expect(Math.min(...result.weights)).toBeGreaterThan(0);
  });

  it('leaves respondents of other genders out, with weight 1', () => {
    const result = rake(records, usTeenTargets);
    const others = sample.flatMap((r, i) => (r.gender === 'female' || r.gender === 'male' ? [] : [i]));
    expect(others.length).toBeGreaterThan(30);
    expect(result.raked).toBe(sample.length - others.length);
    for (const i of others) expect(result.weights[i]).toBe(1);
    // The raked respondents alone have mean 1 too.
    expect(mean(result.weights.filter((_, i) => !others.includes(i)))).toBeCloseTo(1, 10);
  });

  it('is exact after one pass on one dimension: weight = target share / sample share', () => {
    const respondents = [{ g: 'f' }, { g: 'f' }, { g: 'f' }, { g: 'm' }];
    const result = rake(respondents, { g: { f: 0.5, m: 0.5 } });
    expect(result.iterations).toBe(1);
    expect(result.converged).toBe(true);
    result.weights.slice(0, 3).forEach((w) => {
      expect(w).toBeCloseTo(2 / 3, 12);
    });
    expect(result.weights[3]).toBeCloseTo(2, 12);
  });

  it('does nothing to a sample already on target', () => {
    const respondents = [
      { a: 'x', b: 'u' },
      { a: 'y', b: 'v' },
    ];
    const result = rake(respondents, { a: { x: 0.5, y: 0.5 }, b: { u: 0.5, v: 0.5 } });
    expect(result).toMatchObject({ weights: [1, 1], converged: true, iterations: 0, maxDeviation: 0 });
    expect(rake([], usTeenTargets)).toMatchObject({ weights: [], converged: true, iterations: 0 });
  });

  it('keeps trimmed weights within bounds at mean 1, and says when the margins are then out of reach', () => {
    const trimmed = rake(records, usTeenTargets, { trim: { min: 0.5, max: 2 } });
    expect(Math.min(...trimmed.weights)).toBeGreaterThanOrEqual(0.5 - 1e-12);
    expect(Math.max(...trimmed.weights)).toBeLessThanOrEqual(2 + 1e-12);
    expect(mean(trimmed.weights)).toBeCloseTo(1, 9);

    const respondents = [{ g: 'f' }, { g: 'f' }, { g: 'f' }, { g: 'm' }];
    const tight = rake(
      respondents,
      { g: { f: 0.5, m: 0.5 } },
      { trim: { min: 0.8, max: 1.25 }, maxIterations: 5 },
    );
    expect(tight.converged).toBe(false);
    expect(tight.iterations).toBe(5);
    expect(tight.maxDeviation).toBeGreaterThan(0.1);
    expect(Math.max(...tight.weights)).toBeLessThanOrEqual(1.25 + 1e-12);
  });

  it('stops after maxIterations without converging', () => {
    const result = rake(records, usTeenTargets, { maxIterations: 1, tolerance: 1e-12 });
    expect(result.iterations).toBe(1);
    expect(result.converged).toBe(false);
  });

  describe('refuses bad targets, naming the dimension', () => {
    const respondents = [
      { gender: 'female', region: 'south' },
      { gender: 'female', region: 'west' },
      { gender: 'male', region: 'south' },
      { gender: 'male', region: 'west' },
    ];
    const good: RakingTargets = { gender: { female: 0.5, male: 0.5 }, region: { south: 0.6, west: 0.4 } };

    it('when shares do not add up to 1', () => {
      expect(() => rake(respondents, { ...good, region: { south: 0.6, west: 0.3 } })).toThrow(
        /"region" add up to 0\.9, not 1/,
      );
    });

    it('accepts shares rounded to a tenth of a point', () => {
      expect(rake(respondents, { ...good, region: { south: 0.6004, west: 0.4 } }).converged).toBe(true);
    });

    it('when a category has respondents but no target', () => {
      expect(() => rake(respondents, { ...good, region: { south: 1 } })).toThrow(
        /"region": 2 respondent\(s\) have "west", which has no target/,
      );
    });

    it('when a target category has no respondents', () => {
      expect(() => rake(respondents, { ...good, region: { south: 0.5, west: 0.3, east: 0.2 } })).toThrow(
        /"region": the target "east" \(20\.0%\) has no respondents/,
      );
    });

    it('when a share is negative or a category with respondents has a target of 0', () => {
      expect(() => rake(respondents, { ...good, gender: { female: 1.5, male: -0.5 } })).toThrow(
        /"gender" = "male" must be a share/,
      );
      expect(() => rake(respondents, { ...good, gender: { female: 1, male: 0 } })).toThrow(
        /"gender": "male" has respondents but a target of 0/,
      );
    });

    it('when a dimension has no categories, or options are out of range', () => {
      expect(() => rake(respondents, { ...good, age: {} })).toThrow(/"age" have no categories/);
      expect(() => rake(respondents, good, { maxIterations: 0 })).toThrow(/maxIterations/);
      expect(() => rake(respondents, good, { trim: { min: 1.5, max: 3 } })).toThrow(/trim/);
    });
  });
});

describe('effectiveBase and weightingEfficiency', () => {
  it('are n and 100% for equal weights', () => {
    expect(effectiveBase([1, 1, 1, 1])).toBe(4);
    expect(weightingEfficiency([2, 2, 2, 2])).toBe(1);
  });

  it('follow Kish: (Σw)²/Σw² and (Σw)²/(n·Σw²)', () => {
    // Weights 0.5 and 1.5: Σw = 2, Σw² = 2.5 → base 1.6, efficiency 80%.
    expect(effectiveBase([0.5, 1.5])).toBeCloseTo(1.6, 12);
    expect(weightingEfficiency([0.5, 1.5])).toBeCloseTo(0.8, 12);
    // The one-dimension example above: 2/3, 2/3, 2/3, 2 → Σw = 4, Σw² = 16/3 → base 3, efficiency 75%.
    expect(effectiveBase([2 / 3, 2 / 3, 2 / 3, 2])).toBeCloseTo(3, 12);
    expect(weightingEfficiency([2 / 3, 2 / 3, 2 / 3, 2])).toBeCloseTo(0.75, 12);
  });

  it('do not depend on the scale of the weights', () => {
    const weights = [0.3, 1.2, 0.8, 2.5, 1];
    expect(effectiveBase(weights.map((w) => w * 7))).toBeCloseTo(effectiveBase(weights), 12);
  });

  it('handle empty and invalid weights', () => {
    expect(effectiveBase([])).toBe(0);
    expect(weightingEfficiency([])).toBeNull();
    expect(weightingEfficiency([0, 0])).toBeNull();
    expect(() => effectiveBase([1, -1])).toThrow(/0 or more/);
  });
});
