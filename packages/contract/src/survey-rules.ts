import { newTypeAnswerProblem, newTypePrecheckProblems, newTypeStructureProblems } from './question-types';
import { type AnswerLike, countQuestions, isAnswerable, logicProblems, OTHER_TEXT_MAX } from './survey-logic';
import {
  type Audience,
  type Estimate,
  genderLabels,
  genders as genderValues,
  type PrecheckFlag,
  type Question,
  RATING_SCALE_HIGHEST,
  RATING_SCALE_LOWEST,
  regionLabels,
  type SurveyType,
} from './surveys';
import { translationPrecheckFlags } from './translation-rules';
import { statesByRegion } from './us-states';

export const PULSE_CHECK_MAX_QUESTIONS = 5;

/** Default names and descriptions of spec §3. */
export function surveyDefaults(
  type: SurveyType,
  anonymous: boolean,
): { name: string; description: string | null } {
  if (anonymous) {
    return type === 'pulse_check'
      ? {
          name: 'My First Pulse Check',
          description:
            'A quick check-in of up to five questions to hear how teens feel about one topic right now.',
        }
      : {
          name: 'My First Survey',
          description:
            'Your first TeenVoice survey: add questions, choose who should answer, and see the results here.',
        };
  }
  const names: Record<SurveyType, string> = {
    long_form: 'Survey',
    pulse_check: 'Pulse Check',
    custom: 'Custom Survey',
  };
  return { name: names[type], description: null };
}

interface Rule {
  category: PrecheckFlag['category'];
  severity: PrecheckFlag['severity'];
  pattern: RegExp;
  message: string;
}

const rules: Rule[] = [
  {
    category: 'personal_data',
    severity: 'blocker',
    pattern: /\b(your|full|first|last|sur)\s*name\b|\bname\s+of\s+your\b|\bwhat\s+is\s+your\s+name\b/i,
    message: 'Asks for a name. Responses must stay anonymous: remove this question.',
  },
  {
    category: 'personal_data',
    severity: 'blocker',
    pattern: /\b(e-?mail|email address)\b/i,
    message: 'Asks for an email address. We never collect contact details from respondents.',
  },
  {
    category: 'personal_data',
    severity: 'blocker',
    pattern: /\b(phone|mobile|cell)\s*(number|no\.?)?\b/i,
    message: 'Asks for a phone number. We never collect contact details from respondents.',
  },
  {
    category: 'personal_data',
    severity: 'blocker',
    pattern: /\b(home|street|postal|mailing)\s+address\b|\bwhere\s+do\s+you\s+live\b|\bzip\s*code\b/i,
    message: 'Asks where the respondent lives. Use the audience (state or region) instead.',
  },
  {
    category: 'personal_data',
    severity: 'blocker',
    pattern: /\b(which|what|name\s+of\s+your)\s+(high\s+)?school\b|\bschool\s+(do\s+you\s+)?(go|attend)/i,
    message: 'Asks which school the respondent attends, which can identify them.',
  },
  {
    category: 'personal_data',
    severity: 'blocker',
    pattern:
      /\b(instagram|snapchat|tiktok|twitter|discord|social\s+media)\s+(handle|username|account|name)\b|\b(user\s*name|handle)\b/i,
    message: 'Asks for a social media handle, which identifies the respondent.',
  },
  {
    category: 'personal_data',
    severity: 'blocker',
    pattern: /\b(date\s+of\s+birth|birth\s*date|birthday|when\s+were\s+you\s+born)\b/i,
    message: 'Asks for an exact birth date. Age bands come from the audience screener.',
  },
  {
    category: 'personal_data',
    severity: 'blocker',
    pattern:
      /\b(photo|picture|selfie|image)\s+of\s+(yourself|you)\b|\bupload\s+a\s+(photo|picture|selfie)\b/i,
    message: 'Asks for a photo, which identifies the respondent.',
  },
  {
    category: 'sensitive_topic',
    severity: 'warning',
    pattern: /\b(self[-\s]?harm|suicid\w*|kill\s+(yourself|myself)|cutting|end\s+(your|my)\s+life)\b/i,
    message:
      'Mentions self-harm or suicide. Keep it optional, word it gently and expect a safeguarding review.',
  },
  {
    category: 'sensitive_topic',
    severity: 'warning',
    pattern: /\b(sex|sexual\w*|porn\w*|nudes?|sexting)\b/i,
    message: 'Touches on sexual content. Only ask if it is essential to the research, and keep it optional.',
  },
  {
    category: 'sensitive_topic',
    severity: 'warning',
    pattern: /\b(drugs?|alcohol|drunk|weed|cannabis|marijuana|vap(e|ing)|smok(e|ing)|cigarettes?)\b/i,
    message:
      'Asks about drugs, alcohol or smoking. Make it optional and avoid asking about illegal acts in detail.',
  },
  {
    category: 'sensitive_topic',
    severity: 'warning',
    pattern: /\b(abuse[ds]?|assault\w*|violence|hit\s+you|hurt\s+you|neglect\w*)\b/i,
    message: 'Mentions abuse or violence. Keep it optional; answers will be screened for safeguarding.',
  },
  {
    category: 'age_inappropriate',
    severity: 'warning',
    pattern: /\b(gambl\w*|betting|casino|mortgage|credit\s+card|dating\s+app|tinder)\b/i,
    message: 'Refers to an adult-only activity. Reword it for 13–19 year-olds.',
  },
  {
    category: 'age_inappropriate',
    severity: 'warning',
    pattern: /\b(fuck\w*|shit\w*|bitch\w*|damn|crap)\b/i,
    message: 'Contains language that is not suitable for teen respondents.',
  },
];

const questionText = (q: Question) =>
  [q.title, q.description ?? '', ...q.options.map((o) => o.label), ...q.rows.map((r) => r.label)].join(
    ' \n ',
  );

/** The automated moderation pre-check: shown to the author before submitting and to the moderator. */
export function precheckSurvey(survey: {
  type: SurveyType;
  name: string;
  description: string | null;
  questions: Question[];
  audience: Audience | null;
  translations?: unknown;
}): PrecheckFlag[] {
  const flags: PrecheckFlag[] = [];
  for (const rule of rules) {
    if (rule.pattern.test(`${survey.name} \n ${survey.description ?? ''}`)) {
      flags.push({
        category: rule.category,
        severity: rule.severity,
        questionId: null,
        message: rule.message,
      });
    }
  }
  for (const question of survey.questions) {
    const text = questionText(question);
    for (const rule of rules) {
      if (rule.pattern.test(text)) {
        flags.push({
          category: rule.category,
          severity: rule.severity,
          questionId: question.id,
          message: rule.message,
        });
      }
    }
  }
  flags.push(...structureFlags(survey));
  flags.push(...translationPrecheckFlags(survey));
  return flags;
}

function structureFlags(survey: {
  type: SurveyType;
  questions: Question[];
  audience: Audience | null;
  translations?: unknown;
}): PrecheckFlag[] {
  const flags: PrecheckFlag[] = [];
  const structure = (
    message: string,
    questionId: string | null = null,
    severity: PrecheckFlag['severity'] = 'blocker',
  ) => flags.push({ category: 'structure', severity, questionId, message });

  if (survey.questions.length === 0) structure('Add at least one question.');
  if (survey.type === 'pulse_check' && countQuestions(survey.questions) > PULSE_CHECK_MAX_QUESTIONS) {
    structure(`A pulse check has at most ${PULSE_CHECK_MAX_QUESTIONS} questions.`);
  }
  if (!survey.audience) structure('Choose who should answer: set the audience.');
  else for (const problem of quotaProblems(survey.audience)) structure(problem);
  for (const problem of questionProblems(survey.questions)) structure(problem.message, problem.questionId);
  const seen = new Set<string>();
  for (const [index, question] of survey.questions.entries()) {
    for (const problem of emptyTextProblems(question, index)) structure(problem, question.id);
    const needsOptions = [
      'single_choice',
      'multiple_choice',
      'dropdown',
      'ranking',
      'likert_matrix',
    ].includes(question.type);
    if (needsOptions && question.options.length < 2)
      structure('Give this question at least two answer options.', question.id);
    if (question.type === 'likert_matrix' && question.rows.length < 1)
      structure('Add at least one statement to rate.', question.id);
    if (question.type === 'image_choice' && question.options.length < 2)
      structure('Give this question at least two images to choose from.', question.id);
    if (question.type === 'constant_sum' && question.options.length < 2)
      structure('Give this question at least two items to share the points among.', question.id);
    if (
      question.type === 'maxdiff' &&
      question.options.length < Math.max(4, (question.maxDiffSetSize ?? 4) + 1)
    )
      structure(
        `Give this MaxDiff at least ${Math.max(4, (question.maxDiffSetSize ?? 4) + 1)} items: one more than each set shows.`,
        question.id,
      );
    for (const problem of newTypePrecheckProblems(question, index)) structure(problem, question.id);
    seen.add(question.id);
  }
  for (const problem of logicProblems(survey.questions, survey.translations))
    structure(problem.message, problem.questionId, problem.severity);
  if (!survey.questions.some(isAnswerable) && survey.questions.length > 0)
    structure('Add at least one question that teens can answer; text blocks and page breaks take no answer.');
  return flags;
}

/**
 * Empty wording the builder leaves to fill in (a new question's text, its options and statements
 * start empty, with placeholders): each is named, so the author knows which field to write or remove.
 * The save refuses the same gaps (questionSchema); this says it again for a draft kept on a device.
 */
export function emptyTextProblems(question: Question, index: number): string[] {
  const name = `Question ${index + 1}`;
  const problems: string[] = [];
  if (!question.title.trim()) problems.push(`${name} has no wording yet. Write the question.`);
  const items = (list: readonly { label: string }[], noun: string) => {
    for (const [position, item] of list.entries())
      if (!item.label.trim())
        problems.push(`${name}: ${noun} ${position + 1} is empty. Write it or remove it.`);
  };
  items(question.options, question.type === 'likert_matrix' ? 'scale point' : 'answer option');
  items(question.rows, 'statement');
  return problems;
}

export interface QuestionProblem {
  questionId: string;
  /** 0-based position of the question. */
  index: number;
  /** Where in the question, as a path below it ('scale', 'options'). */
  field: string;
  message: string;
}

const scaleBoundsText = `A rating scale starts at ${RATING_SCALE_LOWEST} or 1 and goes up to at most ${RATING_SCALE_HIGHEST}, for example 1–5 or 0–10.`;

/**
 * Question structures that cannot be answered or counted, in the author's words, each naming the
 * question by its number. The save (API) and the pre-check both use this, so they refuse the same
 * structures with the same words. Display logic and option counts are checked separately.
 */
export function questionProblems(questions: readonly Question[]): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  const questionIds = new Set<string>();
  for (const [index, question] of questions.entries()) {
    const name = `Question ${index + 1}`;
    const add = (field: string, message: string) =>
      problems.push({ questionId: question.id, index, field, message });
    if (questionIds.has(question.id)) add('id', `${name} has the same id as another question.`);
    questionIds.add(question.id);
    const scale = question.scale;
    if (question.type === 'nps') {
      if (scale?.min !== 0 || scale.max !== 10) {
        add(
          'scale',
          `${name} is a Net Promoter Score, which always runs from 0 to 10. Set its scale to 0–10.`,
        );
      }
    } else if (question.type === 'rating') {
      if (!scale) {
        add('scale', `${name} is a rating scale without a scale. ${scaleBoundsText}`);
      } else if (scale.min >= scale.max) {
        add(
          'scale',
          `The scale of ${name.toLowerCase()} runs from ${scale.min} to ${scale.max}: the lowest point must be below the highest.`,
        );
      } else if ((scale.min !== RATING_SCALE_LOWEST && scale.min !== 1) || scale.max > RATING_SCALE_HIGHEST) {
        add(
          'scale',
          `The scale of ${name.toLowerCase()} runs from ${scale.min} to ${scale.max}, too wide to answer. ${scaleBoundsText}`,
        );
      }
    }
    for (const problem of newTypeStructureProblems(question, name)) add(problem.field, problem.message);
    const optionIds = new Set<string>();
    for (const option of question.options) {
      if (optionIds.has(option.id)) {
        add('options', `${name} has two answer options with the same id (${option.id.slice(0, 64)}).`);
        break;
      }
      optionIds.add(option.id);
    }
    const rowIds = new Set<string>();
    for (const row of question.rows) {
      if (rowIds.has(row.id)) {
        add('rows', `${name} has two statements with the same id (${row.id.slice(0, 64)}).`);
        break;
      }
      rowIds.add(row.id);
    }
  }
  return problems;
}

export const hasBlockers = (flags: PrecheckFlag[]) => flags.some((f) => f.severity === 'blocker');

const genderLabelOf = (value: string) => genderLabels[value as keyof typeof genderLabels] ?? value;
const regionLabelOf = (value: string) => regionLabels[value as keyof typeof regionLabels] ?? value;

const quotaAttributeLabels = { gender: 'gender', age: 'age', region: 'region' } as const;

/**
 * Why the quotas of an audience cannot work, in the author's words (none when they can). A quota is
 * a maximum share of the sample for one group: once that group's share is reached, further
 * respondents of the group are thanked and screened out. So the shares of one dimension can total
 * at most 100%, and every group must be one the audience can reach.
 */
export function quotaProblems(audience: Audience): string[] {
  const problems: string[] = [];
  const totals = new Map<string, number>();
  const seen = new Set<string>();
  const reachableRegions = new Set<string>(
    audience.states.length > 0
      ? audience.states.flatMap((s) => regionOfState[s.toUpperCase()] ?? [])
      : audience.regions.length > 0
        ? audience.regions
        : Object.keys(panelByRegion),
  );
  for (const quota of audience.quotas) {
    totals.set(quota.attribute, (totals.get(quota.attribute) ?? 0) + quota.percent);
    const key = `${quota.attribute}:${quota.value}`;
    if (seen.has(key)) {
      const group =
        quota.attribute === 'gender'
          ? genderLabelOf(quota.value)
          : quota.attribute === 'region'
            ? `the ${regionLabelOf(quota.value)}`
            : `${quota.value.slice(0, 20)} year-olds`;
      problems.push(`There are two quotas for ${group}. Keep one.`);
    }
    seen.add(key);
    if (quota.attribute === 'age') {
      const age = /^\d{2}$/.test(quota.value) ? Number(quota.value) : Number.NaN;
      if (!(age >= 13 && age <= 19)) {
        problems.push(`An age quota must be an age from 13 to 19, not ${quota.value.slice(0, 20)}.`);
      } else if (age < audience.ageMin || age > audience.ageMax) {
        problems.push(
          `The quota for ${age} year-olds is outside the audience, which is ${audience.ageMin}–${audience.ageMax}.`,
        );
      }
    } else if (quota.attribute === 'gender') {
      if (!(genderValues as readonly string[]).includes(quota.value)) {
        problems.push(
          `A gender quota must be one of the genders in the screener, not ${quota.value.slice(0, 20)}.`,
        );
      } else if (audience.genders.length > 0 && !(audience.genders as string[]).includes(quota.value)) {
        problems.push(
          `The quota for ${genderLabelOf(quota.value)} is for a gender your audience does not include.`,
        );
      }
    } else if (quota.attribute === 'region') {
      if (!(quota.value in panelByRegion)) {
        problems.push(`A region quota must be one of the four US regions, not ${quota.value.slice(0, 20)}.`);
      } else if (!reachableRegions.has(quota.value)) {
        problems.push(
          `The quota for the ${regionLabelOf(quota.value)} is for a region your audience does not include.`,
        );
      }
    }
  }
  for (const [attribute, total] of totals) {
    if (total > 100) {
      problems.push(
        `Quotas for ${quotaAttributeLabels[attribute as keyof typeof quotaAttributeLabels]} add up to ${total}%. Together they can be at most 100%.`,
      );
    }
  }
  return problems;
}

/** Teens aged 13–19 on the panel, by US region (our panel's size; used for feasibility). */
const panelByRegion = { northeast: 21_000, midwest: 26_000, south: 46_000, west: 30_000 } as const;
const regionOfState: Record<string, keyof typeof panelByRegion> = {};
for (const [region, states] of Object.entries(statesByRegion)) {
  for (const state of states) regionOfState[state] = region as keyof typeof panelByRegion;
}

/**
 * How many of the matching panel members are likely to answer within the field period: about one in
 * eight. The builder's estimate and its warning both use this one figure.
 */
export const likelyRespondents = (reachable: number) => Math.floor(reachable / 8);

/**
 * Feasibility and price of an audience: how many panel members match, and what the sample costs.
 * Deterministic, so the author and the moderator see the same figures.
 */
export function estimateAudience(audience: Audience, questionCount: number): Estimate {
  const warnings: string[] = [];
  let base = 0;
  if (audience.states.length > 0) {
    for (const state of audience.states) {
      const region = regionOfState[state];
      if (region) base += panelByRegion[region] / statesByRegion[region].length;
    }
  } else if (audience.regions.length > 0) {
    for (const region of audience.regions) base += panelByRegion[region];
  } else {
    base = Object.values(panelByRegion).reduce((a, b) => a + b, 0);
  }
  const ageShare = (audience.ageMax - audience.ageMin + 1) / 7;
  const genderShare = audience.genders.length === 0 ? 1 : Math.min(1, audience.genders.length * 0.49);
  const reachable = Math.floor(base * ageShare * genderShare);
  const responders = likelyRespondents(reachable);
  const feasible = responders >= audience.sampleSize;
  if (!feasible)
    warnings.push(
      `Only about ${responders.toLocaleString('en-US')} teens in this audience are likely to answer, fewer than the ${audience.sampleSize.toLocaleString('en-US')} responses you asked for; widen the audience or lower the sample size.`,
    );
  if (audience.ageMin < 16 && audience.ageMax >= 16) {
    warnings.push('Under-16s need parental consent in some states; fieldwork may take a little longer.');
  }
  const lengthFactor = 1 + Math.max(0, questionCount - 10) * 0.04;
  const targeting =
    (audience.states.length > 0 ? 1.25 : audience.regions.length > 0 ? 1.1 : 1) *
    (audience.quotas.length > 0 ? 1.1 : 1);
  const priceUsd = Math.round(audience.sampleSize * 3.5 * lengthFactor * targeting);
  const fieldDays = Math.max(3, Math.ceil((audience.sampleSize / Math.max(1, responders)) * 10));
  return { feasible, reachable, priceUsd, fieldDays: Math.min(fieldDays, 30), warnings };
}

/** Checks one answer against its question; a message for the respondent, or null when it is fine. */
export function answerProblem(question: Question, answer: AnswerLike): string | null {
  if (!isAnswerable(question)) return null;
  const missing =
    answer === undefined ||
    answer === null ||
    answer === '' ||
    (Array.isArray(answer) && answer.length === 0) ||
    (typeof answer === 'object' && !Array.isArray(answer) && Object.keys(answer).length === 0);
  if (missing) return question.required ? 'Please answer this question.' : null;
  const optionIds = new Set(question.options.map((o) => o.id));
  switch (question.type) {
    case 'single_choice':
    case 'dropdown':
      return typeof answer === 'string' && optionIds.has(answer) ? null : 'Choose one of the options.';
    case 'multiple_choice': {
      if (!(Array.isArray(answer) && answer.every((id) => optionIds.has(id))))
        return 'Choose from the options.';
      const exclusive = question.options.find((o) => o.exclusive && answer.includes(o.id));
      if (exclusive && answer.length > 1)
        return `“${exclusive.label}” cannot be combined with other answers. Choose it on its own, or the others without it.`;
      if (exclusive) return null;
      const min = question.minSelections ?? null;
      const max = question.maxSelections ?? null;
      if (min !== null && answer.length < min)
        return min === 1 ? 'Choose at least one option.' : `Choose at least ${min} options.`;
      if (max !== null && answer.length > max)
        return max === 1 ? 'Choose only one option.' : `Choose at most ${max} options.`;
      return null;
    }
    case 'ranking':
      return Array.isArray(answer) &&
        answer.length === optionIds.size &&
        answer.every((id) => optionIds.has(id))
        ? null
        : 'Put every option in order.';
    case 'likert_matrix': {
      if (typeof answer !== 'object' || Array.isArray(answer)) return 'Answer each statement.';
      const rows = question.rows.map((r) => r.id);
      const entries = answer as Record<string, string>;
      if (question.required && rows.some((r) => !entries[r])) return 'Answer each statement.';
      return Object.entries(entries).every(([row, column]) => rows.includes(row) && optionIds.has(column))
        ? null
        : 'Answer each statement.';
    }
    case 'rating':
    case 'nps':
    case 'number': {
      const n = typeof answer === 'number' ? answer : Number(answer);
      if (!Number.isFinite(n)) return 'Enter a number.';
      const scale = question.scale ?? (question.type === 'nps' ? { min: 0, max: 10 } : null);
      if (scale && (n < scale.min || n > scale.max))
        return `Choose a number from ${scale.min} to ${scale.max}.`;
      return null;
    }
    case 'yes_no':
      return typeof answer === 'boolean' || answer === 'yes' || answer === 'no' ? null : 'Choose yes or no.';
    case 'short_text':
      return typeof answer === 'string' && answer.length <= 500 ? null : 'Keep it under 500 characters.';
    case 'long_text':
      return typeof answer === 'string' && answer.length <= 5000 ? null : 'Keep it under 5,000 characters.';
    default:
      // The types of decision 048 (slider, date, image choice, constant sum, MaxDiff).
      return newTypeAnswerProblem(question, answer, answerProblem);
  }
}

/**
 * The 'Other, please specify' text of an answer: required when the 'other' option is chosen, at most
 * 200 characters; a message for the respondent, or null when it is fine.
 */
export function otherTextProblem(question: Question, answer: AnswerLike, text: AnswerLike): string | null {
  const other = question.options.find((o) => o.other);
  if (!other) return text === undefined ? null : 'Choose “Other” to add your own answer.';
  const chosen = Array.isArray(answer) ? answer.includes(other.id) : answer === other.id;
  if (!chosen) return text === undefined || text === '' ? null : 'Choose “Other” to add your own answer.';
  if (typeof text !== 'string' || text.trim() === '') return `Tell us what “${other.label}” means for you.`;
  return text.length > OTHER_TEXT_MAX ? `Keep it under ${OTHER_TEXT_MAX} characters.` : null;
}

/** The US region of a two-letter state code, or null for an unknown code. */
export const regionOf = (state: string) => regionOfState[state.toUpperCase()] ?? null;

/** The length a respondent is told on the assent screen: about 25 seconds a question, at least a minute. */
export const respondentMinutes = (questionCount: number) => Math.max(1, Math.round(questionCount * 0.4));

/**
 * Whether a teen's screener answers fit an audience (the screener of the live survey and of the
 * builder's preview; mirrors the server's check).
 */
export function screenerOutcome(
  audience: Pick<Audience, 'ageMin' | 'ageMax' | 'genders' | 'states' | 'regions'> | null,
  screener: { age: number; gender: string; state: string },
): 'eligible' | 'screened_out' {
  if (!audience) return 'eligible';
  const region = regionOf(screener.state);
  if (!region) return 'screened_out';
  if (screener.age < audience.ageMin || screener.age > audience.ageMax) return 'screened_out';
  if (audience.genders.length > 0 && !(audience.genders as string[]).includes(screener.gender))
    return 'screened_out';
  if (audience.states.length > 0 && !audience.states.includes(screener.state.toUpperCase()))
    return 'screened_out';
  if (audience.regions.length > 0 && !audience.regions.includes(region)) return 'screened_out';
  return 'eligible';
}
