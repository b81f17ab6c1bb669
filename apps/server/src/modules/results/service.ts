/**
 * What other modules use of results: they import this file, never the module's others.
 * Responses schedule folds of new responses and exclude responses in their quality review (the flag
 * and the maintained counts change together, decision 020); safeguarding redacts released answers.
 */
export { createFoldScheduler, foldSurveyAll, setResponseExcluded } from './aggregates';
/** Every results filter is a closed question's option (decision 034): sharing's report checks it too. */
export { assertClosedFilter } from './filters';
/** Sharing's report states what its view counted, excluded, weighted and hid in these words. */
export { methodologyOf } from './methodology';
/** Trackers compare a question across surveys with the summary and these tests (decision 032). */
export { chiSquareTest, columnProportionTests } from './statistics';
/** Sharing builds its report from the summary, judging a filtered group as downloads do (decision 031). */
export { filteredViewVerdict, responseScope, summarize } from './summary';
export { cellWeights } from './weighting';
