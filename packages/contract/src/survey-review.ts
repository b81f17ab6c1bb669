import { classicEquivalent, newTypeRulesInWords } from './question-types';
import {
  conditionGroupOf,
  isAnswerable,
  isLogicGroup,
  OTHER_TEXT_MAX,
  pipedIds,
  pipingInWords,
} from './survey-logic';
import {
  type Audience,
  type Condition,
  genderLabels,
  type LogicGroup,
  type Question,
  regionLabels,
} from './surveys';
import { localizeQuestions } from './translation-rules';

/**
 * What a moderator approves, in words: each question's display logic, the quotas and the screener.
 * The builder, the moderation screen and the admin screen say the same thing about the same survey.
 */

const quoted = (text: string) => `“${text}”`;

/** The languages the review states its rules in: English, and the survey's Spanish version. */
export type ReviewLanguage = 'en' | 'es';

/** A condition's comparison in words: 'is', 'is at least'… (the builder's condition menus say the same). */
export const conditionVerbs: Record<Condition['operator'], string> = {
  equals: 'is',
  not_equals: 'is not',
  includes: 'includes',
  at_least: 'is at least',
  at_most: 'is at most',
  less_than: 'is less than',
  greater_than: 'is more than',
  between: 'is between',
  any_of: 'is any of',
  none_of: 'is none of',
  contains: 'contains',
  answered: 'is answered',
  not_answered: 'is not answered',
};

const spanishConditionVerbs: Record<Condition['operator'], string> = {
  equals: 'es',
  not_equals: 'no es',
  includes: 'incluye',
  at_least: 'es al menos',
  at_most: 'es como máximo',
  less_than: 'es menor que',
  greater_than: 'es mayor que',
  between: 'está entre',
  any_of: 'es alguna de',
  none_of: 'no es ninguna de',
  contains: 'contiene',
  answered: 'tiene respuesta',
  not_answered: 'no tiene respuesta',
};

/** Where a question's type changes the words: several answers 'include', a text 'contains'. */
const typedVerbs: Record<ReviewLanguage, Partial<Record<Condition['operator'], string>>> = {
  en: { not_equals: 'does not include', any_of: 'includes any of', none_of: 'includes none of' },
  es: { not_equals: 'no incluye', any_of: 'incluye alguna de', none_of: 'no incluye ninguna de' },
};

/**
 * A comparison in words for a question of this type, as the review and the builder's menus say it:
 * 'is at least', 'includes any of' (multiple choice), 'contains' (a text; also its old name 'includes').
 */
export function operatorInWords(
  operator: Condition['operator'],
  type: Question['type'] | undefined,
  lang: ReviewLanguage = 'en',
): string {
  if (type === 'multiple_choice' && typedVerbs[lang][operator]) return typedVerbs[lang][operator]!;
  if (operator === 'includes' && (type === 'short_text' || type === 'long_text'))
    return lang === 'es' ? spanishConditionVerbs.contains : conditionVerbs.contains;
  return (lang === 'es' ? spanishConditionVerbs : conditionVerbs)[operator];
}

/** The review's sentences in each language; rule texts quote the survey's own texts in that language. */
const reviewWords = {
  en: {
    verbs: conditionVerbs,
    yes: 'Yes',
    no: 'No',
    subject: (n: number, title: string) => `the answer to question ${n} (${quoted(title)})`,
    missingSubject: 'the answer to a question that is no longer in the survey',
    questionSubject: (n: number, title: string) => `question ${n} (${quoted(title)})`,
    missingQuestion: 'a question that is no longer in the survey',
    listOr: ' or ',
    range: (low: string, high: string) => `${low} and ${high}`,
    and: ', and ',
    or: ', or ',
    shownWhen: (when: string) => `Shown only when ${when}.`,
    end: 'the end of the survey',
    target: (n: number, title: string) => `question ${n} (${quoted(title)})`,
    missingTarget: 'an item that is no longer in the survey',
    skip: (when: string, target: string) => `When ${when}, skip to ${target}.`,
    screenOut: (when: string) => `When ${when}, the respondent is thanked and screened out.`,
    shuffledOptions: (fixed: string[]) =>
      `Its options are shown in a random order for each respondent${fixed.length ? `; ${fixed.map(quoted).join(' and ')} ${fixed.length === 1 ? 'stays' : 'stay'} last` : ''}.`,
    shuffledPage: 'The questions on this page are shown in a random order for each respondent.',
    pipes: (field: 'title' | 'description', sources: string[]) =>
      `Its ${field === 'title' ? 'text' : 'help text'} shows the respondent’s own ${sources.length === 1 ? 'answer' : 'answers'} to ${sources.join(' and ')}.`,
    pipeSource: (n: number, title: string) => `question ${n} (${quoted(title)})`,
    pipeMissing: 'a question that is not in the survey',
    selections: (min: number | null, max: number | null) =>
      min !== null && max !== null
        ? min === max
          ? `The respondent chooses exactly ${min} ${min === 1 ? 'option' : 'options'}.`
          : `The respondent chooses at least ${min} and at most ${max} options.`
        : min !== null
          ? `The respondent chooses at least ${min} ${min === 1 ? 'option' : 'options'}.`
          : `The respondent chooses at most ${max} ${max === 1 ? 'option' : 'options'}.`,
    exclusive: (label: string) => `${quoted(label)} clears the other choices.`,
    other: (label: string, max: number) =>
      `${quoted(label)} asks for the respondent’s own words, up to ${max.toLocaleString('en-US')} characters.`,
    characters: (max: number) => `Answers can be up to ${max.toLocaleString('en-US')} characters.`,
    scale: (min: number, max: number) => `Answers are a whole number from ${min} to ${max}.`,
    optional: 'Optional: the respondent may skip it.',
  },
  es: {
    verbs: spanishConditionVerbs,
    yes: 'Sí',
    no: 'No',
    subject: (n: number, title: string) => `la respuesta a la pregunta ${n} (${quoted(title)})`,
    missingSubject: 'la respuesta a una pregunta que ya no está en la encuesta',
    questionSubject: (n: number, title: string) => `la pregunta ${n} (${quoted(title)})`,
    missingQuestion: 'una pregunta que ya no está en la encuesta',
    listOr: ' o ',
    range: (low: string, high: string) => `${low} y ${high}`,
    and: ', y ',
    or: ', o ',
    shownWhen: (when: string) => `Se muestra solo cuando ${when}.`,
    end: 'al final de la encuesta',
    target: (n: number, title: string) => `a la pregunta ${n} (${quoted(title)})`,
    missingTarget: 'a un elemento que ya no está en la encuesta',
    skip: (when: string, target: string) => `Cuando ${when}, salta ${target}.`,
    screenOut: (when: string) =>
      `Cuando ${when}, se agradece a la persona y la encuesta termina para ella (queda fuera).`,
    shuffledOptions: (fixed: string[]) =>
      `Sus opciones se muestran en un orden aleatorio para cada persona${fixed.length ? `; ${fixed.map(quoted).join(' y ')} ${fixed.length === 1 ? 'queda' : 'quedan'} al final` : ''}.`,
    shuffledPage: 'Las preguntas de esta página se muestran en un orden aleatorio para cada persona.',
    pipes: (field: 'title' | 'description', sources: string[]) =>
      `Su ${field === 'title' ? 'texto' : 'texto de ayuda'} muestra ${sources.length === 1 ? 'la respuesta' : 'las respuestas'} de la persona a ${sources.join(' y ')}.`,
    pipeSource: (n: number, title: string) => `la pregunta ${n} (${quoted(title)})`,
    pipeMissing: 'una pregunta que no está en la encuesta',
    selections: (min: number | null, max: number | null) =>
      min !== null && max !== null
        ? min === max
          ? `La persona elige exactamente ${min} ${min === 1 ? 'opción' : 'opciones'}.`
          : `La persona elige al menos ${min} y como máximo ${max} opciones.`
        : min !== null
          ? `La persona elige al menos ${min} ${min === 1 ? 'opción' : 'opciones'}.`
          : `La persona elige como máximo ${max} ${max === 1 ? 'opción' : 'opciones'}.`,
    exclusive: (label: string) => `${quoted(label)} borra las demás opciones elegidas.`,
    other: (label: string, max: number) =>
      `${quoted(label)} pide a la persona sus propias palabras, hasta ${max.toLocaleString('en-US')} caracteres.`,
    characters: (max: number) =>
      `Las respuestas pueden tener hasta ${max.toLocaleString('en-US')} caracteres.`,
    scale: (min: number, max: number) => `Las respuestas son un número entero del ${min} al ${max}.`,
    optional: 'Opcional: la persona puede dejarla sin responder.',
  },
} as const;

/** A question's title as a rule quotes it: piping tokens in words ('[answer to Q3]'). */
const titleOf = (question: Question, questions: readonly Question[], lang: ReviewLanguage) =>
  pipingInWords(question.title, questions, lang);

/** The answer a condition compares with, by its option label where it names an option. */
function logicValueInWords(
  source: Question | undefined,
  value: string | number,
  lang: ReviewLanguage,
): string {
  if (source?.type === 'yes_no') {
    if (value === 'yes' || value === 'true') return quoted(reviewWords[lang].yes);
    if (value === 'no' || value === 'false') return quoted(reviewWords[lang].no);
  }
  const option = source?.options.find((o) => o.id === String(value));
  if (option) return quoted(option.label);
  return typeof value === 'number' ? String(value) : quoted(value);
}

/** 'full' names a question by number and text; 'short' by number only ('Q3'), for the flow view. */
export type RuleStyle = 'full' | 'short';
const shortNames: Record<ReviewLanguage, (n: number | null) => string> = {
  en: (n) => (n === null ? 'a deleted question' : `Q${n}`),
  es: (n) => (n === null ? 'una pregunta borrada' : `P${n}`),
};
const shortJoiners = { en: { and: ' and ', or: ' or ' }, es: { and: ' y ', or: ' o ' } } as const;

/** Answers listed as 'a, b or c' ('a, b o c' in Spanish). */
const listInWords = (items: readonly string[], lang: ReviewLanguage) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')}${reviewWords[lang].listOr}${items.at(-1)}`;

/**
 * One condition in words: 'the answer to question 1 (“Do you play a sport?”) is “Yes”', '… is any of
 * “Soccer” or “Tennis”', '… is between 3 and 5', 'question 3 (“…”) is answered'.
 */
export function conditionInWords(
  condition: Condition,
  questions: readonly Question[],
  lang: ReviewLanguage = 'en',
  style: RuleStyle = 'full',
): string {
  const words = reviewWords[lang];
  const index = questions.findIndex((q) => q.id === condition.questionId);
  const source = index >= 0 ? questions[index] : undefined;
  const verb = operatorInWords(condition.operator, source?.type, lang);
  const short = source ? shortNames[lang](index + 1) : shortNames[lang](null);
  if (condition.operator === 'answered' || condition.operator === 'not_answered') {
    const subject =
      style === 'short'
        ? short
        : source
          ? words.questionSubject(index + 1, titleOf(source, questions, lang))
          : words.missingQuestion;
    return `${subject} ${verb}`;
  }
  const subject =
    style === 'short'
      ? short
      : source
        ? words.subject(index + 1, titleOf(source, questions, lang))
        : words.missingSubject;
  const { value } = condition;
  let compared: string;
  if (Array.isArray(value))
    compared = listInWords(
      value.map((v) => logicValueInWords(source, v, lang)),
      lang,
    );
  else if (value === undefined) compared = '…';
  else if (condition.operator === 'between')
    compared = words.range(
      logicValueInWords(source, value, lang),
      condition.max === undefined ? '…' : String(condition.max),
    );
  else compared = logicValueInWords(source, value, lang);
  return `${subject} ${verb} ${compared}`;
}

/**
 * Conditions joined by 'and' (all must hold) or 'or' (any may hold); a nested group of several reads in
 * brackets: '(A, or B), and C'.
 */
export function conditionGroupInWords(
  group: LogicGroup,
  questions: readonly Question[],
  lang: ReviewLanguage = 'en',
  style: RuleStyle = 'full',
): string {
  const parts = group.conditions.map((item) => {
    if (!isLogicGroup(item)) return conditionInWords(item, questions, lang, style);
    const inner = conditionGroupInWords(item, questions, lang, style);
    return item.conditions.length > 1 && group.conditions.length > 1 ? `(${inner})` : inner;
  });
  const joiners = style === 'short' ? shortJoiners[lang] : reviewWords[lang];
  return parts.join(group.match === 'any' ? joiners.or : joiners.and);
}

/**
 * A rule in few words, naming questions by number ('(Q1 is “Yes” or Q2 is at least 4) and Q3 is
 * answered'), for the flow view where the question itself is drawn nearby.
 */
export const ruleInShortWords = (
  group: LogicGroup,
  questions: readonly Question[],
  lang: ReviewLanguage = 'en',
) => conditionGroupInWords(group, questions, lang, 'short');

/**
 * A question's display logic as a sentence, e.g. 'Shown only when the answer to question 1 (“Do you
 * play a sport?”) is “Yes”.'; null for a question everyone sees.
 */
export function displayLogicInWords(
  logic: unknown,
  questions: readonly Question[],
  lang: ReviewLanguage = 'en',
): string | null {
  const group = conditionGroupOf(logic);
  if (!group) return null;
  return reviewWords[lang].shownWhen(conditionGroupInWords(group, questions, lang));
}

/** A question's skip rules and screen-out as sentences, for the moderator and the printable copy. */
export function branchingInWords(
  question: Question,
  questions: readonly Question[],
  lang: ReviewLanguage = 'en',
): string[] {
  const words = reviewWords[lang];
  const sentences: string[] = [];
  for (const rule of question.skipLogic ?? []) {
    const index = questions.findIndex((q) => q.id === rule.to);
    const target =
      rule.to === 'end'
        ? words.end
        : index >= 0
          ? words.target(index + 1, titleOf(questions[index]!, questions, lang))
          : words.missingTarget;
    sentences.push(words.skip(conditionGroupInWords(rule.when, questions, lang), target));
  }
  if (question.screenOut)
    sentences.push(words.screenOut(conditionGroupInWords(question.screenOut, questions, lang)));
  return sentences;
}

/** The longest answer a text question takes, as the respondent's page and the server check it. */
export const textAnswerLimits: Partial<Record<Question['type'], number>> = {
  short_text: 500,
  long_text: 5000,
};

/**
 * Every rule of one item in words, in the order a moderator checks them: who sees it (display logic),
 * the piped answers in its texts, its limits (selections, characters, the scale, 'none of these' and
 * 'other'), option shuffling, a shuffled page, then skips and the screen-out. In Spanish the rules
 * quote the survey's Spanish texts (English where one is not translated).
 */
export function questionRulesInWords(
  question: Question,
  questions: readonly Question[],
  lang: ReviewLanguage = 'en',
  translations?: unknown,
): string[] {
  const localized = lang === 'es' ? localizeQuestions(questions, translations, 'es') : [...questions];
  const item = localized.find((q) => q.id === question.id) ?? question;
  const words = reviewWords[lang];
  const sentences: string[] = [];
  const shown = displayLogicInWords(item.displayLogic, localized, lang);
  if (shown) sentences.push(shown);
  for (const field of ['title', 'description'] as const) {
    const ids = [...new Set(pipedIds(item[field]))];
    if (ids.length === 0) continue;
    const sources = ids.map((id) => {
      const index = localized.findIndex((q) => q.id === id);
      return index >= 0
        ? words.pipeSource(index + 1, titleOf(localized[index]!, localized, lang))
        : words.pipeMissing;
    });
    sentences.push(words.pipes(field, sources));
  }
  if (isAnswerable(item)) {
    if (!item.required) sentences.push(words.optional);
    const min = item.minSelections ?? null;
    const max = item.maxSelections ?? null;
    // An image choice where teens may choose several has the multiple choice's limits (decision 048).
    if (classicEquivalent(item).type === 'multiple_choice' && (min !== null || max !== null))
      sentences.push(words.selections(min, max));
    sentences.push(...newTypeRulesInWords(item, lang));
    const characters = textAnswerLimits[item.type];
    if (characters) sentences.push(words.characters(characters));
    if ((item.type === 'rating' || item.type === 'number') && item.scale)
      sentences.push(words.scale(item.scale.min, item.scale.max));
    if (item.type === 'multiple_choice')
      for (const option of item.options.filter((o) => o.exclusive))
        sentences.push(words.exclusive(option.label));
    for (const option of item.options.filter((o) => o.other))
      sentences.push(words.other(option.label, OTHER_TEXT_MAX));
    if (item.randomizeOptions && item.type !== 'likert_matrix' && item.options.length > 1)
      sentences.push(
        words.shuffledOptions(item.options.filter((o) => o.exclusive || o.other).map((o) => o.label)),
      );
  }
  if (item.type === 'page_break' && item.randomizeQuestions) sentences.push(words.shuffledPage);
  sentences.push(...branchingInWords(item, localized, lang));
  return sentences;
}

const quotaGroupInWords = (quota: Audience['quotas'][number]) => {
  if (quota.attribute === 'gender')
    return genderLabels[quota.value as keyof typeof genderLabels] ?? quota.value;
  if (quota.attribute === 'region')
    return `the ${regionLabels[quota.value as keyof typeof regionLabels] ?? quota.value}`;
  return `${quota.value}-year-olds`;
};

/** A quota as the server applies it: a maximum share of the sample for one group. */
export function quotaInWords(quota: Audience['quotas'][number], sampleSize?: number): string {
  const group = quotaGroupInWords(quota);
  const count =
    sampleSize === undefined
      ? ''
      : ` (${Math.floor((sampleSize * quota.percent) / 100).toLocaleString('en-US')} responses)`;
  return `${group.charAt(0).toUpperCase()}${group.slice(1)}: at most ${quota.percent}% of the sample${count}`;
}

const list = (items: readonly string[]) =>
  items.length <= 2 ? items.join(' or ') : `${items.slice(0, -1).join(', ')}, or ${items.at(-1)}`;

/**
 * The screener every teen answers before the first question (age, gender, US state), and who it lets
 * through for this audience.
 */
export function screenerInWords(audience: Audience | null): string[] {
  const lines = ['Every teen first answers three screener questions: age, gender and US state.'];
  if (!audience) {
    lines.push('No audience is set, so the screener has nothing to check yet.');
    return lines;
  }
  lines.push(`Only ${audience.ageMin}–${audience.ageMax}-year-olds continue.`);
  if (audience.genders.length > 0) {
    lines.push(`Only ${list(audience.genders.map((g) => genderLabels[g]))} continue.`);
  }
  if (audience.states.length > 0) {
    lines.push(`Only teens living in ${list(audience.states)} continue.`);
  } else if (audience.regions.length > 0) {
    lines.push(`Only teens living in the ${list(audience.regions.map((r) => regionLabels[r]))} continue.`);
  }
  if (audience.quotas.length > 0) {
    lines.push('A teen whose quota group is already full is thanked and screened out.');
  }
  lines.push(
    audience.allowRepeatResponses
      ? 'Repeat responses from one device are allowed.'
      : 'One response per device.',
  );
  return lines;
}
