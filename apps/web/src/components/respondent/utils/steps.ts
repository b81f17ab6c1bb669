import {
  type AnswerValue,
  answerProblem,
  isAnswerable,
  otherTextKey,
  otherTextProblem,
  type Presentation,
  type Question,
} from '@tv/contract';
import { submissionPath } from '@tv/contract/respondent-path';

export type Answers = Readonly<Record<string, AnswerValue | undefined>>;

/** An answer as it is checked and sent: text trimmed, and anything empty is no answer at all. */
export function normalizeAnswer(value: AnswerValue | undefined): AnswerValue | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (typeof value === 'object' && Object.keys(value).length === 0) return undefined;
  return value;
}

/** What is wrong with an answer, in the server's words (the same check runs there); null when fine. */
export const problemWith = (question: Question, value: AnswerValue | undefined) =>
  answerProblem(question, normalizeAnswer(value));

/** Answers as the logic reads them: trimmed, and anything empty is no answer at all. */
function normalized(answers: Answers): Record<string, AnswerValue> {
  const result: Record<string, AnswerValue> = {};
  for (const [id, value] of Object.entries(answers)) {
    const answer = normalizeAnswer(value);
    if (answer !== undefined) result[id] = answer;
  }
  return result;
}

/**
 * This respondent's path, decided by the call the server makes when it checks the submission
 * (submissionPath, decisions 029 and 047): pages of the items shown, and whether a skip or
 * screen-out ends it early. Only answers to questions that were shown and acceptable steer it.
 */
export const pathOf = (
  questions: readonly Question[],
  answers: Answers,
  presentation?: Presentation | null,
) => submissionPath(questions, normalized(answers), presentation);

/** The items this respondent sees, in order. */
export const visibleQuestions = (
  questions: readonly Question[],
  answers: Answers,
  presentation?: Presentation | null,
) => pathOf(questions, answers, presentation).shown;

/** The answers sent: those of visible questions (with their 'other' texts), empty ones left out. */
export function answersToSend(
  questions: readonly Question[],
  answers: Answers,
  presentation?: Presentation | null,
): Record<string, AnswerValue> {
  const sent: Record<string, AnswerValue> = {};
  for (const question of visibleQuestions(questions, answers, presentation)) {
    if (!isAnswerable(question)) continue;
    const answer = normalizeAnswer(answers[question.id]);
    if (answer === undefined) continue;
    sent[question.id] = answer;
    const key = otherTextKey(question.id);
    const other = normalizeAnswer(answers[key]);
    if (other !== undefined && otherTextProblem(question, answer, other) === null) sent[key] = other;
  }
  return sent;
}

/** The step to show: the stored one, kept inside the list when answers made it shorter. */
export const clampStep = (step: number, visibleCount: number) =>
  Math.max(0, Math.min(step, Math.max(0, visibleCount - 1)));

/** What is wrong with a question's answer or its 'other' text; the key names which. */
export function itemProblem(question: Question, answers: Answers): { key: string; message: string } | null {
  if (!isAnswerable(question)) return null;
  const message = problemWith(question, answers[question.id]);
  if (message) return { key: question.id, message };
  const key = otherTextKey(question.id);
  const other = otherTextProblem(
    question,
    normalizeAnswer(answers[question.id]),
    normalizeAnswer(answers[key]),
  );
  return other ? { key, message: other } : null;
}

/** The first problem on this respondent's path, with the page it is on. */
export function firstProblem(
  questions: readonly Question[],
  answers: Answers,
  presentation?: Presentation | null,
): { index: number; questionId: string; key: string; message: string } | null {
  const { pages } = pathOf(questions, answers, presentation);
  for (const [index, page] of pages.entries()) {
    for (const question of page.items) {
      const problem = itemProblem(question, answers);
      if (problem) return { index, questionId: question.id, ...problem };
    }
  }
  return null;
}
