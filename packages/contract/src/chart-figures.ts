/**
 * How a chart states its figures (issue 26): the base its percentages are shares of, and a margin of
 * error that says which way it goes at 0% and 100%. Shared by the results page, the shared report,
 * chart downloads and the PDF, so they read the same.
 */

const whole = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * 'Base: 312 teens answered', or for weighted figures 'Base: 312 teens answered (effective base 251
 * after weighting)': counts stay unweighted respondents and a weighted percentage is as precise as its
 * Kish effective base. 'Base: hidden' for a group under 5.
 */
export function chartBaseText(answered: number | null, effectiveBase?: number | null): string {
  if (answered === null) return 'Base: hidden';
  const teens = `${whole(answered)} ${answered === 1 ? 'teen' : 'teens'} answered`;
  if (effectiveBase === null || effectiveBase === undefined) return `Base: ${teens}`;
  return `Base: ${teens} (effective base ${whole(effectiveBase)} after weighting)`;
}

/**
 * A margin of error in points as shown after a percentage: '±4.8'. At 0% the interval only goes up
 * ('+7.1') and at 100% only down ('−7.1'), so neither reads as a share below 0% or above 100%.
 */
export function marginText(percent: number, margin: number): string {
  if (percent <= 0) return `+${margin}`;
  if (percent >= 100) return `−${margin}`;
  return `±${margin}`;
}

/** The ticks of a percentage axis: it always runs from 0% to 100%, never to the largest bar. */
export const percentTicks = [0, 25, 50, 75, 100] as const;
