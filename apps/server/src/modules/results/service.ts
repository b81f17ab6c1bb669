/**
 * What other modules use of results: they import this file, never the module's others.
 * Responses schedule folds of new responses and exclude responses in their quality review (the flag
 * and the maintained counts change together, decision 020); safeguarding redacts released answers.
 */
export { createFoldScheduler, foldSurveyAll, setResponseExcluded } from './aggregates';
export { redactPersonalData } from './redaction';
