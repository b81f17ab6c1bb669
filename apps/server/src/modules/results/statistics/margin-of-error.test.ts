import { describe, expect, it } from 'vitest';
import { marginOfError, reportedMargin, shareOf, wilsonInterval } from './margin-of-error';
import { effectiveBase } from './raking';

describe('marginOfError', () => {
  it('is ±3.1 points for 50% of 1,000 at 95% (1.959964 × √(0.25/1000) = 0.0309898)', () => {
    expect(marginOfError(0.5, 1000)).toBeCloseTo(0.0309898, 6);
  });

  it('matches other hand-computed values', () => {
    // 1.959964 × √(0.25/400) = 0.0489991
    expect(marginOfError(0.5, 400)).toBeCloseTo(0.0489991, 6);
    // 1.959964 × √(0.2 × 0.8 / 250) = 1.959964 × 0.0252982 = 0.0495836
    expect(marginOfError(0.2, 250)).toBeCloseTo(0.0495836, 6);
    // 99%: 0.29 ∓ 2.575829 × 0.01368144 = (0.25476, 0.32524), the Wald interval computed by hand and by
    // SAS for 319 of 1,100 in stats.stackexchange.com/questions/183225.
    expect(marginOfError(319 / 1100, 1100, { confidence: 0.99 })).toBeCloseTo(0.03524, 5);
  });

  it('is largest at 50% and 0 at 0% and 100%', () => {
    expect(marginOfError(0.5, 100)!).toBeGreaterThan(marginOfError(0.4, 100)!);
    expect(marginOfError(0, 100)).toBe(0);
    expect(marginOfError(1, 100)).toBe(0);
  });

  it('is null for a base under 1', () => {
    expect(marginOfError(0.5, 0)).toBeNull();
    expect(marginOfError(0.5, 0.4)).toBeNull();
    expect(marginOfError(0.5, Number.NaN)).toBeNull();
    expect(wilsonInterval(0.5, 0)).toBeNull();
  });

  it('widens with weighting when given the effective base', () => {
    const weights = [...Array<number>(500).fill(0.5), ...Array<number>(500).fill(1.5)];
    const base = effectiveBase(weights); // 1000² / (500 × 0.25 + 500 × 2.25) = 800
    expect(base).toBeCloseTo(800, 9);
    expect(marginOfError(0.5, base)).toBeCloseTo(1.959964 * Math.sqrt(0.25 / 800), 6);
  });

  it('refuses a share outside 0–1 and a confidence outside (0, 1)', () => {
    expect(() => marginOfError(50, 100)).toThrow(/between 0 and 1/);
    expect(() => marginOfError(0.5, 100, { confidence: 1 })).toThrow(/Confidence/);
  });
});

describe('wilsonInterval', () => {
  it("matches R's prop.test(6, 52, correct = FALSE)$conf.int = 0.05396969 0.22971664", () => {
    // Quoted in R bug report PR#2794 ("prop.test confidence intervals", Thomas Lumley's answer: the
    // interval inverts the score test, i.e. Wilson's).
    const interval = wilsonInterval(6 / 52, 52)!;
    expect(interval.lower).toBeCloseTo(0.05396969, 7);
    expect(interval.upper).toBeCloseTo(0.22971664, 7);
  });

  it("matches R's 99% prop.test interval for 319 of 1,100, (0.2561, 0.3264)", () => {
    // stats.stackexchange.com/questions/183225: prop.test(319, 1100, conf.level = 0.99, correct = FALSE).
    const interval = wilsonInterval(319 / 1100, 1100, { confidence: 0.99 })!;
    expect(interval.lower).toBeCloseTo(0.2561, 4);
    expect(interval.upper).toBeCloseTo(0.3264, 4);
  });

  it('is not empty at 0% and stays inside 0–1', () => {
    // Upper bound at p = 0: z² / (n + z²) = 3.841459 / 13.841459 = 0.277533.
    const interval = wilsonInterval(0, 10)!;
    expect(interval.lower).toBe(0);
    expect(interval.upper).toBeCloseTo(0.277533, 6);
    const full = wilsonInterval(1, 10)!;
    expect(full.upper).toBe(1);
    expect(full.lower).toBeCloseTo(1 - 0.277533, 6);
  });
});

describe('shareOf', () => {
  it('keeps a share of weights summed in different orders within 0–1', () => {
    const weights = [0.1, 0.2, 0.3];
    const part = weights.reduce((a, b) => a + b, 0);
    const whole = [...weights].reverse().reduce((a, b) => a + b, 0);
    // The rounding the weighted summary met at 100,000 responses.
    expect(part / whole).toBe(1.0000000000000002);
    expect(shareOf(part, whole)).toBe(1);
    expect(marginOfError(shareOf(part, whole), 50)).toBe(0);
    expect(shareOf(1, 4)).toBe(0.25);
    expect(shareOf(0, 0)).toBe(0);
    expect(shareOf(-1e-17, 3)).toBe(0);
  });
});

describe('reportedMargin (issue 26: no ±0 at the edges)', () => {
  it('is the Wald margin where n·p and n·(1 − p) are both at least 5', () => {
    expect(reportedMargin(0.5, 1000)).toBe(marginOfError(0.5, 1000));
    expect(reportedMargin(0.2, 250)).toBe(marginOfError(0.2, 250));
    expect(reportedMargin(5 / 50, 50)).toBe(marginOfError(5 / 50, 50));
  });

  it('is the wider side of the Wilson interval at 0% and 100%, never 0', () => {
    // By hand: at 0 of 50 the Wilson upper bound is z² / (n + z²) = 3.841459 / 53.841459 = 0.0713476,
    // so the figure shown is 7.1 points, where the Wald margin was 0.
    expect(marginOfError(0, 50)).toBe(0);
    expect(reportedMargin(0, 50)).toBeCloseTo(0.0713476, 6);
    expect(reportedMargin(1, 50)).toBeCloseTo(0.0713476, 6);
    expect(reportedMargin(0, 1)).toBeGreaterThan(0);
  });

  it('uses the Wilson interval near the edges too (R: prop.test(2, 40, correct = FALSE))', () => {
    // R gives 0.01382067 to 0.16503877; the wider side from 5% is 0.16503877 − 0.05.
    expect(reportedMargin(2 / 40, 40)).toBeCloseTo(0.11503877, 6);
    expect(reportedMargin(2 / 40, 40)!).toBeGreaterThan(marginOfError(2 / 40, 40)!);
  });

  it('is null without a base', () => {
    expect(reportedMargin(0, 0)).toBeNull();
  });
});
