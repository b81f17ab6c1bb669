import type { Question, QuestionType, ResultsFilter } from '@tv/contract';
import { HttpError } from '../../plugins/errors';
import { FILTERABLE_TYPES } from './aggregates';
import { codeQuestions, type SurveyCode } from './codes';

/**
 * What a results view may be narrowed by, or cut by in a cross-tab (decision 034): only a closed
 * question's options. An open answer is the teen's own words; filtering by it matched the words
 * exactly, so 'no responses' against 'hidden: fewer than 5' confirmed a guessed text, even one
 * withheld for safeguarding, and audience filters then told who wrote it.
 *
 * Closed here means a question answered by picking options of a fixed list (single choice, multiple
 * choice, dropdown), the questions the aggregates keep a filter context for and the web offers.
 */
export const CLOSED_FILTER_TYPES: readonly QuestionType[] = FILTERABLE_TYPES;

/** Answers typed in by the teen: words, or a number of their choosing (decision 034). */
const FREE_ENTRY_TYPES: readonly QuestionType[] = ['short_text', 'long_text', 'number'];

export const OPEN_TEXT_FILTER_MESSAGE =
  "Results can be filtered only by a closed question's options; open-text answers can't be used as a filter.";
export const NUMBER_FILTER_MESSAGE =
  "Results can be filtered only by a closed question's options; a number a teen typed in can't be used as a filter.";
export const OTHER_TYPE_FILTER_MESSAGE =
  'Results can be filtered only by an option of a single-choice, multiple-choice or dropdown question.';
export const UNKNOWN_QUESTION_FILTER_MESSAGE =
  'That question is not part of this survey. Filter by an option of one of its choice questions.';
export const UNKNOWN_OPTION_FILTER_MESSAGE =
  "That answer is not one of the question's options. Filter by one of the options it offers.";
export const OPEN_TEXT_CROSSTAB_MESSAGE =
  "Cross-tabs use only audience attributes and closed questions; answers typed in (open text or a number) can't be a row or a column.";

export const FILTER_NOT_CLOSED = 'FILTER_NOT_CLOSED';

/** Why a question cannot narrow a view, or null when its options can. */
export function questionFilterProblem(question: Question | undefined): string | null {
  if (!question) return UNKNOWN_QUESTION_FILTER_MESSAGE;
  if (CLOSED_FILTER_TYPES.includes(question.type)) return null;
  if (question.type === 'number') return NUMBER_FILTER_MESSAGE;
  if (FREE_ENTRY_TYPES.includes(question.type)) return OPEN_TEXT_FILTER_MESSAGE;
  return OTHER_TYPE_FILTER_MESSAGE;
}

/** Whether a question's answers are typed in rather than picked (never a filter nor a cross-tab). */
export const isFreeEntry = (question: Question) => FREE_ENTRY_TYPES.includes(question.type);

/** Why an `answer` filter (`questionId:optionId`) cannot be used on these questions, or null. */
export function answerFilterProblem(
  questions: readonly Question[],
  answer: string | undefined,
): string | null {
  if (answer === undefined) return null;
  const at = answer.indexOf(':');
  const questionId = at < 0 ? answer : answer.slice(0, at);
  const optionId = at < 0 ? '' : answer.slice(at + 1);
  const question = questions.find((q) => q.id === questionId);
  const problem = questionFilterProblem(question);
  if (problem) return problem;
  return question!.options.some((o) => o.id === optionId) ? null : UNKNOWN_OPTION_FILTER_MESSAGE;
}

/**
 * Refuses, with 400 and the reason in the user's words, a results filter that is not a closed
 * question's option. Every entry point that takes a ResultsFilter calls this after authorising the
 * viewer (so the answer says nothing about a survey they may not see) and before counting anything.
 */
export function assertClosedFilter(
  questions: readonly Question[],
  filter: Pick<ResultsFilter, 'answer'>,
  /** The survey's codes (decision 046): a code of an open-text question is a closed variable's value. */
  codes: readonly SurveyCode[] = [],
) {
  const problem = answerFilterProblem([...questions, ...codeQuestions(questions, codes)], filter.answer);
  if (problem) throw new HttpError(400, problem, FILTER_NOT_CLOSED, { fields: { answer: [problem] } });
}
