/**
 * What the lean respondent page (decision 019) uses of @tv/contract, which vite.respond.config.ts
 * puts in the package's place: its plain rules and lists, without the package's other modules and the
 * zod schemas they build. A value the page starts to use and this file lacks fails the build.
 */

// The question types of decision 048: their limits and the check of an answer.
export * from '@tv/contract/question-types';
export { helpResources, helpResourcesEs, responseMessages } from '@tv/contract/responses';
// The help for what an answer raised, gravest first (decision 035): plain lists, no schema.
export {
  helpCategoryOrder,
  incidentCategories,
  orderForHelp,
  supportServicesFor,
} from '@tv/contract/results';
export * from '@tv/contract/survey-logic';
export * from '@tv/contract/survey-rules';
export { genders } from '@tv/contract/surveys';
export { storableText } from '@tv/contract/text-rules';
export * from '@tv/contract/translation-rules';
export * from '@tv/contract/us-states';
