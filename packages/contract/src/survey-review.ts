import { conditionGroupOf } from './survey-logic';
import {
  type Audience,
  type Condition,
  type ConditionGroup,
  genderLabels,
  type Question,
  regionLabels,
} from './surveys';

/**
 * What a moderator approves, in words: each question's display logic, the quotas and the screener.
 * The builder, the moderation screen and the admin screen say the same thing about the same survey.
 */

const quoted = (text: string) => `“${text}”`;

/** A condition's comparison in words: 'is', 'is at least'… (the builder's condition menus say the same). */
export const conditionVerbs: Record<Condition['operator'], string> = {
  equals: 'is',
  not_equals: 'is not',
  includes: 'includes',
  at_least: 'is at least',
  at_most: 'is at most',
};

/** The answer a condition compares with, by its option label where it names an option. */
function logicValueInWords(source: Question | undefined, value: string | number): string {
  if (source?.type === 'yes_no') {
    if (value === 'yes' || value === 'true') return quoted('Yes');
    if (value === 'no' || value === 'false') return quoted('No');
  }
  const option = source?.options.find((o) => o.id === String(value));
  if (option) return quoted(option.label);
  return typeof value === 'number' ? String(value) : quoted(value);
}

/** One condition in words: 'the answer to question 1 (“Do you play a sport?”) is “Yes”'. */
export function conditionInWords(condition: Condition, questions: readonly Question[]): string {
  const index = questions.findIndex((q) => q.id === condition.questionId);
  const source = index >= 0 ? questions[index] : undefined;
  const subject = source
    ? `the answer to question ${index + 1} (${quoted(source.title)})`
    : 'the answer to a question that is no longer in the survey';
  return `${subject} ${conditionVerbs[condition.operator]} ${logicValueInWords(source, condition.value)}`;
}

/** Conditions joined by 'and' (all must hold) or 'or' (any may hold). */
export function conditionGroupInWords(group: ConditionGroup, questions: readonly Question[]): string {
  const parts = group.conditions.map((condition) => conditionInWords(condition, questions));
  return parts.join(group.match === 'any' ? ', or ' : ', and ');
}

/**
 * A question's display logic as a sentence, e.g. 'Shown only when the answer to question 1 (“Do you
 * play a sport?”) is “Yes”.'; null for a question everyone sees.
 */
export function displayLogicInWords(logic: unknown, questions: readonly Question[]): string | null {
  const group = conditionGroupOf(logic);
  if (!group) return null;
  return `Shown only when ${conditionGroupInWords(group, questions)}.`;
}

/** A question's skip rules and screen-out as sentences, for the moderator and the printable copy. */
export function branchingInWords(question: Question, questions: readonly Question[]): string[] {
  const sentences: string[] = [];
  for (const rule of question.skipLogic ?? []) {
    const index = questions.findIndex((q) => q.id === rule.to);
    const target =
      rule.to === 'end'
        ? 'the end of the survey'
        : index >= 0
          ? `question ${index + 1} (${quoted(questions[index]!.title)})`
          : 'an item that is no longer in the survey';
    sentences.push(`When ${conditionGroupInWords(rule.when, questions)}, skip to ${target}.`);
  }
  if (question.screenOut)
    sentences.push(
      `When ${conditionGroupInWords(question.screenOut, questions)}, the respondent is thanked and screened out.`,
    );
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
