import { presentationFor, type Question } from '@tv/contract';

/**
 * One answer: a choice id (single choice, dropdown, 'yes' | 'no'), several ids (multiple choice, or a
 * ranking in order), a number (rating, NPS, number), text, or row id → column id (Likert matrix).
 */
export type AnswerValue = string | number | string[] | Record<string, string>;
export type Answers = Readonly<Record<string, AnswerValue | undefined>>;

export function isAnswered(value: AnswerValue | undefined): value is AnswerValue {
  if (value === undefined || value === '') return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return Object.keys(value).length > 0;
}

const scaleOf = (question: Question) =>
  question.scale ??
  (question.type === 'nps' ? { min: 0, max: 10 } : question.type === 'rating' ? { min: 1, max: 5 } : null);

/** The rating or NPS points, from the question's scale (NPS is always 0 to 10). */
export function scalePoints(question: Question): number[] {
  const scale = question.type === 'nps' ? { min: 0, max: 10 } : scaleOf(question);
  if (!scale || scale.max < scale.min || scale.max - scale.min > 20) return [];
  return Array.from({ length: scale.max - scale.min + 1 }, (_, index) => scale.min + index);
}

/**
 * The answer options in the order a respondent sees them: shuffled when the question asks for it,
 * the same way for the whole attempt (the seed), and never for a Likert scale, whose order is its
 * meaning. The order comes from the survey's logic engine, which also records it with the response.
 */
export function displayedOptions(question: Question, seed: string): Question['options'] {
  const order = presentationFor([question], seed).options?.[question.id];
  if (!order) return question.options;
  const byId = new Map(question.options.map((o) => [o.id, o]));
  return order.map((id) => byId.get(id)).filter((o): o is Question['options'][number] => Boolean(o));
}

/**
 * The choices of a multiple-choice question after one box is ticked or cleared. An exclusive option
 * ('None of these') clears every other choice, and ticking another option clears the exclusive one;
 * the result keeps the order the options are shown in.
 */
export function toggleChoice(
  options: readonly Question['options'][number][],
  selected: readonly string[],
  optionId: string,
  checked: boolean,
): string[] {
  if (!checked) return selected.filter((id) => id !== optionId);
  const option = options.find((o) => o.id === optionId);
  if (option?.exclusive) return [optionId];
  const exclusive = new Set(options.filter((o) => o.exclusive).map((o) => o.id));
  return options
    .map((o) => o.id)
    .filter((id) => id === optionId || (selected.includes(id) && !exclusive.has(id)));
}

/**
 * How far through the survey a respondent is, in percent, before answering `current`. Counted over
 * the questions as written, so display logic that shows or hides a later question never makes
 * progress jump back or the count change mid-survey: it only moves forward.
 */
export function progressPercent(questions: readonly Question[], current: Question | undefined): number {
  if (!current || questions.length === 0) return 0;
  const position = questions.findIndex((q) => q.id === current.id);
  return position < 0 ? 0 : Math.round((position / questions.length) * 100);
}
