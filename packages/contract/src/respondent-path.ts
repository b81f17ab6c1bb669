import { type AnswerMap, type RespondentPath, respondentPath, validPresentation } from './survey-logic';
import { answerProblem } from './survey-rules';
import type { Question } from './surveys';

/**
 * The path of a submission (decision 047): the one call the respondent's page makes to decide what
 * to show and send, and the server makes to check what was sent, so the two cannot drift apart. The
 * order the page recorded counts only where it is a true reordering of what the survey shuffles,
 * and an answer steers the path only when it is acceptable. Plain functions, no zod: the lean page
 * imports it.
 */
export function submissionPath(
  items: readonly Question[],
  answers: AnswerMap,
  presentation?: unknown,
): RespondentPath {
  return respondentPath(items, answers, {
    presentation: validPresentation(items, presentation),
    accept: (question, answer) => answerProblem(question, answer) === null,
  });
}
