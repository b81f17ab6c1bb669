import { type AnswerValue, answerProblem, isQuestionVisible, type Question } from '@tv/contract';

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

/**
 * The questions this respondent sees, in order, decided exactly as the server decides when it checks
 * the submission: a question's display logic only sees answers to questions that were shown, so an
 * answer left behind on a question that became hidden changes nothing.
 */
export function visibleQuestions(questions: readonly Question[], answers: Answers): Question[] {
  const shown: Question[] = [];
  const counted: Record<string, AnswerValue> = {};
  for (const question of questions) {
    if (!isQuestionVisible(question, counted)) continue;
    shown.push(question);
    const answer = normalizeAnswer(answers[question.id]);
    if (answer !== undefined && answerProblem(question, answer) === null) counted[question.id] = answer;
  }
  return shown;
}

/** The answers sent: those of visible questions only, empty ones left out. */
export function answersToSend(questions: readonly Question[], answers: Answers): Record<string, AnswerValue> {
  const sent: Record<string, AnswerValue> = {};
  for (const question of visibleQuestions(questions, answers)) {
    const answer = normalizeAnswer(answers[question.id]);
    if (answer !== undefined) sent[question.id] = answer;
  }
  return sent;
}

/** The step to show: the stored one, kept inside the list when answers made it shorter. */
export const clampStep = (step: number, visibleCount: number) =>
  Math.max(0, Math.min(step, Math.max(0, visibleCount - 1)));

/** The first visible question whose answer is not acceptable, with the message to show. */
export function firstProblem(
  questions: readonly Question[],
  answers: Answers,
): { index: number; questionId: string; message: string } | null {
  const visible = visibleQuestions(questions, answers);
  for (const [index, question] of visible.entries()) {
    const message = problemWith(question, answers[question.id]);
    if (message) return { index, questionId: question.id, message };
  }
  return null;
}
