import type { Question } from '@tv/contract';
import { type SurveyDraft, toSavePayload } from './draft';

/**
 * Fields the author has been in (focused, then left). An empty required field says so only once it
 * is touched: a new question's empty wording and options are work to do, not an error yet.
 */
export type Touched = ReadonlySet<string>;

export const fieldKey = {
  title: (questionId: string) => `title:${questionId}`,
  option: (questionId: string, optionId: string) => `option:${questionId}:${optionId}`,
  row: (questionId: string, rowId: string) => `row:${questionId}:${rowId}`,
};

/** The question's empty texts the author has not been in yet, filled in for a trial save. */
function withUntouchedFilled(question: Question, touched: Touched): Question {
  const fill = (key: string, text: string) => (!text.trim() && !touched.has(key) ? 'to be written' : text);
  return {
    ...question,
    title: fill(fieldKey.title(question.id), question.title),
    options: question.options.map((o) => ({
      ...o,
      label: fill(fieldKey.option(question.id, o.id), o.label),
    })),
    rows: question.rows.map((r) => ({ ...r, label: fill(fieldKey.row(question.id, r.id), r.label) })),
  };
}

/**
 * Whether the editor keeps quiet about a draft that cannot be saved yet: only while the sole reason
 * is empty wording of the question being written, in fields the author has not reached. Anything
 * else (a touched empty field, a text too long, another question) is said at once.
 */
export function quietSaveProblem(
  draft: SurveyDraft,
  touched: Touched,
  openQuestionId: string | null,
): boolean {
  if (!openQuestionId || toSavePayload(draft, 1).ok) return false;
  const questions = draft.questions.map((q) =>
    q.id === openQuestionId ? withUntouchedFilled(q, touched) : q,
  );
  return toSavePayload({ ...draft, questions }, 1).ok;
}
