import type { DisplayLogic, Question } from '@tv/contract';

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

/** Whether an answer meets a display-logic condition; an unanswered question meets none. */
export function logicMatches(logic: DisplayLogic, answer: AnswerValue | undefined): boolean {
  if (!isAnswered(answer)) return false;
  const expected = String(logic.value);
  switch (logic.operator) {
    case 'equals':
      return Array.isArray(answer)
        ? answer.length === 1 && answer[0] === expected
        : typeof answer !== 'object' && String(answer) === expected;
    case 'not_equals':
      return Array.isArray(answer)
        ? !answer.includes(expected)
        : typeof answer !== 'object' && String(answer) !== expected;
    case 'includes':
      if (Array.isArray(answer)) return answer.includes(expected);
      if (typeof answer === 'object') return Object.values(answer).includes(expected);
      return String(answer).toLowerCase().includes(expected.toLowerCase());
    case 'at_least':
    case 'at_most': {
      if (typeof answer === 'object') return false;
      const number = Number(answer);
      const bound = Number(logic.value);
      if (!Number.isFinite(number) || !Number.isFinite(bound)) return false;
      return logic.operator === 'at_least' ? number >= bound : number <= bound;
    }
  }
}

/**
 * The questions a respondent sees, in order, given the answers so far. A question whose condition
 * names a hidden question is hidden too: an answer the respondent can no longer see does not count.
 */
export function visibleQuestions(questions: readonly Question[], answers: Answers): Question[] {
  const visible = new Set<string>();
  const shown: Question[] = [];
  for (const question of questions) {
    const logic = question.displayLogic;
    const show = !logic || (visible.has(logic.questionId) && logicMatches(logic, answers[logic.questionId]));
    if (show) {
      visible.add(question.id);
      shown.push(question);
    }
  }
  return shown;
}

/** Only the answers to questions still shown are kept when the respondent finishes. */
export function answersOfVisible(
  questions: readonly Question[],
  answers: Answers,
): Record<string, AnswerValue> {
  const kept: Record<string, AnswerValue> = {};
  for (const question of visibleQuestions(questions, answers)) {
    const value = answers[question.id];
    if (isAnswered(value)) kept[question.id] = value;
  }
  return kept;
}

const scaleOf = (question: Question) =>
  question.scale ??
  (question.type === 'nps' ? { min: 0, max: 10 } : question.type === 'rating' ? { min: 1, max: 5 } : null);

/** What is wrong with an answer, said to the respondent; null when it is fine. */
export function answerProblem(question: Question, value: AnswerValue | undefined): string | null {
  if (!isAnswered(value)) return question.required ? 'Please answer this question.' : null;
  switch (question.type) {
    case 'likert_matrix': {
      const answered = typeof value === 'object' && !Array.isArray(value) ? value : {};
      const missing = question.rows.some((row) => !answered[row.id]);
      return question.required && missing ? 'Please answer each statement.' : null;
    }
    case 'ranking':
      return Array.isArray(value) && value.length === question.options.length
        ? null
        : 'Please put every option in order.';
    case 'rating':
    case 'nps':
    case 'number': {
      const number = Number(value);
      if (!Number.isFinite(number)) return 'Please enter a number.';
      const scale = scaleOf(question);
      if (scale && (number < scale.min || number > scale.max)) {
        return `Please choose a number from ${scale.min} to ${scale.max}.`;
      }
      return null;
    }
    case 'short_text':
      return String(value).length > 500 ? 'Please keep it under 500 characters.' : null;
    case 'long_text':
      return String(value).length > 5000 ? 'Please keep it under 5,000 characters.' : null;
    default:
      return null;
  }
}

/** The rating or NPS points, from the question's scale (NPS is always 0 to 10). */
export function scalePoints(question: Question): number[] {
  const scale = question.type === 'nps' ? { min: 0, max: 10 } : scaleOf(question);
  if (!scale || scale.max < scale.min || scale.max - scale.min > 20) return [];
  return Array.from({ length: scale.max - scale.min + 1 }, (_, index) => scale.min + index);
}

function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (let index = 0; index < seed.length; index++) {
    state = Math.imul(state ^ seed.charCodeAt(index), 16777619);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The answer options in the order a respondent sees them: shuffled when the question asks for it,
 * the same way for the whole attempt (the seed), and never for a Likert scale, whose order is its meaning.
 */
export function displayedOptions(question: Question, seed: string): Question['options'] {
  if (!question.randomizeOptions || question.type === 'likert_matrix') return question.options;
  const random = seededRandom(`${seed}:${question.id}`);
  // Exclusive options ('None of these') stay at the end, where respondents look for them.
  const shuffled = question.options.filter((o) => !o.exclusive);
  for (let index = shuffled.length - 1; index > 0; index--) {
    const swap = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[swap]] = [shuffled[swap]!, shuffled[index]!];
  }
  return [...shuffled, ...question.options.filter((o) => o.exclusive)];
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
