import {
  type ChoiceOption,
  type ConditionGroup,
  conditionsIn,
  DEFAULT_SLIDER_SCALE,
  type LogicOperator,
  operatorInWords,
  optionQuestionTypes,
  type Question,
  type QuestionType,
  questionTypeLabels,
  SKIP_TO_END,
} from '@tv/contract';

const newId = () => crypto.randomUUID();
/** Option ids only need to be unique within their question. */
const newOptionId = () => crypto.randomUUID().slice(0, 8);

const option = (label: string): ChoiceOption => ({ id: newOptionId(), label });
const agreementScale = ['Strongly disagree', 'Disagree', 'Neither', 'Agree', 'Strongly agree'];

export const hasOptions = (type: QuestionType) => optionQuestionTypes.includes(type);
export const hasScale = (type: QuestionType) => type === 'rating' || type === 'nps';

/**
 * A new choice question starts with two empty options (the field shows 'Option 1' as a placeholder,
 * never as text the author has to delete); a Likert matrix keeps its agreement scale, which is real
 * wording most authors keep.
 */
function defaultOptions(type: QuestionType): ChoiceOption[] {
  if (type === 'likert_matrix') return agreementScale.map(option);
  return hasOptions(type) ? [option(''), option('')] : [];
}

function defaultScale(type: QuestionType): Question['scale'] {
  if (type === 'rating') return { min: 1, max: 5, minLabel: 'Not at all', maxLabel: 'Very much' };
  if (type === 'nps') return { min: 0, max: 10, minLabel: 'Not at all likely', maxLabel: 'Extremely likely' };
  if (type === 'slider') return { ...DEFAULT_SLIDER_SCALE };
  return null;
}

/** A new question of a type, with the answer options it needs to be valid; the author writes the title. */
export function newQuestion(type: QuestionType): Question {
  return {
    id: newId(),
    type,
    // A page break needs no wording from the author; it is named for the builder's list only.
    title: type === 'page_break' ? 'New page' : '',
    description: null,
    required: type !== 'text_block' && type !== 'page_break',
    randomizeOptions: false,
    options: defaultOptions(type),
    rows: type === 'likert_matrix' ? [option('')] : [],
    scale: defaultScale(type),
    displayLogic: null,
    ...typeDefaults(type),
  };
}

/** The settings of the types of decision 048 that a new question of the type starts with. */
function typeDefaults(type: QuestionType): Partial<Question> {
  if (type === 'slider') return { step: 1 };
  if (type === 'constant_sum') return { sumTotal: 100 };
  if (type === 'maxdiff') return { maxDiffSetSize: 4 };
  return {};
}

/** Changes the type and keeps what still fits: choices carry over between choice types. */
export function changeQuestionType(question: Question, type: QuestionType): Question {
  if (question.type === type) return question;
  const keepOptions =
    hasOptions(type) &&
    hasOptions(question.type) &&
    (type === 'likert_matrix') === (question.type === 'likert_matrix');
  return {
    ...question,
    type,
    options: keepOptions && question.options.length > 0 ? question.options : defaultOptions(type),
    rows: type === 'likert_matrix' ? (question.rows.length ? question.rows : [option('')]) : [],
    scale: hasScale(type)
      ? hasScale(question.type) && type === 'rating'
        ? question.scale
        : defaultScale(type)
      : defaultScale(type),
    ...typeDefaults(type),
    randomizeOptions: hasOptions(type) && type !== 'likert_matrix' ? question.randomizeOptions : false,
  };
}

export const duplicateQuestion = (question: Question): Question => ({
  ...question,
  id: newId(),
  options: question.options.map((o) => ({ ...o })),
  rows: question.rows.map((r) => ({ ...r })),
});

export const newOption = option;

/** Puts a new question right after the one at `index` (at the end when `index` is out of range). */
export function insertQuestionAfter(
  questions: readonly Question[],
  index: number,
  question: Question,
): Question[] {
  const next = [...questions];
  const at = index >= 0 && index < questions.length ? index + 1 : questions.length;
  next.splice(at, 0, question);
  return next;
}

/** Moves one item; the list is returned unchanged when either index is out of range. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The questions a question's display logic names. */
const displaySources = (question: Question) => conditionsIn(question.displayLogic).map((c) => c.questionId);
/** The questions its skip and screen-out rules name (itself or earlier ones). */
const branchSources = (question: Question) => [
  ...(question.skipLogic ?? []).flatMap((rule) => conditionsIn(rule.when).map((c) => c.questionId)),
  ...conditionsIn(question.screenOut).map((c) => c.questionId),
];

/**
 * Logic may only look back (the server refuses anything else): display logic names earlier
 * questions, skip and screen-out rules this or earlier ones, and a skip goes forward. Returns the
 * position (0-based) of the first question that breaks that rule, or null when the order is fine.
 */
export function logicOrderProblem(questions: readonly Question[]): number | null {
  const seen = new Set<string>();
  for (const [index, question] of questions.entries()) {
    if (displaySources(question).some((id) => !seen.has(id))) return index;
    if (branchSources(question).some((id) => id !== question.id && !seen.has(id))) return index;
    const later = new Set(questions.slice(index + 1).map((q) => q.id));
    if ((question.skipLogic ?? []).some((rule) => rule.to !== SKIP_TO_END && !later.has(rule.to)))
      return index;
    seen.add(question.id);
  }
  return null;
}

export type MoveOutcome = { ok: true; questions: Question[] } | { ok: false; reason: string };

/** Reorders questions, refusing a move that would put a question above the one its logic depends on. */
export function moveQuestion(questions: readonly Question[], from: number, to: number): MoveOutcome {
  const next = moveItem(questions, from, to);
  const problem = logicOrderProblem(next);
  if (problem === null) return { ok: true, questions: next };
  const moved = questions[from];
  const dependent = next[problem];
  if (!moved || !dependent) return { ok: false, reason: 'That move is not possible.' };
  const sourceId = displaySources(dependent)[0];
  if (!sourceId)
    return {
      ok: false,
      reason: `That move would break the skip or screen-out rules of question ${questions.indexOf(dependent) + 1}: a rule can only look back, and a skip only goes forward.`,
    };
  const source = questions.findIndex((q) => q.id === sourceId) + 1;
  return {
    ok: false,
    reason:
      dependent.id === moved.id
        ? `Question ${from + 1} can only be shown after question ${source}: its display logic depends on it.`
        : `Question ${from + 1} must stay before question ${questions.indexOf(dependent) + 1}, whose display logic depends on it.`,
  };
}

export interface RemovedQuestion {
  question: Question;
  index: number;
  /** Questions whose logic named the removed one, as they were, to restore on undo. */
  clearedLogic: { questionId: string; before: Question }[];
}

/** A question without any logic that names `removedId` (conditions, skip rules, a skip to it). */
function withoutReferencesTo(question: Question, removedId: string): Question {
  const keep = (group: ConditionGroup | null | undefined): ConditionGroup | null => {
    if (!group) return null;
    // A nested group loses the conditions on the removed question, and goes when none is left.
    const conditions = group.conditions.flatMap((item): ConditionGroup['conditions'] => {
      if (!('conditions' in item)) return item.questionId === removedId ? [] : [item];
      const inner = item.conditions.filter((c) => c.questionId !== removedId);
      return inner.length ? [{ ...item, conditions: inner }] : [];
    });
    return conditions.length ? { ...group, conditions } : null;
  };
  const skipLogic = (question.skipLogic ?? []).filter(
    (rule) => rule.to !== removedId && conditionsIn(rule.when).every((c) => c.questionId !== removedId),
  );
  return {
    ...question,
    displayLogic: keep(question.displayLogic),
    ...(question.skipLogic ? { skipLogic } : {}),
    ...(question.screenOut !== undefined ? { screenOut: keep(question.screenOut) } : {}),
  };
}

const namesQuestion = (question: Question, id: string) =>
  displaySources(question).includes(id) ||
  branchSources(question).includes(id) ||
  (question.skipLogic ?? []).some((rule) => rule.to === id);

/** Removes a question; logic that named it is cleared (it would point at nothing) and kept for undo. */
export function removeQuestion(
  questions: readonly Question[],
  questionId: string,
): { questions: Question[]; removed: RemovedQuestion | null } {
  const index = questions.findIndex((q) => q.id === questionId);
  const question = questions[index];
  if (!question) return { questions: [...questions], removed: null };
  const clearedLogic: RemovedQuestion['clearedLogic'] = [];
  const next = questions
    .filter((q) => q.id !== questionId)
    .map((q) => {
      if (!namesQuestion(q, questionId)) return q;
      clearedLogic.push({ questionId: q.id, before: q });
      return withoutReferencesTo(q, questionId);
    });
  return { questions: next, removed: { question, index, clearedLogic } };
}

/** Puts a removed question back where it was, with the logic that named it. */
export function restoreQuestion(questions: readonly Question[], removed: RemovedQuestion): Question[] {
  if (questions.some((q) => q.id === removed.question.id)) return [...questions];
  const next = questions.map((q) => {
    const cleared = removed.clearedLogic.find((entry) => entry.questionId === q.id);
    return cleared
      ? {
          ...q,
          displayLogic: cleared.before.displayLogic,
          skipLogic: cleared.before.skipLogic,
          screenOut: cleared.before.screenOut,
        }
      : q;
  });
  next.splice(Math.min(removed.index, next.length), 0, removed.question);
  return next;
}

export type { LogicOperator };

export const questionLabel = (question: Question, index: number) =>
  `${index + 1}. ${question.title.trim() || `Untitled ${questionTypeLabels[question.type].toLowerCase()} question`}`;

/** Words for a condition on a question's answer, e.g. 'is at least', or 'does not include' for several answers. */
export const operatorLabel = (operator: LogicOperator, type: QuestionType): string =>
  operatorInWords(operator, type);
