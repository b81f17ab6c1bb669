import { newTypeMessageInSpanish } from './question-types';
import type { Question } from './surveys';

/**
 * The Spanish version of a survey (decision 033), as plain rules without zod, so the lean respondent
 * page (decision 019) can use them: which texts a survey has to translate, which are still missing,
 * the questions in a language, and the respondent's messages in Spanish.
 */

export const surveyLanguages = ['en', 'es'] as const;
export type SurveyLanguage = (typeof surveyLanguages)[number];

/** Each language in its own words, as the respondent's switch shows it. */
export const surveyLanguageNames: Record<SurveyLanguage, string> = { en: 'English', es: 'Español' };
/** Each language in the staff's words (builder, results filter). */
export const surveyLanguageLabels: Record<SurveyLanguage, string> = { en: 'English', es: 'Spanish' };

export const isSurveyLanguage = (value: unknown): value is SurveyLanguage => value === 'en' || value === 'es';

/** The longest translated texts: the same limits as the English fields (surveys.ts). */
export const TRANSLATION_LIMITS = {
  name: 150,
  description: 2000,
  title: 500,
  questionDescription: 1000,
  option: 200,
  scaleLabel: 60,
} as const;

/** One question's texts in another language; a text left out (or blank) is not translated yet. */
export interface QuestionTexts {
  title?: string;
  description?: string;
  /** Answer option (or Likert column) labels by option id. */
  options?: Record<string, string>;
  /** Likert statements by row id. */
  rows?: Record<string, string>;
  minLabel?: string;
  maxLabel?: string;
}

/** A survey's texts in another language, keyed by question id. */
export interface SurveyTexts {
  name?: string;
  description?: string;
  questions?: Record<string, QuestionTexts>;
}

/** Every other language's texts of a survey (today only Spanish), as `surveys.translations` stores them. */
export type SurveyTranslations = {
  es?: SurveyTexts;
};

export type TranslatableField =
  | 'name'
  | 'description'
  | 'title'
  | 'questionDescription'
  | 'option'
  | 'row'
  | 'minLabel'
  | 'maxLabel';

/** One English text of a survey that has a Spanish counterpart. */
export interface TranslatableText {
  /** Stable key of the text, e.g. `q:q1:option:o2`. */
  key: string;
  field: TranslatableField;
  /** The question it belongs to; null for the survey's name and description. */
  questionId: string | null;
  /** The option's or statement's id, for options and rows. */
  itemId: string | null;
  english: string;
  /** The translation, trimmed; null while it is missing. */
  translated: string | null;
  /** The longest the translation may be. */
  maxLength: number;
}

/**
 * Where a text is, naming the question and the option by number: 'Question 3', 'Question 3, option 2',
 * 'Question 4, statement 1'. The builder's Spanish fields are named by it (so a screen reader user
 * knows which of twenty option fields they are in), and so are the translation file's notes and its
 * import errors.
 */
export function translationPlace(text: TranslatableText, questions: readonly Question[]): string {
  if (!text.questionId) return text.field === 'name' ? 'Survey name' : 'Survey description';
  const index = questions.findIndex((q) => q.id === text.questionId);
  const question = questions[index];
  const where = `Question ${index + 1}`;
  const position = (list: readonly { id: string }[] | undefined) =>
    (list ?? []).findIndex((item) => item.id === text.itemId) + 1;
  switch (text.field) {
    case 'title':
      return where;
    case 'questionDescription':
      return `${where}, help text`;
    case 'option':
      return question?.type === 'likert_matrix'
        ? `${where}, scale point ${position(question.options)}`
        : `${where}, option ${position(question?.options)}`;
    case 'row':
      return `${where}, statement ${position(question?.rows)}`;
    case 'minLabel':
      return `${where}, lowest point label`;
    default:
      return `${where}, highest point label`;
  }
}

interface TranslatableSurvey {
  name: string;
  description: string | null;
  questions: readonly Question[];
}

const present = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';
const clean = (text: string | null | undefined) => (present(text) ? text.trim() : null);

/** Whatever a stored or sent value is, the texts of one language in the expected shape (no throw). */
export function textsOf(translations: unknown, lang: SurveyLanguage = 'es'): SurveyTexts {
  if (lang === 'en' || !translations || typeof translations !== 'object') return {};
  const texts = (translations as Record<string, unknown>)[lang];
  return texts && typeof texts === 'object' ? (texts as SurveyTexts) : {};
}

const stringAt = (record: unknown, key: string): string | null => {
  if (!record || typeof record !== 'object') return null;
  const value = (record as Record<string, unknown>)[key];
  return typeof value === 'string' ? clean(value) : null;
};

/**
 * Every English text of the survey that a respondent reads, in the order they meet them, each with
 * its translation (or null). Blank English texts (no description) need no translation.
 */
export function translatableTexts(
  survey: TranslatableSurvey,
  translations: unknown,
  lang: SurveyLanguage = 'es',
): TranslatableText[] {
  const texts = textsOf(translations, lang);
  const list: TranslatableText[] = [];
  const add = (
    field: TranslatableField,
    questionId: string | null,
    itemId: string | null,
    english: string | null | undefined,
    translated: string | null,
    maxLength: number,
  ) => {
    if (!present(english)) return;
    const key = [questionId ? `q:${questionId}` : 'survey', field, itemId].filter(Boolean).join(':');
    list.push({ key, field, questionId, itemId, english, translated, maxLength });
  };
  add('name', null, null, survey.name, stringAt(texts, 'name'), TRANSLATION_LIMITS.name);
  add(
    'description',
    null,
    null,
    survey.description,
    stringAt(texts, 'description'),
    TRANSLATION_LIMITS.description,
  );
  for (const question of survey.questions) {
    // A page break's name is for the builder only: respondents never read it.
    if (question.type === 'page_break') continue;
    const q = (texts.questions as Record<string, QuestionTexts> | undefined)?.[question.id];
    add('title', question.id, null, question.title, stringAt(q, 'title'), TRANSLATION_LIMITS.title);
    add(
      'questionDescription',
      question.id,
      null,
      question.description,
      stringAt(q, 'description'),
      TRANSLATION_LIMITS.questionDescription,
    );
    for (const option of question.options ?? []) {
      add(
        'option',
        question.id,
        option.id,
        option.label,
        stringAt(q?.options, option.id),
        TRANSLATION_LIMITS.option,
      );
    }
    for (const row of question.rows ?? []) {
      add('row', question.id, row.id, row.label, stringAt(q?.rows, row.id), TRANSLATION_LIMITS.option);
    }
    add(
      'minLabel',
      question.id,
      null,
      question.scale?.minLabel,
      stringAt(q, 'minLabel'),
      TRANSLATION_LIMITS.scaleLabel,
    );
    add(
      'maxLabel',
      question.id,
      null,
      question.scale?.maxLabel,
      stringAt(q, 'maxLabel'),
      TRANSLATION_LIMITS.scaleLabel,
    );
  }
  return list;
}

/** The texts not translated yet (for the builder's 'Spanish version' and the pre-check). */
export function translationGaps(
  survey: TranslatableSurvey,
  translations: unknown,
  lang: SurveyLanguage = 'es',
): TranslatableText[] {
  return translatableTexts(survey, translations, lang).filter((text) => text.translated === null);
}

/** How many of the survey's texts are translated: '12 of 40 texts translated'. */
export function translationProgress(
  survey: TranslatableSurvey,
  translations: unknown,
  lang: SurveyLanguage = 'es',
): { translated: number; total: number; started: boolean; complete: boolean } {
  const texts = translatableTexts(survey, translations, lang);
  const translated = texts.filter((text) => text.translated !== null).length;
  return {
    translated,
    total: texts.length,
    started: translated > 0,
    complete: texts.length > 0 && translated === texts.length,
  };
}

/** The languages respondents are offered: English, and Spanish once every text is translated. */
export function offeredLanguages(survey: TranslatableSurvey, translations: unknown): SurveyLanguage[] {
  return translationProgress(survey, translations, 'es').complete ? ['en', 'es'] : ['en'];
}

/**
 * The questions in a language: each text in that language where it is translated, the English text
 * where it is not (per text). Ids, types and logic are the survey's own, so answers are the same.
 */
export function localizeQuestions(
  questions: readonly Question[],
  translations: unknown,
  lang: SurveyLanguage,
): Question[] {
  const all = textsOf(translations, lang).questions;
  if (lang === 'en' || !all || typeof all !== 'object') return [...questions];
  return questions.map((question) => {
    const q = (all as Record<string, QuestionTexts>)[question.id];
    if (!q || typeof q !== 'object') return question;
    const label = (record: unknown, id: string, english: string) => stringAt(record, id) ?? english;
    return {
      ...question,
      title: stringAt(q, 'title') ?? question.title,
      description: present(question.description)
        ? (stringAt(q, 'description') ?? question.description)
        : question.description,
      options: question.options.map((o) => ({ ...o, label: label(q.options, o.id, o.label) })),
      rows: question.rows.map((r) => ({ ...r, label: label(q.rows, r.id, r.label) })),
      scale: question.scale
        ? {
            ...question.scale,
            minLabel: present(question.scale.minLabel)
              ? (stringAt(q, 'minLabel') ?? question.scale.minLabel)
              : question.scale.minLabel,
            maxLabel: present(question.scale.maxLabel)
              ? (stringAt(q, 'maxLabel') ?? question.scale.maxLabel)
              : question.scale.maxLabel,
          }
        : question.scale,
    };
  });
}

/** The survey's name and description in a language (English where not translated). */
export function localizeSurveyTexts(
  survey: { name: string; description: string | null },
  translations: unknown,
  lang: SurveyLanguage,
): { name: string; description: string | null } {
  const texts = textsOf(translations, lang);
  return {
    name: stringAt(texts, 'name') ?? survey.name,
    description: present(survey.description)
      ? (stringAt(texts, 'description') ?? survey.description)
      : survey.description,
  };
}

/**
 * The translations kept for a survey: only texts of its current questions, options and rows, trimmed,
 * blank ones left out, so a deleted question leaves nothing behind.
 */
export function pruneTranslations(survey: TranslatableSurvey, translations: unknown): SurveyTranslations {
  const es: SurveyTexts = {};
  const questions: Record<string, QuestionTexts> = {};
  for (const text of translatableTexts(survey, translations, 'es')) {
    if (text.translated === null) continue;
    if (text.field === 'name') es.name = text.translated;
    else if (text.field === 'description') es.description = text.translated;
    else {
      const id = text.questionId as string;
      const q = questions[id] ?? {};
      questions[id] = q;
      if (text.field === 'title') q.title = text.translated;
      else if (text.field === 'questionDescription') q.description = text.translated;
      else if (text.field === 'minLabel') q.minLabel = text.translated;
      else if (text.field === 'maxLabel') q.maxLabel = text.translated;
      else if (text.field === 'option')
        q.options = { ...q.options, [text.itemId as string]: text.translated };
      else if (text.field === 'row') q.rows = { ...q.rows, [text.itemId as string]: text.translated };
    }
  }
  if (Object.keys(questions).length > 0) es.questions = questions;
  return Object.keys(es).length > 0 ? { es } : {};
}

/** A copy of the translations with one text set (or cleared with ''): what the builder's inputs do. */
export function withTranslatedText(
  translations: unknown,
  text: Pick<TranslatableText, 'field' | 'questionId' | 'itemId'>,
  value: string,
): SurveyTranslations {
  const current = textsOf(translations, 'es');
  const es: SurveyTexts = { ...current, questions: { ...current.questions } };
  if (text.field === 'name') es.name = value;
  else if (text.field === 'description') es.description = value;
  else {
    const id = text.questionId as string;
    const q: QuestionTexts = { ...es.questions?.[id] };
    if (text.field === 'title') q.title = value;
    else if (text.field === 'questionDescription') q.description = value;
    else if (text.field === 'minLabel') q.minLabel = value;
    else if (text.field === 'maxLabel') q.maxLabel = value;
    else if (text.field === 'option') q.options = { ...q.options, [text.itemId as string]: value };
    else if (text.field === 'row') q.rows = { ...q.rows, [text.itemId as string]: value };
    es.questions = { ...es.questions, [id]: q };
  }
  return { es };
}

// ---- pre-check -----------------------------------------------------------------------------------

interface PrecheckFlagLike {
  category: 'personal_data' | 'sensitive_topic' | 'age_inappropriate' | 'structure';
  severity: 'blocker' | 'warning';
  questionId: string | null;
  message: string;
}

/** The pre-check's rules for Spanish texts: the same concerns as the English rules (survey-rules.ts). */
const spanishPatterns: { flag: Omit<PrecheckFlagLike, 'questionId'>; pattern: RegExp }[] = [
  {
    flag: {
      category: 'personal_data',
      severity: 'blocker',
      message: 'The Spanish version asks for a name. Responses must stay anonymous: remove this question.',
    },
    pattern: /\b(tu|su)\s+(nombre|apellido)\b|\bc[oó]mo\s+te\s+llamas\b|\bnombre\s+completo\b/i,
  },
  {
    flag: {
      category: 'personal_data',
      severity: 'blocker',
      message: 'The Spanish version asks for contact details (email or phone). We never collect them.',
    },
    pattern: /\bcorreo(\s+electr[oó]nico)?\b|\be-?mail\b|\b(n[uú]mero\s+de\s+)?(tel[eé]fono|celular)\b/i,
  },
  {
    flag: {
      category: 'personal_data',
      severity: 'blocker',
      message:
        'The Spanish version asks where the respondent lives or goes to school, which can identify them.',
    },
    pattern:
      /\b(tu|su)\s+direcci[oó]n\b|\bd[oó]nde\s+vives\b|\bc[oó]digo\s+postal\b|\b(qu[eé]|cu[aá]l)\s+(es\s+tu\s+)?(escuela|colegio|prepa(ratoria)?)\b|\ba\s+qu[eé]\s+(escuela|colegio)\b/i,
  },
  {
    flag: {
      category: 'personal_data',
      severity: 'blocker',
      message:
        'The Spanish version asks for a birth date, a social media handle or a photo, which identify the respondent.',
    },
    pattern:
      /\bfecha\s+de\s+nacimiento\b|\bcu[aá]ndo\s+naciste\b|\bcumplea[nñ]os\b|\b(usuario|perfil)\s+de\s+(instagram|snapchat|tiktok|discord)\b|\b(foto|selfie)\s+(tuya|de\s+ti)\b/i,
  },
  {
    flag: {
      category: 'sensitive_topic',
      severity: 'warning',
      message:
        'The Spanish version mentions self-harm or suicide. Keep it optional, word it gently and expect a safeguarding review.',
    },
    pattern: /\b(suicid\w*|autolesi\w*|hacerte\s+da[nñ]o|lastimarte|quitarte\s+la\s+vida|cortarte)\b/i,
  },
  {
    flag: {
      category: 'sensitive_topic',
      severity: 'warning',
      message:
        'The Spanish version touches on sexual content. Only ask if it is essential to the research, and keep it optional.',
    },
    pattern: /\b(sexo|sexual\w*|porno\w*|desnud\w*|sexting)\b/i,
  },
  {
    flag: {
      category: 'sensitive_topic',
      severity: 'warning',
      message:
        'The Spanish version asks about drugs, alcohol or smoking. Make it optional and avoid asking about illegal acts in detail.',
    },
    pattern: /\b(drogas?|alcohol|borrach\w*|marihuana|mota|vape\w*|vapear|fumar|cigarr\w*)\b/i,
  },
  {
    flag: {
      category: 'sensitive_topic',
      severity: 'warning',
      message:
        'The Spanish version mentions abuse or violence. Keep it optional; answers will be screened for safeguarding.',
    },
    pattern: /\b(abus\w*|agresi[oó]n\w*|violencia|te\s+pegan?|te\s+golpe\w*|maltrat\w*)\b/i,
  },
  {
    flag: {
      category: 'age_inappropriate',
      severity: 'warning',
      message: 'The Spanish version refers to an adult-only activity or has words not suitable for teens.',
    },
    pattern:
      /\b(apuestas?|casino|hipoteca|tarjeta\s+de\s+cr[eé]dito|tinder|mierda|puta\w*|pinche|chingar?\w*)\b/i,
  },
];

/**
 * The pre-check's words on the Spanish version: a warning while it is started but incomplete (it is
 * offered to respondents only when complete), and the safeguarding rules on the Spanish texts.
 */
export function translationPrecheckFlags(
  survey: TranslatableSurvey & { translations?: unknown },
): PrecheckFlagLike[] {
  const flags: PrecheckFlagLike[] = [];
  const texts = translatableTexts(survey, survey.translations, 'es');
  const missing = texts.filter((t) => t.translated === null).length;
  if (missing > 0 && missing < texts.length) {
    flags.push({
      category: 'structure',
      severity: 'warning',
      questionId: null,
      message: `The Spanish version is incomplete: ${missing} ${missing === 1 ? 'text is' : 'texts are'} missing; respondents will only see English until it is complete.`,
    });
  }
  const byQuestion = new Map<string | null, string[]>();
  for (const text of texts) {
    if (text.translated === null) continue;
    byQuestion.set(text.questionId, [...(byQuestion.get(text.questionId) ?? []), text.translated]);
  }
  for (const [questionId, parts] of byQuestion) {
    const joined = parts.join(' \n ');
    for (const { flag, pattern } of spanishPatterns) {
      if (pattern.test(joined)) flags.push({ ...flag, questionId });
    }
  }
  return flags;
}

// ---- the respondent's messages in Spanish -----------------------------------------------------------

/** The answer checks' messages (answerProblem in survey-rules.ts and the page's own), in Spanish. */
const spanishAnswerMessages: Record<string, string> = {
  'Please answer this question.': 'Por favor, responde esta pregunta.',
  'Choose one of the options.': 'Elige una de las opciones.',
  'Choose from the options.': 'Elige entre las opciones.',
  'Put every option in order.': 'Ordena todas las opciones.',
  'Please put every option in order.': 'Por favor, ordena todas las opciones.',
  'Answer each statement.': 'Responde cada frase.',
  'Please answer each statement.': 'Por favor, responde cada frase.',
  'Enter a number.': 'Escribe un número.',
  'Please enter a number.': 'Por favor, escribe un número.',
  'Choose yes or no.': 'Elige sí o no.',
  'Keep it under 500 characters.': 'Usa menos de 500 caracteres.',
  'Please keep it under 500 characters.': 'Por favor, usa menos de 500 caracteres.',
  'Keep it under 5,000 characters.': 'Usa menos de 5,000 caracteres.',
  'Please keep it under 5,000 characters.': 'Por favor, usa menos de 5,000 caracteres.',
  'Choose at least one option.': 'Elige al menos una opción.',
  'Choose only one option.': 'Elige solo una opción.',
  'Choose “Other” to add your own answer.': 'Elige “Otro” para escribir tu propia respuesta.',
  'Some answers need another look before you send them.':
    'Revisa otra vez algunas respuestas antes de enviarlas.',
};

/** Messages with a number or an option in them: the English pattern and its Spanish wording. */
const spanishAnswerPatterns: [RegExp, (...parts: string[]) => string][] = [
  [/^Choose a number from (-?\d+) to (-?\d+)\.$/, (min, max) => `Elige un número del ${min} al ${max}.`],
  [/^Choose at least (\d+) options\.$/, (n) => `Elige al menos ${n} opciones.`],
  [/^Choose at most (\d+) options\.$/, (n) => `Elige como máximo ${n} opciones.`],
  [/^Keep it under ([\d,]+) characters\.$/, (n) => `Usa menos de ${n} caracteres.`],
  [/^Tell us what “(.+)” means for you\.$/s, (label) => `Cuéntanos qué significa “${label}” para ti.`],
  [
    /^“(.+)” cannot be combined with other answers\. Choose it on its own, or the others without it\.$/s,
    (label) => `“${label}” no se puede combinar con otras respuestas. Elígela sola, o las demás sin ella.`,
  ],
];

/**
 * An answer check's message in the respondent's language: the Spanish wording of a message we know,
 * the English one for a message we do not (a new check reads in English rather than not at all).
 */
export function answerMessageIn(message: string, lang: SurveyLanguage): string {
  if (lang === 'en') return message;
  const known = spanishAnswerMessages[message] ?? newTypeMessageInSpanish(message);
  if (known) return known;
  for (const [pattern, spanish] of spanishAnswerPatterns) {
    const match = pattern.exec(message);
    if (match) return spanish(...match.slice(1));
  }
  return message;
}

/** Whether a message has a Spanish wording (for tests of every message a check can give). */
export const hasSpanishAnswerMessage = (message: string) => answerMessageIn(message, 'es') !== message;

/** responseMessages (responses.ts) in Spanish, keyed by outcome. */
export const responseMessagesEs = {
  eligible: '¡Gracias! Ya puedes empezar la encuesta.',
  completed:
    '¡Gracias! Tus respuestas se enviaron. Son anónimas y van a ayudar a mejorar las cosas para la gente joven.',
  screened_out:
    '¡Gracias por tu tiempo! Esta encuesta busca a otro grupo de personas, así que esta vez no hay preguntas para ti.',
  quota_full:
    '¡Gracias por tu tiempo! Ya tenemos suficientes respuestas de personas como tú, así que esta encuesta está cerrada para ti.',
  closed: 'Esta encuesta no está recibiendo respuestas ahora mismo. ¡Gracias por pasar!',
  already_taken: 'Ya respondiste esta encuesta. ¡Gracias!',
} as const;
