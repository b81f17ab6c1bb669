import type { PublicSurvey, Question, SubmitOutcome } from '@tv/contract';

/**
 * The respondent API's answers checked by hand: the shapes the page relies on, as the contract's zod
 * schemas describe them, without loading zod on the lean page (decision 019). A body that does not
 * fit is an error, as a failed schema parse was.
 */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`The server's answer did not have the expected shape (${what}).`);
    this.name = 'UnexpectedAnswerError';
  }
}

type Shape = Record<string, unknown>;
const isObject = (value: unknown): value is Shape =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isNullableString = (value: unknown) => value === null || isString(value);
const isArrayOf = (value: unknown, item: (entry: unknown) => boolean) =>
  Array.isArray(value) && value.every(item);
const isOption = (value: unknown) =>
  isObject(value) &&
  isString(value.id) &&
  isString(value.label) &&
  // An image choice's picture (decision 048): its address on our origin and its description.
  (value.image === undefined ||
    (isObject(value.image) && isString(value.image.url) && isString(value.image.alt)));

const isCondition = (value: unknown) =>
  isObject(value) && isString(value.questionId) && isString(value.operator);
/** Conditions and groups of conditions joined by AND / OR (decisions 029 and 047). */
const isConditionGroup = (value: unknown, depth = 1): boolean =>
  isObject(value) &&
  (value.match === 'all' || value.match === 'any') &&
  isArrayOf(
    value.conditions,
    (item) => isCondition(item) || (depth < 2 && isConditionGroup(item, depth + 1)),
  );
const isOptional = (value: unknown, check: (entry: unknown) => boolean) =>
  value === undefined || value === null || check(value);

function isQuestion(value: unknown): value is Question {
  if (!isObject(value)) return false;
  const { scale, displayLogic } = value;
  return (
    isString(value.id) &&
    isString(value.type) &&
    isString(value.title) &&
    isNullableString(value.description) &&
    typeof value.required === 'boolean' &&
    typeof value.randomizeOptions === 'boolean' &&
    isArrayOf(value.options, isOption) &&
    isArrayOf(value.rows, isOption) &&
    (scale === null || (isObject(scale) && typeof scale.min === 'number' && typeof scale.max === 'number')) &&
    (displayLogic === null || isConditionGroup(displayLogic)) &&
    isOptional(value.skipLogic, (rules) =>
      isArrayOf(rules, (rule) => isObject(rule) && isString(rule.to) && isConditionGroup(rule.when)),
    ) &&
    isOptional(value.screenOut, (group) => isConditionGroup(group)) &&
    isOptional(value.minSelections, isInteger) &&
    isOptional(value.maxSelections, isInteger) &&
    // The settings of the question types of decision 048.
    isOptional(value.step, isInteger) &&
    isOptional(value.dateMin, isString) &&
    isOptional(value.dateMax, isString) &&
    isOptional(value.multiple, (multiple) => typeof multiple === 'boolean') &&
    isOptional(value.sumTotal, isInteger) &&
    isOptional(value.maxDiffSetSize, isInteger)
  );
}

const surveyStatuses = new Set(['live', 'paused', 'closed']);

/** GET /v2/respond/:id's `data`. */
export function parsePublicSurvey(body: unknown): PublicSurvey {
  const survey = isObject(body) ? body.data : undefined;
  if (!isObject(survey)) throw new UnexpectedAnswerError('no survey');
  const screener = survey.screener;
  const valid =
    isString(survey.id) &&
    isString(survey.type) &&
    isString(survey.name) &&
    isNullableString(survey.description) &&
    isString(survey.status) &&
    surveyStatuses.has(survey.status) &&
    isInteger(survey.questionCount) &&
    isInteger(survey.estimatedMinutes) &&
    isArrayOf(survey.questions, isQuestion) &&
    (survey.startToken === undefined || isString(survey.startToken)) &&
    (survey.deviceToken === undefined || isString(survey.deviceToken)) &&
    // The Spanish version (decision 033): its texts are read defensively (translation-rules.ts).
    (survey.languages === undefined || isArrayOf(survey.languages, (l) => l === 'en' || l === 'es')) &&
    (survey.translations === undefined || isObject(survey.translations)) &&
    isObject(screener) &&
    isInteger(screener.ageMin) &&
    isInteger(screener.ageMax) &&
    isArrayOf(screener.genders, isString) &&
    isArrayOf(screener.states, isString) &&
    isArrayOf(screener.regions, isString);
  if (!valid) throw new UnexpectedAnswerError('survey');
  return survey as unknown as PublicSurvey;
}

const outcomes = new Set(['eligible', 'completed', 'screened_out', 'quota_full', 'closed', 'already_taken']);
const isHelpResource = (value: unknown) =>
  isObject(value) &&
  isString(value.name) &&
  isString(value.description) &&
  isString(value.contact) &&
  (value.language === undefined || value.language === 'en' || value.language === 'es');

/** The `data` of a screen or submit answer, with the defaults the schema fills in. */
export function parseSubmitOutcome(body: unknown): SubmitOutcome {
  const outcome = isObject(body) ? body.data : undefined;
  if (
    !isObject(outcome) ||
    !isString(outcome.outcome) ||
    !outcomes.has(outcome.outcome) ||
    !isString(outcome.message) ||
    typeof outcome.showSupport !== 'boolean' ||
    !isArrayOf(outcome.helpResources, isHelpResource) ||
    (outcome.helpCategories !== undefined && !isArrayOf(outcome.helpCategories, isString)) ||
    (outcome.helpLanguage !== undefined && outcome.helpLanguage !== 'en' && outcome.helpLanguage !== 'es')
  )
    throw new UnexpectedAnswerError('outcome');
  return {
    ...outcome,
    helpCategories: outcome.helpCategories ?? [],
    helpLanguage: outcome.helpLanguage ?? 'en',
  } as SubmitOutcome;
}
