import {
  type ChoiceOption,
  type DisplayLogic,
  optionQuestionTypes,
  type Question,
  type QuestionType,
  questionTypeLabels,
} from '@tv/contract';

const newId = () => crypto.randomUUID();
/** Option ids only need to be unique within their question. */
const newOptionId = () => crypto.randomUUID().slice(0, 8);

const option = (label: string): ChoiceOption => ({ id: newOptionId(), label });
const agreementScale = ['Strongly disagree', 'Disagree', 'Neither', 'Agree', 'Strongly agree'];

export const hasOptions = (type: QuestionType) => optionQuestionTypes.includes(type);
export const hasScale = (type: QuestionType) => type === 'rating' || type === 'nps';

function defaultOptions(type: QuestionType): ChoiceOption[] {
  if (type === 'likert_matrix') return agreementScale.map(option);
  return hasOptions(type) ? [option('Option 1'), option('Option 2')] : [];
}

function defaultScale(type: QuestionType): Question['scale'] {
  if (type === 'rating') return { min: 1, max: 5, minLabel: 'Not at all', maxLabel: 'Very much' };
  if (type === 'nps') return { min: 0, max: 10, minLabel: 'Not at all likely', maxLabel: 'Extremely likely' };
  return null;
}

/** A new question of a type, with the answer options it needs to be valid; the author writes the title. */
export function newQuestion(type: QuestionType): Question {
  return {
    id: newId(),
    type,
    title: '',
    description: null,
    required: true,
    randomizeOptions: false,
    options: defaultOptions(type),
    rows: type === 'likert_matrix' ? [option('Statement 1')] : [],
    scale: defaultScale(type),
    displayLogic: null,
  };
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
    rows: type === 'likert_matrix' ? (question.rows.length ? question.rows : [option('Statement 1')]) : [],
    scale: hasScale(type)
      ? hasScale(question.type) && type === 'rating'
        ? question.scale
        : defaultScale(type)
      : null,
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

/** Moves one item; the list is returned unchanged when either index is out of range. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * Display logic may only name an earlier question (the server refuses anything else). Returns the
 * position (0-based) of the first question that breaks that rule, or null when the order is fine.
 */
export function logicOrderProblem(questions: readonly Question[]): number | null {
  const seen = new Set<string>();
  for (const [index, question] of questions.entries()) {
    if (question.displayLogic && !seen.has(question.displayLogic.questionId)) return index;
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
  const source = questions.findIndex((q) => q.id === dependent.displayLogic?.questionId) + 1;
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
  /** Questions whose display logic named the removed one, with that logic, to restore on undo. */
  clearedLogic: { questionId: string; logic: DisplayLogic }[];
}

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
      if (q.displayLogic?.questionId !== questionId) return q;
      clearedLogic.push({ questionId: q.id, logic: q.displayLogic });
      return { ...q, displayLogic: null };
    });
  return { questions: next, removed: { question, index, clearedLogic } };
}

/** Puts a removed question back where it was, with the logic that named it. */
export function restoreQuestion(questions: readonly Question[], removed: RemovedQuestion): Question[] {
  if (questions.some((q) => q.id === removed.question.id)) return [...questions];
  const next = questions.map((q) => {
    const cleared = removed.clearedLogic.find((entry) => entry.questionId === q.id);
    return cleared && !q.displayLogic ? { ...q, displayLogic: cleared.logic } : q;
  });
  next.splice(Math.min(removed.index, next.length), 0, removed.question);
  return next;
}

export type LogicOperator = DisplayLogic['operator'];

export const operatorLabels: Record<LogicOperator, string> = {
  equals: 'is',
  not_equals: 'is not',
  includes: 'includes',
  at_least: 'is at least',
  at_most: 'is at most',
};

/** Which conditions make sense on the answers of a question type; none for a ranking or matrix. */
export function logicOperatorsFor(type: QuestionType): LogicOperator[] {
  switch (type) {
    case 'single_choice':
    case 'dropdown':
    case 'yes_no':
      return ['equals', 'not_equals'];
    case 'multiple_choice':
      return ['includes', 'not_equals'];
    case 'rating':
    case 'nps':
    case 'number':
      return ['equals', 'at_least', 'at_most'];
    case 'short_text':
    case 'long_text':
      return ['includes'];
    default:
      return [];
  }
}

export const questionLabel = (question: Question, index: number) =>
  `${index + 1}. ${question.title.trim() || `Untitled ${questionTypeLabels[question.type].toLowerCase()} question`}`;

/** Words for a condition on a question's answer, e.g. 'is at least', or 'does not include' for several answers. */
export function operatorLabel(operator: LogicOperator, type: QuestionType): string {
  if (type === 'multiple_choice' && operator === 'not_equals') return 'does not include';
  if ((type === 'short_text' || type === 'long_text') && operator === 'includes') return 'contains';
  return operatorLabels[operator];
}

/** The value of a condition as the author chose it: an option's label, Yes or No, or the number or text. */
export function logicValueLabel(source: Question, value: string | number): string {
  if (source.type === 'yes_no') return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : String(value);
  const option = source.options.find((o) => o.id === value);
  return option ? option.label : String(value);
}

/** 'Shown only if question 2 is “Yes”', or null without logic. */
export function describeLogic(question: Question, questions: readonly Question[]): string | null {
  const logic = question.displayLogic;
  if (!logic) return null;
  const index = questions.findIndex((q) => q.id === logic.questionId);
  const source = questions[index];
  if (!source) return 'Shown only if an earlier question, now removed, was answered';
  return `Shown only if question ${index + 1} ${operatorLabel(logic.operator, source.type)} “${logicValueLabel(source, logic.value)}”`;
}
