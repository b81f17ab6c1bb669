/** Statistics for results: significance tests for cross-tabs, margins of error and weighting (decision 027). */
export { type ChiSquareOptions, type ChiSquareResult, chiSquareTest } from './chi-square';
export {
  type ColumnPairTest,
  type ColumnProportionOptions,
  type ColumnProportionResult,
  columnLetter,
  columnProportionTests,
  type ProportionCorrection,
} from './column-proportions';
export {
  chiSquareCdf,
  chiSquarePValue,
  criticalZ,
  normalCdf,
  normalQuantile,
  twoSidedNormalPValue,
} from './distributions';
export {
  type ConfidenceOptions,
  type Interval,
  marginOfError,
  reportedMargin,
  shareOf,
  wilsonInterval,
} from './margin-of-error';
export {
  effectiveBase,
  type RakingOptions,
  type RakingRespondent,
  type RakingResult,
  type RakingTargets,
  rake,
  weightingEfficiency,
} from './raking';
export {
  regionOfState,
  TEEN_AGES,
  TEEN_MARGINS_SOURCE,
  type TeenGender,
  type TeenProfile,
  type TeenRegion,
  teenCountsByAge,
  teenCountsBySex,
  teenRakingRecord,
  teenStates,
  usTeenTargets,
} from './us-teen-margins';
