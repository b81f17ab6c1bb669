/**
 * The survey's logic (decision 029): which items a respondent sees, in which order, on which page,
 * and where the survey ends for them. One engine decides it for the builder's preview, the
 * respondent's page and the server's check of a submission, so they never disagree.
 *
 * Plain functions only (no zod): the lean respondent page imports this module.
 */
import { classicEquivalent } from './question-types';
import type { Condition, ConditionGroup, LogicGroup, LogicItem, LogicOperator, Question } from './surveys';

export type AnswerLike = string | number | boolean | string[] | Record<string, string> | undefined;
export type AnswerMap = Readonly<Record<string, AnswerLike>>;

/** Items that show content but take no answer. */
export const contentItemTypes = ['text_block', 'page_break'] as const;
export const isAnswerable = (question: Pick<Question, 'type'>) =>
  question.type !== 'text_block' && question.type !== 'page_break';

/** How many questions a list holds: text blocks and page breaks are not questions. */
export const countQuestions = (items: readonly Pick<Question, 'type'>[]) => items.filter(isAnswerable).length;

/** The key of an 'Other, please specify' text in the answers: the question id with `.other`. */
export const otherTextKey = (questionId: string) => `${questionId}.other`;
export const OTHER_TEXT_MAX = 200;

/**
 * How deep groups nest (decision 047): a rule is a group of conditions and groups, and those groups
 * hold conditions only, which says 'A and (B or C)' and '(A and B) or (C and D)'.
 */
export const LOGIC_MAX_DEPTH = 2;

/** Whether an item of a group is itself a group (a nested one), not a condition. */
export const isLogicGroup = (item: LogicItem | null | undefined): item is LogicGroup =>
  Boolean(item && typeof item === 'object' && Array.isArray((item as Partial<LogicGroup>).conditions));

/** Every condition of a group, however deeply nested, in reading order. */
export const conditionsIn = (group: LogicGroup | null | undefined): Condition[] =>
  group ? group.conditions.flatMap((item) => (isLogicGroup(item) ? conditionsIn(item) : [item])) : [];

/** How many levels of groups a group has: 1 for a flat group, 2 for a group of groups. */
export const logicDepth = (group: LogicGroup): number =>
  1 + Math.max(0, ...group.conditions.filter(isLogicGroup).map(logicDepth));

/** A display condition as stored before AND / OR existed (one condition) becomes a group of one. */
export function conditionGroupOf(logic: unknown): ConditionGroup | null {
  if (!logic || typeof logic !== 'object') return null;
  const value = logic as Partial<ConditionGroup> & Partial<Condition>;
  if (Array.isArray(value.conditions)) {
    return value.conditions.length === 0
      ? null
      : { match: value.match === 'any' ? 'any' : 'all', conditions: value.conditions };
  }
  if (typeof value.questionId === 'string' && value.operator !== undefined && value.value !== undefined) {
    return { match: 'all', conditions: [value as Condition] };
  }
  return null;
}

/** The operators that compare nothing: whether the question has an answer. */
export const valuelessOperators: readonly LogicOperator[] = ['answered', 'not_answered'];
/** The operators that compare with a list of options. */
export const listOperators: readonly LogicOperator[] = ['any_of', 'none_of'];

const numberOf = (answer: AnswerLike): number | null => {
  if (typeof answer !== 'number' && typeof answer !== 'string') return null;
  if (typeof answer === 'string' && answer.trim() === '') return null;
  const n = Number(answer);
  return Number.isFinite(n) ? n : null;
};
const listOf = (value: Condition['value']): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];

/**
 * Whether one condition holds for the answers given so far. No answer meets no condition, except
 * 'not answered'; a condition without the value it needs never holds.
 */
export function conditionMet(condition: Condition, answers: AnswerMap): boolean {
  const raw = answers[condition.questionId];
  // A yes/no answer may arrive as a boolean or as 'yes'/'no'; logic compares the words.
  const answer = raw === true ? 'yes' : raw === false ? 'no' : raw;
  const given =
    answer !== undefined &&
    answer !== null &&
    answer !== '' &&
    !(Array.isArray(answer) && answer.length === 0) &&
    !(typeof answer === 'object' && !Array.isArray(answer) && Object.keys(answer).length === 0);
  if (condition.operator === 'answered') return given;
  if (condition.operator === 'not_answered') return !given;
  if (!given) return false;
  const value = condition.value;
  if (value === undefined) return false;
  const number = numberOf(answer);
  const target = typeof value === 'number' || typeof value === 'string' ? numberOf(value) : null;
  switch (condition.operator) {
    case 'equals':
      return Array.isArray(answer)
        ? answer.length === 1 && answer[0] === String(value)
        : String(answer) === String(value);
    case 'not_equals':
      return Array.isArray(answer) ? !answer.includes(String(value)) : String(answer) !== String(value);
    case 'includes':
      return Array.isArray(answer)
        ? answer.includes(String(value))
        : String(answer).toLowerCase().includes(String(value).toLowerCase());
    case 'contains':
      return typeof answer === 'string' && typeof value === 'string'
        ? answer.toLowerCase().includes(value.trim().toLowerCase())
        : false;
    case 'any_of': {
      const list = listOf(value);
      return Array.isArray(answer)
        ? answer.some((id) => list.includes(id))
        : typeof answer !== 'object' && list.includes(String(answer));
    }
    case 'none_of': {
      const list = listOf(value);
      if (list.length === 0) return false;
      return Array.isArray(answer)
        ? !answer.some((id) => list.includes(id))
        : typeof answer !== 'object' && !list.includes(String(answer));
    }
    case 'at_least':
      return number !== null && target !== null && number >= target;
    case 'at_most':
      return number !== null && target !== null && number <= target;
    case 'less_than':
      return number !== null && target !== null && number < target;
    case 'greater_than':
      return number !== null && target !== null && number > target;
    case 'between':
      return (
        number !== null &&
        target !== null &&
        typeof condition.max === 'number' &&
        number >= target &&
        number <= condition.max
      );
    default:
      return false;
  }
}

/**
 * Whether a group holds: every item (AND) or at least one (OR), an item being a condition or a
 * nested group. An empty group always holds.
 */
export function groupMet(group: LogicGroup | null | undefined, answers: AnswerMap): boolean {
  if (!group || group.conditions.length === 0) return true;
  const holds = (item: LogicItem) =>
    isLogicGroup(item) ? groupMet(item, answers) : conditionMet(item, answers);
  return group.match === 'any' ? group.conditions.some(holds) : group.conditions.every(holds);
}

/** Whether a question shows, given the answers so far (its conditions name earlier questions). */
export const isQuestionVisible = (question: Pick<Question, 'displayLogic'>, answers: AnswerMap) =>
  groupMet(conditionGroupOf(question.displayLogic), answers);

export interface SurveyPage {
  /** The page break that starts the page, or 'start' for the first page. */
  id: string;
  /** Whether the questions of this page are shown in a random order (one order per respondent). */
  shuffled: boolean;
  items: Question[];
}

/**
 * The pages of a survey. Without page breaks every item is a page of its own (one question a
 * screen); with page breaks, the items between two breaks share a screen.
 */
export function pagesOf(items: readonly Question[]): SurveyPage[] {
  const hasBreaks = items.some((q) => q.type === 'page_break');
  if (!hasBreaks) return items.map((q) => ({ id: q.id, shuffled: false, items: [q] }));
  const pages: SurveyPage[] = [];
  let current: SurveyPage = { id: 'start', shuffled: false, items: [] };
  for (const item of items) {
    if (item.type === 'page_break') {
      if (current.items.length > 0) pages.push(current);
      current = { id: item.id, shuffled: Boolean(item.randomizeQuestions), items: [] };
      continue;
    }
    current.items.push(item);
  }
  if (current.items.length > 0) pages.push(current);
  return pages;
}

/** The order a respondent saw: option ids by question, item ids by shuffled page. */
export interface Presentation {
  options?: Record<string, string[]>;
  pages?: Record<string, string[]>;
}

/** A small deterministic random source: the same seed gives the same order for the whole attempt. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let index = 0; index < seed.length; index++) {
    h = Math.imul(h ^ seed.charCodeAt(index), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(list: readonly T[], random: () => number): T[] {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index--) {
    const swap = Math.floor(random() * (index + 1));
    [copy[index], copy[swap]] = [copy[swap]!, copy[index]!];
  }
  return copy;
}

/**
 * The order this respondent sees, from a seed kept for the attempt: options of questions that
 * shuffle them (exclusive and 'other' options stay last, where people look for them; a Likert scale
 * never shuffles, its order is its meaning), and the items of shuffled pages.
 */
export function presentationFor(items: readonly Question[], seed: string): Presentation {
  const options: Record<string, string[]> = {};
  for (const question of items) {
    if (!question.randomizeOptions || question.type === 'likert_matrix' || question.options.length < 2)
      continue;
    const random = seededRandom(`${seed}:${question.id}`);
    const fixed = (o: Question['options'][number]) => Boolean(o.exclusive || o.other);
    options[question.id] = [
      ...shuffle(
        question.options.filter((o) => !fixed(o)),
        random,
      ).map((o) => o.id),
      ...question.options.filter(fixed).map((o) => o.id),
    ];
  }
  const pages: Record<string, string[]> = {};
  for (const page of pagesOf(items)) {
    if (!page.shuffled || page.items.length < 2) continue;
    pages[page.id] = shuffle(page.items, seededRandom(`${seed}:page:${page.id}`)).map((q) => q.id);
  }
  // Only what the survey shuffles: a survey without shuffling records nothing.
  return {
    ...(Object.keys(options).length > 0 ? { options } : {}),
    ...(Object.keys(pages).length > 0 ? { pages } : {}),
  };
}

/** Whether `order` is exactly the ids of `expected`, each once. */
const isPermutation = (order: readonly string[], expected: readonly string[]) =>
  order.length === expected.length &&
  new Set(order).size === order.length &&
  order.every((id) => expected.includes(id));

/**
 * A presentation sent by a respondent's browser, kept only where it is a true reordering of what the
 * survey shuffles; anything else is dropped (never trusted, never an error for the teen).
 */
export function validPresentation(items: readonly Question[], sent: unknown): Presentation | null {
  if (!sent || typeof sent !== 'object') return null;
  const raw = sent as { options?: unknown; pages?: unknown };
  const result: Presentation = {};
  const options: Record<string, string[]> = {};
  if (raw.options && typeof raw.options === 'object') {
    for (const question of items) {
      const order = (raw.options as Record<string, unknown>)[question.id];
      if (!question.randomizeOptions || !Array.isArray(order)) continue;
      const ids = question.options.map((o) => o.id);
      if (order.every((id) => typeof id === 'string') && isPermutation(order as string[], ids))
        options[question.id] = order as string[];
    }
  }
  const pages: Record<string, string[]> = {};
  if (raw.pages && typeof raw.pages === 'object') {
    for (const page of pagesOf(items)) {
      const order = (raw.pages as Record<string, unknown>)[page.id];
      if (!page.shuffled || !Array.isArray(order)) continue;
      const ids = page.items.map((q) => q.id);
      if (order.every((id) => typeof id === 'string') && isPermutation(order as string[], ids))
        pages[page.id] = order as string[];
    }
  }
  if (Object.keys(options).length > 0) result.options = options;
  if (Object.keys(pages).length > 0) result.pages = pages;
  return Object.keys(result).length > 0 ? result : null;
}

/** A page's items in the order this respondent sees them. */
export function orderedItems(page: SurveyPage, presentation: Presentation | null | undefined): Question[] {
  const order = presentation?.pages?.[page.id];
  if (!page.shuffled || !order) return page.items;
  const byId = new Map(page.items.map((q) => [q.id, q]));
  const ordered = order.map((id) => byId.get(id)).filter((q): q is Question => Boolean(q));
  return ordered.length === page.items.length ? ordered : page.items;
}

export interface RespondentPath {
  /** The pages this respondent sees, each with the items shown on it, in order. */
  pages: { id: string; items: Question[] }[];
  /** Every item shown, in order (questions and text blocks). */
  shown: Question[];
  /** How the path ends before the last item: a skip to the end, or a screen-out. */
  ending: 'end' | 'screened_out' | null;
  /** The question whose answer ended the path early. */
  endedBy: string | null;
}

/**
 * The path of one respondent through the survey, decided from their answers: display conditions
 * see only answers to questions that were shown and acceptable; a skip rule jumps past everything
 * up to its target (or to the end); a screen-out ends the survey. `accept` says whether an answer is
 * acceptable (the caller's check, so an invalid answer never steers the path).
 */
export function respondentPath(
  items: readonly Question[],
  answers: AnswerMap,
  options: {
    presentation?: Presentation | null;
    accept?: (question: Question, answer: AnswerLike) => boolean;
  } = {},
): RespondentPath {
  const accept = options.accept ?? (() => true);
  const counted: Record<string, AnswerLike> = {};
  const pages: RespondentPath['pages'] = [];
  const shown: Question[] = [];
  const positions = new Map(items.map((q, index) => [q.id, index]));
  let skipTo: number | null = null;
  for (const page of pagesOf(items)) {
    const pageItems: Question[] = [];
    for (const item of orderedItems(page, options.presentation)) {
      const position = positions.get(item.id) ?? 0;
      if (skipTo !== null && position < skipTo) continue;
      if (!isQuestionVisible(item, counted)) continue;
      pageItems.push(item);
      shown.push(item);
      if (!isAnswerable(item)) continue;
      const answer = answers[item.id];
      if (answer === undefined || answer === '' || !accept(item, answer)) continue;
      counted[item.id] = answer;
      if (item.screenOut && groupMet(conditionGroupOf(item.screenOut), counted)) {
        if (pageItems.length > 0) pages.push({ id: page.id, items: pageItems });
        return { pages, shown, ending: 'screened_out', endedBy: item.id };
      }
      for (const rule of item.skipLogic ?? []) {
        if (!groupMet(rule.when, counted)) continue;
        if (rule.to === 'end') {
          if (pageItems.length > 0) pages.push({ id: page.id, items: pageItems });
          return { pages, shown, ending: 'end', endedBy: item.id };
        }
        const target = positions.get(rule.to);
        if (target !== undefined && target > position) skipTo = Math.max(skipTo ?? 0, target);
        break;
      }
    }
    if (pageItems.length > 0) pages.push({ id: page.id, items: pageItems });
  }
  return { pages, shown, ending: null, endedBy: null };
}

// ---- piping --------------------------------------------------------------------------------

/** `{{answer:QUESTION_ID}}` in a title or description is replaced by that earlier answer. */
export const PIPE_PATTERN = /\{\{\s*answer:([A-Za-z0-9_-]{1,64})\s*\}\}/g;
export const pipeToken = (questionId: string) => `{{answer:${questionId}}}`;

/** The ids a text pipes from. */
export const pipedIds = (text: string | null | undefined): string[] =>
  text ? [...text.matchAll(PIPE_PATTERN)].map((match) => match[1]!) : [];

/** The words a piped answer is read with, per language of the respondent page. */
export const PIPE_WORDS = {
  en: { fallback: 'your earlier answer', yes: 'Yes', no: 'No' },
  es: { fallback: 'tu respuesta anterior', yes: 'Sí', no: 'No' },
} as const;

/** An answer as words: option labels, 'Yes'/'No' ('Sí'/'No'), a number, or the text. */
export function answerAsText(
  question: Question | undefined,
  answer: AnswerLike,
  answers?: AnswerMap,
  lang: keyof typeof PIPE_WORDS = 'en',
): string {
  if (!question || answer === undefined || answer === '') return '';
  const label = (id: string) => {
    const option = question.options.find((o) => o.id === id);
    if (!option) return '';
    const other = option.other && answers ? answers[otherTextKey(question.id)] : undefined;
    return typeof other === 'string' && other.trim() ? other.trim() : option.label;
  };
  if (Array.isArray(answer)) return answer.map(label).filter(Boolean).join(', ');
  if (typeof answer === 'object') return '';
  if (['single_choice', 'dropdown'].includes(question.type)) return label(String(answer));
  if (question.type === 'yes_no')
    return answer === true || answer === 'yes' ? PIPE_WORDS[lang].yes : PIPE_WORDS[lang].no;
  return String(answer);
}

/**
 * A text with its piped answers filled in, in the page's language (`items` are the questions as the
 * respondent sees them, so option labels are already in it); a piped question the respondent did not
 * answer (or did not see) reads 'your earlier answer' ('tu respuesta anterior'), so the sentence still
 * makes sense.
 */
export function pipeText(
  text: string,
  items: readonly Question[],
  answers: AnswerMap,
  lang: keyof typeof PIPE_WORDS = 'en',
): string {
  if (!text.includes('{{')) return text;
  return text.replace(PIPE_PATTERN, (_match, id: string) => {
    const words = answerAsText(
      items.find((q) => q.id === id),
      answers[id],
      answers,
      lang,
    );
    return words || PIPE_WORDS[lang].fallback;
  });
}

/** Anything that looks like a piping token, even a malformed one (`{{answer:}}`, `{{ answer: Q 3 }}`). */
const LOOSE_PIPE_PATTERN = /\{\{\s*answer\s*:[^}]*\}\}/gi;

const WELL_FORMED_PIPE = /^\{\{\s*answer:[A-Za-z0-9_-]{1,64}\s*\}\}$/;

/** The tokens of a text that are not well formed, so they can never be filled in. */
export const malformedPipeTokens = (text: string | null | undefined): string[] =>
  text
    ? [...text.matchAll(LOOSE_PIPE_PATTERN)].map((m) => m[0]).filter((token) => !WELL_FORMED_PIPE.test(token))
    : [];

const pipeWords = {
  en: {
    answer: (n: number) => `[answer to Q${n}]`,
    missing: '[answer to a question that is not in the survey]',
  },
  es: {
    answer: (n: number) => `[respuesta a P${n}]`,
    missing: '[respuesta a una pregunta que no está en la encuesta]',
  },
} as const;

/**
 * A text with its piping tokens in words, for every place that shows a question outside the
 * respondent's page (the builder's preview, moderation, incidents, results, exports, the PDF): each
 * `{{answer:ID}}` reads '[answer to Q3]' ('[respuesta a P3]' in Spanish), Q3 being the question's
 * number in `questions` as the caller numbers them (position + 1). A token to a question that is not
 * in the list says so.
 */
export function pipingInWords(
  text: string,
  questions: readonly { id: string }[],
  lang: 'en' | 'es' = 'en',
): string {
  if (!text.includes('{{')) return text;
  const words = pipeWords[lang];
  return text.replace(PIPE_PATTERN, (_match, id: string) => {
    const index = questions.findIndex((q) => q.id === id);
    return index >= 0 ? words.answer(index + 1) : words.missing;
  });
}

// ---- the pre-check of the logic ------------------------------------------------------------

export interface LogicProblem {
  questionId: string;
  severity: 'blocker' | 'warning';
  message: string;
}

const choiceTypes = ['single_choice', 'multiple_choice', 'dropdown'];
const numericTypes: readonly string[] = ['rating', 'nps', 'number', 'slider'];

/**
 * The operators a condition on a question of this type can use, in the order the builder offers them:
 * a choice is one option, one of several or none of several; a number compares and ranges; a text
 * contains words; any question can be answered or not (an optional one may be left blank).
 */
export function operatorsFor(type: Question['type']): LogicOperator[] {
  if (type === 'yes_no') return ['equals', 'not_equals', 'answered', 'not_answered'];
  if (type === 'single_choice' || type === 'dropdown')
    return ['equals', 'not_equals', 'any_of', 'none_of', 'answered', 'not_answered'];
  if (type === 'multiple_choice')
    return ['includes', 'not_equals', 'any_of', 'none_of', 'answered', 'not_answered'];
  if (numericTypes.includes(type))
    return [
      'equals',
      'not_equals',
      'less_than',
      'at_most',
      'greater_than',
      'at_least',
      'between',
      'answered',
      'not_answered',
    ];
  if (type === 'short_text' || type === 'long_text') return ['contains', 'answered', 'not_answered'];
  // An image choice is one or several pictures (decision 048): 'any of' and 'none of' read both.
  if (type === 'image_choice') return ['any_of', 'none_of', 'answered', 'not_answered'];
  if (type === 'text_block' || type === 'page_break') return [];
  // A matrix, a ranking, a date, a constant sum…: whether it was answered.
  return ['answered', 'not_answered'];
}

/** Whether an operator fits a question type; `includes` on a text is the old name of `contains`. */
export const operatorFits = (operator: LogicOperator, type: Question['type']) =>
  operatorsFor(type).includes(operator) ||
  (operator === 'includes' && (type === 'short_text' || type === 'long_text'));

/** Why a single condition can never hold for its source question, or null when it can. */
function impossibleCondition(condition: Condition, source: Question): string | null {
  const { operator } = condition;
  if (!operatorFits(operator, source.type))
    return 'uses a comparison that does not fit the type of the question it refers to';
  if (valuelessOperators.includes(operator)) return null;
  if (condition.value === undefined) return 'has no answer to compare with; choose one';
  if (listOperators.includes(operator)) {
    const list = listOf(condition.value);
    if (list.length === 0) return 'has no answer options to compare with; choose at least one';
    if (source.type === 'yes_no')
      return list.every((v) => v === 'yes' || v === 'no') ? null : 'must compare with Yes or No';
    if (list.some((id) => !source.options.some((o) => o.id === id)))
      return 'refers to an answer option that no longer exists';
    return null;
  }
  if (Array.isArray(condition.value)) return 'compares with a list where it needs a single answer';
  const value = String(condition.value);
  if (choiceTypes.includes(source.type) && operator !== 'not_equals') {
    if (!source.options.some((o) => o.id === value))
      return 'refers to an answer option that no longer exists';
  }
  if (source.type === 'yes_no' && value !== 'yes' && value !== 'no') return 'must compare with Yes or No';
  if (operator === 'contains' || (operator === 'includes' && !choiceTypes.includes(source.type))) {
    if (value.trim() === '') return 'has no words to look for; write some';
  }
  if (numericTypes.includes(source.type)) {
    const n = Number(condition.value);
    if (value.trim() === '' || !Number.isFinite(n)) return 'must compare with a number';
    if (operator === 'between') {
      const max = condition.max;
      if (typeof max !== 'number' || !Number.isFinite(max)) return 'needs the upper end of its range';
      if (n > max)
        return `asks for a number between ${n} and ${max}, a range that is empty; put the smaller number first`;
    }
    const scale = source.scale ?? (source.type === 'nps' ? { min: 0, max: 10 } : null);
    if (scale) {
      const above = `on a scale that ends at ${scale.max}`;
      const below = `on a scale that starts at ${scale.min}`;
      if (operator === 'at_least' && n > scale.max) return `asks for at least ${n} ${above}`;
      if (operator === 'greater_than' && n >= scale.max) return `asks for more than ${n} ${above}`;
      if (operator === 'at_most' && n < scale.min) return `asks for at most ${n} ${below}`;
      if (operator === 'less_than' && n <= scale.min) return `asks for less than ${n} ${below}`;
      if (operator === 'equals' && (n < scale.min || n > scale.max))
        return `asks for ${n}, outside the scale of ${scale.min} to ${scale.max}`;
      if (
        operator === 'between' &&
        typeof condition.max === 'number' &&
        (n > scale.max || condition.max < scale.min)
      )
        return `asks for a number between ${n} and ${condition.max}, outside the scale of ${scale.min} to ${scale.max}`;
    }
  }
  return null;
}

/** The lowest and highest number a condition allows, for spotting an empty range in an AND group. */
function numberBounds(condition: Condition): [number, number] {
  const n = Number(condition.value);
  switch (condition.operator) {
    case 'at_least':
      return [n, Number.POSITIVE_INFINITY];
    case 'greater_than':
      return [n + Number.EPSILON * Math.max(1, Math.abs(n)), Number.POSITIVE_INFINITY];
    case 'at_most':
      return [Number.NEGATIVE_INFINITY, n];
    case 'less_than':
      return [Number.NEGATIVE_INFINITY, n - Number.EPSILON * Math.max(1, Math.abs(n))];
    case 'between':
      return [n, typeof condition.max === 'number' ? condition.max : Number.POSITIVE_INFINITY];
    case 'equals':
      return [n, n];
    default:
      return [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  }
}

/**
 * Whether an AND group contradicts itself through its own conditions (two different single answers,
 * an answer both required and excluded, a range that is empty, 'answered' and 'not answered').
 */
function contradictory(group: LogicGroup, byId: Map<string, Question>): boolean {
  if (group.match !== 'all') return false;
  const bySource = new Map<string, Condition[]>();
  for (const condition of group.conditions) {
    if (isLogicGroup(condition)) continue;
    bySource.set(condition.questionId, [...(bySource.get(condition.questionId) ?? []), condition]);
  }
  for (const [sourceId, conditions] of bySource) {
    const source = byId.get(sourceId);
    if (!source) continue;
    const has = (operator: LogicOperator) => conditions.some((c) => c.operator === operator);
    if (has('not_answered') && conditions.some((c) => c.operator !== 'not_answered')) return true;
    const single = (c: Condition) => c.operator === 'equals' && !Array.isArray(c.value);
    const equals = new Set(conditions.filter(single).map((c) => String(c.value)));
    if (equals.size > 1) return true;
    const excluded = conditions
      .filter((c) => c.operator === 'none_of' || (c.operator === 'not_equals' && !Array.isArray(c.value)))
      .flatMap((c) => listOf(c.value));
    if ([...equals].some((value) => excluded.includes(value))) return true;
    if (source.type !== 'multiple_choice')
      for (const anyOf of conditions.filter((c) => c.operator === 'any_of')) {
        const allowed = listOf(anyOf.value).filter((id) => !excluded.includes(id));
        if (allowed.length === 0 || (equals.size === 1 && !allowed.includes([...equals][0]!))) return true;
      }
    if (numericTypes.includes(source.type)) {
      let low = Number.NEGATIVE_INFINITY;
      let high = Number.POSITIVE_INFINITY;
      for (const condition of conditions) {
        if (!Number.isFinite(Number(condition.value))) continue;
        const [from, to] = numberBounds(condition);
        low = Math.max(low, from);
        high = Math.min(high, to);
      }
      if (low > high) return true;
    }
  }
  return false;
}

/** The texts of an item that may pipe answers, named as the pre-check names them, in both languages. */
function pipedTextsOf(item: Question, translations: unknown): [string, string][] {
  const texts: [string, string][] = [];
  if (item.title) texts.push(['Its text', item.title]);
  if (item.description) texts.push(['Its help text', item.description]);
  const es = (
    translations as { es?: { questions?: Record<string, { title?: unknown; description?: unknown }> } }
  )?.es?.questions?.[item.id];
  if (typeof es?.title === 'string' && es.title) texts.push(['Its Spanish text', es.title]);
  if (typeof es?.description === 'string' && es.description)
    texts.push(['Its Spanish help text', es.description]);
  return texts;
}

/**
 * The logic problems of a survey, for the pre-check: a condition on a later question (or one that
 * can never hold), a skip that goes back (a loop) or to nowhere, an item no respondent can reach,
 * piping from a later page, a deleted or mistyped question or a malformed token (in the Spanish
 * version's texts too), and design settings that contradict each other. Items are named by their
 * number in the list, as the builder shows them.
 */
export function logicProblems(items: readonly Question[], translations?: unknown): LogicProblem[] {
  const problems: LogicProblem[] = [];
  const byId = new Map(items.map((q) => [q.id, q]));
  const position = new Map(items.map((q, index) => [q.id, index]));
  const pages = pagesOf(items);
  const pageOf = new Map<string, number>();
  for (const [index, page] of pages.entries()) for (const item of page.items) pageOf.set(item.id, index);
  const shuffledPage = (id: string) => pages[pageOf.get(id) ?? -1]?.shuffled ?? false;
  const unreachable = new Set<string>();
  const name = (index: number) => `Question ${index + 1}`;

  for (const [index, item] of items.entries()) {
    const add = (message: string, severity: LogicProblem['severity'] = 'blocker') =>
      problems.push({ questionId: item.id, severity, message: `${name(index)}: ${message}` });

    // Conditions: on earlier questions only, never on one shuffled onto the same page; groups nest
    // one level (decision 047) and none is empty.
    const checkGroup = (group: LogicGroup | null, what: string, allowSelf: boolean, depth = 1): boolean => {
      if (!group) return true;
      if (group.conditions.length === 0) {
        add(
          depth === 1
            ? `${what} has no conditions; add one or turn the rule off.`
            : `${what} has an empty group; add a condition to it or remove it.`,
        );
        return false;
      }
      if (depth === 1 && logicDepth(group) > LOGIC_MAX_DEPTH)
        add(`${what} has a group inside a group inside the rule; a rule’s groups hold conditions only.`);
      let possible = group.match === 'all';
      let anyPossible = false;
      for (const condition of group.conditions) {
        let ok = true;
        if (isLogicGroup(condition)) {
          ok = checkGroup(condition, what, allowSelf, depth + 1);
          if (ok) anyPossible = true;
          else if (group.match === 'all') possible = false;
          continue;
        }
        const source = byId.get(condition.questionId);
        const at = position.get(condition.questionId);
        if (!source || at === undefined) {
          add(`${what} refers to a question that is no longer in the survey.`);
          ok = false;
        } else if (at > index || (at === index && !allowSelf)) {
          add(`${what} refers to a later question; conditions can only use earlier answers.`);
          ok = false;
        } else if (!isAnswerable(source)) {
          add(`${what} refers to a text block or page break, which takes no answer.`);
          ok = false;
        } else {
          if (at !== index && pageOf.get(source.id) === pageOf.get(item.id) && shuffledPage(item.id))
            add(
              `${what} refers to a question on the same shuffled page, which this respondent may not have seen yet.`,
            );
          const why = impossibleCondition(condition, source);
          if (why) {
            add(`${what} ${why}.`);
            ok = false;
          } else if (unreachable.has(source.id) && condition.operator !== 'not_answered') ok = false;
        }
        if (ok) anyPossible = true;
        else if (group.match === 'all') possible = false;
      }
      if (group.match === 'any') possible = anyPossible;
      if (possible && contradictory(group, byId)) {
        add(`${what} can never hold: its conditions contradict each other.`);
        possible = false;
      }
      return possible;
    };

    const shows = checkGroup(conditionGroupOf(item.displayLogic), 'Its display condition', false);
    if (!shows) unreachable.add(item.id);
    if (item.screenOut) {
      if (!isAnswerable(item)) add('A text block or page break cannot screen anyone out.');
      else checkGroup(item.screenOut, 'Its screen-out rule', true);
    }
    for (const [ruleIndex, rule] of (item.skipLogic ?? []).entries()) {
      const what = `Skip rule ${ruleIndex + 1}`;
      if (!isAnswerable(item)) {
        add('A text block or page break cannot have skip rules.');
        break;
      }
      checkGroup(rule.when, what, true);
      if (rule.to === 'end') continue;
      const target = position.get(rule.to);
      if (target === undefined) add(`${what} skips to an item that is no longer in the survey.`);
      else if (target <= index)
        add(`${what} goes back to an earlier item, which would make a loop; skip only forward.`);
      else if (shuffledPage(item.id) && pageOf.get(rule.to) === pageOf.get(item.id))
        add(`${what} skips within a shuffled page; skip to an item on a later page.`);
    }

    // Piping: from questions on an earlier page, which the respondent has answered by then, in the
    // English texts and in the Spanish version's.
    for (const [where, text] of pipedTextsOf(item, translations)) {
      for (const token of malformedPipeTokens(text))
        add(
          `${where} has a piped answer that cannot be read: “${token}”. Remove it and use “Insert an earlier answer” instead.`,
        );
      for (const id of pipedIds(text)) {
        const source = byId.get(id);
        const at = position.get(id);
        if (!source || at === undefined)
          add(
            `${where} pipes in an answer to a question that is not in this survey (it was deleted, or the token was mistyped). Remove it and use “Insert an earlier answer” instead.`,
          );
        else if (at === index)
          add(`${where} pipes in its own answer, which the respondent has not given yet.`);
        else if (at > index)
          add(
            `${where} pipes in the answer to ${name(at).toLowerCase()}, which comes later; pipe only answers to questions on an earlier page.`,
          );
        else if ((pageOf.get(id) ?? 0) >= (pageOf.get(item.id) ?? 0))
          add(
            `${where} pipes in the answer to ${name(at).toLowerCase()}, which must come on an earlier page.`,
          );
        else if (!isAnswerable(source)) add(`${where} pipes in a text block, which has no answer.`);
        else if (source.type === 'likert_matrix' || source.type === 'ranking')
          add(
            `${where} pipes in ${name(at).toLowerCase()}, whose answer does not read as words; pipe a choice, number or text.`,
          );
      }
    }

    // Design settings.
    const others = item.options.filter((o) => o.other);
    if (others.length > 0 && !choiceTypes.includes(item.type))
      add(
        'Only single choice, multiple choice and dropdown questions can have an “Other, please specify” option.',
      );
    if (others.length > 1) add('Keep one “Other, please specify” option.');
    const min = item.minSelections ?? null;
    const max = item.maxSelections ?? null;
    // An image choice where teens may choose several counts as multiple choice (decision 048).
    if ((min !== null || max !== null) && classicEquivalent(item).type !== 'multiple_choice')
      add('Minimum and maximum selections apply to multiple choice questions only.');
    else if (min !== null && max !== null && min > max)
      add(`Its minimum of ${min} selections is above its maximum of ${max}.`);
    else if (min !== null && min > item.options.filter((o) => !o.exclusive).length)
      add(`It asks for at least ${min} selections but has fewer options to choose.`);
    if (item.type === 'page_break') {
      const next = items[index + 1];
      if (!next || next.type === 'page_break')
        add('This page break starts an empty page; remove it or add questions after it.', 'warning');
    }
  }

  // An item every respondent skips: a skip rule on an earlier question whose condition always holds
  // (an 'any' group that covers every option of a required single choice) jumps past it.
  for (const [index, item] of items.entries()) {
    if (unreachable.has(item.id)) continue;
    for (const earlier of items.slice(0, index)) {
      if (
        !earlier.required ||
        earlier.displayLogic ||
        !['single_choice', 'dropdown', 'yes_no'].includes(earlier.type)
      )
        continue;
      const values = earlier.type === 'yes_no' ? ['yes', 'no'] : earlier.options.map((o) => o.id);
      // The first rule that holds decides; a rule that also looks at other answers leaves it open.
      const skipsPast = values.every((value) => {
        for (const rule of earlier.skipLogic ?? []) {
          if (!conditionsIn(rule.when).every((c) => c.questionId === earlier.id)) return false;
          if (!groupMet(rule.when, { [earlier.id]: value })) continue;
          const target = rule.to === 'end' ? items.length : (position.get(rule.to) ?? -1);
          return target > index;
        }
        return false;
      });
      if (skipsPast) {
        unreachable.add(item.id);
        problems.push({
          questionId: item.id,
          severity: 'blocker',
          message: `${name(index)}: no respondent can reach it, because every answer to ${name(items.indexOf(earlier)).toLowerCase()} skips past it.`,
        });
        break;
      }
    }
  }
  return problems;
}
