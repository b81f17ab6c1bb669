/**
 * The part of jstat (1.9.6, MIT, no types of its own) that distributions.ts uses. Only that file may
 * import 'jstat'; the rest of the statistics library uses our own names.
 */
declare module 'jstat' {
  interface JStatNormal {
    cdf(x: number, mean: number, sd: number): number;
    inv(p: number, mean: number, sd: number): number;
  }
  interface JStatChiSquare {
    cdf(x: number, dof: number): number;
  }
  const jStat: { normal: JStatNormal; chisquare: JStatChiSquare };
  export default jStat;
}
