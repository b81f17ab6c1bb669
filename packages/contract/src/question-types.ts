import type { AnswerLike } from './survey-logic';
// Types only: translation-rules.ts imports this file, and surveys.ts imports translation-rules.
import type { Question } from './surveys';

// The question types of issue 26, point 4 (decision 048): their limits, the save's and the pre-check's
// words for a structure that cannot work, and the check of an answer that the respondent page and the
// server share. Plain TypeScript without zod: the lean respondent page imports it (decision 019).

type Scale = { min: number; max: number; minLabel: string | null; maxLabel: string | null };

// ---- slider --------------------------------------------------------------------------------

/**
 * A slider answers a whole number on its scale, moving in whole steps: the ends lie within −1,000
 * and 1,000, the step divides the range, and there are at most 200 steps, so every point can be
 * reached by keyboard and shown in the results.
 */
export const SLIDER_LOWEST = -1000;
export const SLIDER_HIGHEST = 1000;
export const SLIDER_MAX_STEPS = 200;

/** A new slider's scale: 0 to 100 in steps of 1. */
export const DEFAULT_SLIDER_SCALE: Scale = { min: 0, max: 100, minLabel: null, maxLabel: null };
export const sliderScaleOf = (question: Pick<Question, 'scale'>): Scale =>
  question.scale ?? DEFAULT_SLIDER_SCALE;
export const sliderStepOf = (question: Pick<Question, 'step'>) => question.step ?? 1;

/** Why a slider's scale or step cannot work, naming the question; null when it can. */
export function sliderProblem(question: Question, name: string): string | null {
  const { min, max } = sliderScaleOf(question);
  const step = sliderStepOf(question);
  const lower = name.toLowerCase();
  if (!Number.isInteger(min) || !Number.isInteger(max))
    return `The ends of the slider of ${lower} must be whole numbers.`;
  if (min >= max)
    return `The slider of ${lower} runs from ${min} to ${max}: the start must be below the end.`;
  if (min < SLIDER_LOWEST || max > SLIDER_HIGHEST)
    return `The slider of ${lower} runs from ${min} to ${max}. A slider runs within ${SLIDER_LOWEST.toLocaleString('en-US')} and ${SLIDER_HIGHEST.toLocaleString('en-US')}.`;
  if (!Number.isInteger(step) || step < 1)
    return `The step of the slider of ${lower} must be a whole number of 1 or more.`;
  if ((max - min) % step !== 0)
    return `The slider of ${lower} runs from ${min} to ${max}, which steps of ${step} do not divide. Choose a step that reaches the end exactly.`;
  if ((max - min) / step > SLIDER_MAX_STEPS)
    return `The slider of ${lower} has ${(max - min) / step} steps; at most ${SLIDER_MAX_STEPS} can be chosen by keyboard. Make the step larger or the range smaller.`;
  return null;
}

function sliderAnswerProblem(question: Question, answer: AnswerLike): string | null {
  const { min, max } = sliderScaleOf(question);
  const step = sliderStepOf(question);
  const n = typeof answer === 'number' ? answer : Number.NaN;
  if (!Number.isFinite(n) || n < min || n > max) return `Choose a point from ${min} to ${max} on the slider.`;
  if ((n - min) % step !== 0) return `Choose a point on the slider: it moves in steps of ${step}.`;
  return null;
}

/**
 * The groups a slider's answers are counted in for its chart: each point when there are at most 11,
 * otherwise up to 10 ranges of whole steps ('0–10', '11–20', …).
 */
export function sliderBins(question: Question): { id: string; label: string; from: number; to: number }[] {
  const { min, max } = sliderScaleOf(question);
  const step = sliderStepOf(question);
  const points = Math.floor((max - min) / step) + 1;
  if (!(points > 0) || points > SLIDER_MAX_STEPS + 1) return [];
  if (points <= 11)
    return Array.from({ length: points }, (_, i) => {
      const value = min + i * step;
      return { id: String(value), label: String(value), from: value, to: value };
    });
  const perBin = Math.ceil(points / 10);
  const bins: { id: string; label: string; from: number; to: number }[] = [];
  for (let first = 0; first < points; first += perBin) {
    const from = min + first * step;
    const to = min + Math.min(points - 1, first + perBin - 1) * step;
    bins.push({ id: `${from}-${to}`, label: `${from}–${to}`, from, to });
  }
  return bins;
}

// ---- date ----------------------------------------------------------------------------------

/**
 * A date answer is a calendar day, stored as YYYY-MM-DD (no time, no time zone). The bounds a date
 * question may set lie within these years; a question never asks for a birth date, which with the
 * screener's age would single a teen out (decision 048).
 */
export const DATE_EARLIEST = '1990-01-01';
export const DATE_LATEST = '2099-12-31';

/** Whether a string is a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Words that ask for a birth date, in English and Spanish. */
const birthDateWords =
  /\b(birth|born|birthday|birthdate|dob)\b|\bnaci(miento|ste|da|do)\b|\bcumplea[ñn]os\b|\bfecha de nac/i;

/** 'March 4, 2026' for YYYY-MM-DD. */
export function dateInWords(value: string): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return `${monthNames[month - 1] ?? ''} ${day}, ${year}`;
}
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function dateProblems(question: Question, name: string): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (birthDateWords.test(`${question.title} ${question.description ?? ''}`))
    problems.push({
      field: 'title',
      message: `${name} seems to ask for a birth date. With the age teens give, a birth date could identify them, so a date question cannot ask for one: ask for their age group instead, or a date that is not about them (an event, a plan).`,
    });
  const min = question.dateMin ?? null;
  const max = question.dateMax ?? null;
  for (const [value, which] of [
    [min, 'earliest'],
    [max, 'latest'],
  ] as const) {
    if (value === null) continue;
    if (!isIsoDate(value))
      problems.push({
        field: 'dates',
        message: `The ${which} date of ${name.toLowerCase()} is not a real day.`,
      });
    else if (value < DATE_EARLIEST || value > DATE_LATEST)
      problems.push({
        field: 'dates',
        message: `The ${which} date of ${name.toLowerCase()} must lie between ${dateInWords(DATE_EARLIEST)} and ${dateInWords(DATE_LATEST)}.`,
      });
  }
  if (min !== null && max !== null && isIsoDate(min) && isIsoDate(max) && min > max)
    problems.push({
      field: 'dates',
      message: `The earliest date of ${name.toLowerCase()} (${dateInWords(min)}) is after its latest (${dateInWords(max)}).`,
    });
  return problems;
}

function dateAnswerProblem(question: Question, answer: AnswerLike): string | null {
  if (!isIsoDate(answer)) return 'Choose a date.';
  if (question.dateMin && answer < question.dateMin)
    return `Choose a date on or after ${dateInWords(question.dateMin)}.`;
  if (question.dateMax && answer > question.dateMax)
    return `Choose a date on or before ${dateInWords(question.dateMax)}.`;
  return null;
}

/**
 * The groups a date question's answers are counted in: months ('March 2026') when the answers span
 * at most two years, otherwise years. `values` are the answers given, YYYY-MM-DD.
 */
export function dateBins(values: readonly string[]): { id: string; label: string }[] {
  const valid = values.filter(isIsoDate).sort();
  if (valid.length === 0) return [];
  const first = valid[0]!;
  const last = valid.at(-1)!;
  const firstYear = Number(first.slice(0, 4));
  const lastYear = Number(last.slice(0, 4));
  const bins: { id: string; label: string }[] = [];
  if (lastYear - firstYear >= 2) {
    for (let year = firstYear; year <= lastYear; year++) bins.push({ id: String(year), label: String(year) });
    return bins;
  }
  let year = firstYear;
  let month = Number(first.slice(5, 7));
  const end = last.slice(0, 7);
  for (;;) {
    const id = `${year}-${String(month).padStart(2, '0')}`;
    bins.push({ id, label: `${monthNames[month - 1]} ${year}` });
    if (id >= end) return bins;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

// ---- image choice --------------------------------------------------------------------------

/** Where every image of an image choice comes from: the media library on our own origin. */
export const IMAGE_URL_PATTERN = /^\/cms\/uploads\/(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const IMAGE_CHOICE_MAX_OPTIONS = 12;

/**
 * An image choice read as the classic choice question it counts like: single choice, or multiple
 * choice when teens may choose more than one. Results, exports, filters and cross-tabs treat it so.
 */
export function classicEquivalent<Q extends Pick<Question, 'type' | 'multiple'>>(question: Q): Q {
  if (question.type !== 'image_choice') return question;
  return { ...question, type: question.multiple ? 'multiple_choice' : 'single_choice' };
}

function imageChoiceProblems(question: Question, name: string): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (question.options.length > IMAGE_CHOICE_MAX_OPTIONS)
    problems.push({
      field: 'options',
      message: `${name} has ${question.options.length} images; an image choice has at most ${IMAGE_CHOICE_MAX_OPTIONS}, so each stays large enough to see on a phone.`,
    });
  for (const [index, option] of question.options.entries())
    if (option.image && !IMAGE_URL_PATTERN.test(option.image.url))
      problems.push({
        field: 'options',
        message: `${name}, image ${index + 1}: choose the image from the media library; images from other sites are not shown to teens.`,
      });
  if (question.options.some((o) => o.other))
    problems.push({
      field: 'options',
      message: `${name}: an image choice cannot have an 'Other, please specify' option.`,
    });
  return problems;
}

/**
 * What the pre-check adds for an image choice, which a save still allows (a draft is saved while its
 * author picks images): every option needs its image.
 */
export function newTypePrecheckProblems(question: Question, index: number): string[] {
  if (question.type !== 'image_choice') return [];
  return question.options.flatMap((option, position) =>
    option.image
      ? []
      : [`Question ${index + 1}: choose an image for option ${position + 1}, from the media library.`],
  );
}

// ---- constant sum --------------------------------------------------------------------------

/** A new constant sum shares out 100 points; 2 to 10 items. */
export const DEFAULT_SUM_TOTAL = 100;
export const CONSTANT_SUM_MAX_ITEMS = 10;
export const sumTotalOf = (question: Pick<Question, 'sumTotal'>) => question.sumTotal ?? DEFAULT_SUM_TOTAL;

/**
 * A constant sum's answer: item id → the whole number of points given, written in digits (the answer
 * shape of a matrix, so the maintained aggregates count it unchanged); an item left out has 0.
 */
export function sumOfAnswer(answer: AnswerLike): number | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
  let total = 0;
  for (const value of Object.values(answer)) {
    if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return null;
    total += Number(value);
  }
  return total;
}

function constantSumProblems(question: Question, name: string): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (question.options.length > CONSTANT_SUM_MAX_ITEMS)
    problems.push({
      field: 'options',
      message: `${name} shares points among ${question.options.length} items; a constant sum has at most ${CONSTANT_SUM_MAX_ITEMS}, so teens can keep the total in mind.`,
    });
  if (question.options.some((o) => o.other || o.exclusive || o.image))
    problems.push({
      field: 'options',
      message: `${name}: a constant sum's items cannot be 'Other', exclusive or pictures.`,
    });
  return problems;
}

function constantSumAnswerProblem(question: Question, answer: AnswerLike): string | null {
  const total = sumTotalOf(question);
  const ids = new Set(question.options.map((o) => o.id));
  if (
    typeof answer !== 'object' ||
    answer === null ||
    Array.isArray(answer) ||
    !Object.keys(answer).every((id) => ids.has(id))
  )
    return `Share ${total} points among the items.`;
  const given = sumOfAnswer(answer);
  if (given === null) return 'Give each item a whole number of points, 0 or more.';
  if (given !== total) return `Your points add up to ${given}; they need to add up to exactly ${total}.`;
  return null;
}

// ---- MaxDiff -------------------------------------------------------------------------------

/** A MaxDiff shows sets of 3 to 5 items (4 by default); it has 4 to 16 items, each shown 3 times. */
export const DEFAULT_MAXDIFF_SET_SIZE = 4;
export const MAXDIFF_MIN_ITEMS = 4;
export const MAXDIFF_MAX_ITEMS = 16;
export const MAXDIFF_TIMES_SHOWN = 3;
export const maxDiffSetSizeOf = (question: Pick<Question, 'maxDiffSetSize'>) =>
  question.maxDiffSetSize ?? DEFAULT_MAXDIFF_SET_SIZE;

/** A small seeded shuffle, identical in the browser and on the server (integer arithmetic only). */
function seededOrder(length: number, seed: number): number[] {
  const order = Array.from({ length }, (_, i) => i);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * The sets of a MaxDiff, the same for every respondent and on the server: each item is shown
 * MAXDIFF_TIMES_SHOWN times (a few once more to fill the last set), never twice in a set, in rounds
 * of a fixed shuffle so items meet different neighbours. Item ids, set by set.
 */
export function maxDiffSets(question: Pick<Question, 'options' | 'maxDiffSetSize'>): string[][] {
  const ids = question.options.map((o) => o.id);
  const size = maxDiffSetSizeOf(question);
  if (ids.length < size || size < 2) return ids.length > 1 ? [ids] : [];
  const sequence: string[] = [];
  for (let round = 0; round < MAXDIFF_TIMES_SHOWN; round++)
    for (const index of seededOrder(ids.length, ids.length * 31 + round + 1)) sequence.push(ids[index]!);
  const count = Math.ceil(sequence.length / size);
  const sets: string[][] = Array.from({ length: count }, (_, i) => sequence.slice(i * size, (i + 1) * size));
  // The last set is filled with items it lacks, from the start of the first round.
  const last = sets[count - 1]!;
  for (const id of sequence) {
    if (last.length >= size) break;
    if (!last.includes(id)) last.push(id);
  }
  // An item twice in a set (where two rounds meet) swaps with one of a later set.
  for (let s = 0; s < sets.length; s++) {
    const set = sets[s]!;
    for (let i = 0; i < set.length; i++) {
      if (set.indexOf(set[i]!) === i) continue;
      swap: for (let t = 0; t < sets.length; t++) {
        if (t === s) continue;
        const other = sets[t]!;
        for (let j = 0; j < other.length; j++) {
          if (!set.includes(other[j]!) && !other.includes(set[i]!)) {
            [set[i], other[j]] = [other[j]!, set[i]!];
            break swap;
          }
        }
      }
    }
  }
  return sets;
}

/** The answer keys of set n (1-based): which item is best and which worst. */
export const maxDiffKeys = (set: number) => ({ best: `${set}.best`, worst: `${set}.worst` });

function maxDiffProblems(question: Question, name: string): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const size = maxDiffSetSizeOf(question);
  if (question.options.length > MAXDIFF_MAX_ITEMS)
    problems.push({
      field: 'options',
      message: `${name} has ${question.options.length} items; a MaxDiff has at most ${MAXDIFF_MAX_ITEMS}, so teens answer at most ${Math.ceil((MAXDIFF_MAX_ITEMS * MAXDIFF_TIMES_SHOWN) / size)} sets.`,
    });
  if (question.options.some((o) => o.other || o.exclusive || o.image))
    problems.push({
      field: 'options',
      message: `${name}: a MaxDiff's items cannot be 'Other', exclusive or pictures.`,
    });
  return problems;
}

function maxDiffAnswerProblem(question: Question, answer: AnswerLike): string | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    return 'Choose the most and the least important item in each set.';
  const given = answer as Record<string, string>;
  const sets = maxDiffSets(question);
  const known = new Set(sets.flatMap((_, i) => Object.values(maxDiffKeys(i + 1))));
  if (!Object.keys(given).every((key) => known.has(key)))
    return 'Choose the most and the least important item in each set.';
  for (const [index, set] of sets.entries()) {
    const keys = maxDiffKeys(index + 1);
    const best = given[keys.best];
    const worst = given[keys.worst];
    if (!best || !worst || !set.includes(best) || !set.includes(worst))
      return `Choose the most and the least important item in set ${index + 1}.`;
    if (best === worst) return `In set ${index + 1}, choose different items as most and least important.`;
  }
  return null;
}

// ---- shared --------------------------------------------------------------------------------

/** Structure problems of the new types, in the author's words (the save and the pre-check use them). */
export function newTypeStructureProblems(
  question: Question,
  name: string,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (question.type === 'slider') {
    const problem = sliderProblem(question, name);
    if (problem) problems.push({ field: 'scale', message: problem });
  }
  if (question.type === 'date') problems.push(...dateProblems(question, name));
  if (question.type === 'image_choice') problems.push(...imageChoiceProblems(question, name));
  if (question.type === 'constant_sum') problems.push(...constantSumProblems(question, name));
  if (question.type === 'maxdiff') problems.push(...maxDiffProblems(question, name));
  return problems;
}

/**
 * Checks an answer to one of the new types (the respondent page and the server share this).
 * `answerCheck` is survey-rules' answerProblem, passed in to keep this file free of an import cycle.
 */
export function newTypeAnswerProblem(
  question: Question,
  answer: AnswerLike,
  answerCheck: (question: Question, answer: AnswerLike) => string | null,
): string | null {
  switch (question.type) {
    case 'slider':
      return sliderAnswerProblem(question, answer);
    case 'date':
      return dateAnswerProblem(question, answer);
    case 'constant_sum':
      return constantSumAnswerProblem(question, answer);
    case 'maxdiff':
      return maxDiffAnswerProblem(question, answer);
    case 'image_choice':
      // Checked exactly as the single or multiple choice it counts like (exclusive options, limits).
      return answerCheck(classicEquivalent(question), answer);
    default:
      return null;
  }
}

// ---- the answer checks' words in Spanish -----------------------------------------------------

/** The messages of newTypeAnswerProblem in Spanish: the English pattern and its Spanish wording. */
const spanishPatterns: [RegExp, (...parts: string[]) => string][] = [
  [
    /^Choose a point from (-?\d+) to (-?\d+) on the slider\.$/,
    (min, max) => `Elige un punto del ${min} al ${max} en el control deslizante.`,
  ],
  [
    /^Choose a point on the slider: it moves in steps of (\d+)\.$/,
    (step) => `Elige un punto del control deslizante: avanza de ${step} en ${step}.`,
  ],
  [/^Choose a date\.$/, () => 'Elige una fecha.'],
  [
    /^Choose the most and the least important item in each set\.$/,
    () => 'Elige lo más y lo menos importante en cada grupo.',
  ],
  [
    /^Choose the most and the least important item in set (\d+)\.$/,
    (set) => `Elige lo más y lo menos importante en el grupo ${set}.`,
  ],
  [
    /^In set (\d+), choose different items as most and least important\.$/,
    (set) => `En el grupo ${set}, elige opciones distintas como lo más y lo menos importante.`,
  ],
  [/^Share (\d+) points among the items\.$/, (total) => `Reparte ${total} puntos entre las opciones.`],
  [
    /^Give each item a whole number of points, 0 or more\.$/,
    () => 'Da a cada opción un número entero de puntos, 0 o más.',
  ],
  [
    /^Your points add up to (\d+); they need to add up to exactly (\d+)\.$/,
    (given, total) => `Tus puntos suman ${given}; tienen que sumar exactamente ${total}.`,
  ],
  [
    /^Choose a date on or after (\w+) (\d+), (\d+)\.$/,
    (month, day, year) => `Elige una fecha a partir del ${day} de ${monthInSpanish(month)} de ${year}.`,
  ],
  [
    /^Choose a date on or before (\w+) (\d+), (\d+)\.$/,
    (month, day, year) => `Elige una fecha hasta el ${day} de ${monthInSpanish(month)} de ${year}.`,
  ],
];

const spanishMonths = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const monthInSpanish = (month: string) => spanishMonths[monthNames.indexOf(month)] ?? month;

/** A new type's answer message in Spanish, or null when it is not one of theirs. */
export function newTypeMessageInSpanish(message: string): string | null {
  for (const [pattern, spanish] of spanishPatterns) {
    const match = pattern.exec(message);
    if (match) return spanish(...match.slice(1));
  }
  return null;
}

// ---- the rules in words, for moderators ------------------------------------------------------

/**
 * The settings of a new type as the review screen states them (decision 048), in English or
 * Spanish: the slider's range and step, the date's bounds, the pictures and their descriptions, the
 * total to share, the MaxDiff's sets. Nothing for the other types.
 */
export function newTypeRulesInWords(question: Question, lang: 'en' | 'es' = 'en'): string[] {
  const es = lang === 'es';
  switch (question.type) {
    case 'slider': {
      const { min, max } = sliderScaleOf(question);
      const step = sliderStepOf(question);
      return [
        es
          ? `Un control deslizante del ${min} al ${max}, de ${step} en ${step}; no cuenta hasta que la persona lo mueve.`
          : `A slider from ${min} to ${max} in steps of ${step}; nothing counts until the respondent moves it.`,
      ];
    }
    case 'date': {
      const from = question.dateMin ? dateInWords(question.dateMin) : null;
      const to = question.dateMax ? dateInWords(question.dateMax) : null;
      const esFrom = question.dateMin ? dateInSpanish(question.dateMin) : null;
      const esTo = question.dateMax ? dateInSpanish(question.dateMax) : null;
      const bounds = es
        ? esFrom && esTo
          ? ` entre el ${esFrom} y el ${esTo}`
          : esFrom
            ? ` desde el ${esFrom}`
            : esTo
              ? ` hasta el ${esTo}`
              : ''
        : from && to
          ? ` from ${from} to ${to}`
          : from
            ? ` on or after ${from}`
            : to
              ? ` on or before ${to}`
              : '';
      return [
        es
          ? `La respuesta es un día${bounds}, sin hora.`
          : `The answer is a day${bounds}, kept without a time.`,
      ];
    }
    case 'image_choice':
      return question.options.map((option, index) =>
        option.image
          ? es
            ? `Imagen ${index + 1} (“${option.label}”) descrita como “${option.image.alt}”.`
            : `Picture ${index + 1} (“${option.label}”) is described as “${option.image.alt}”.`
          : es
            ? `La opción ${index + 1} (“${option.label}”) aún no tiene imagen.`
            : `Option ${index + 1} (“${option.label}”) has no picture yet.`,
      );
    case 'constant_sum': {
      const total = sumTotalOf(question);
      return [
        es
          ? `La persona reparte exactamente ${total} puntos entre las opciones.`
          : `The respondent shares out exactly ${total} points among the items.`,
      ];
    }
    case 'maxdiff': {
      const sets = maxDiffSets(question);
      const size = maxDiffSetSizeOf(question);
      return [
        es
          ? `La persona ve ${sets.length} grupos de ${size} opciones y elige en cada uno lo más y lo menos importante.`
          : `The respondent sees ${sets.length} sets of ${size} items and picks the most and the least important in each.`,
      ];
    }
    default:
      return [];
  }
}

/** '1 de septiembre de 2026' for 2026-09-01. */
function dateInSpanish(value: string): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return `${day} de ${spanishMonths[month - 1] ?? ''} de ${year}`;
}
