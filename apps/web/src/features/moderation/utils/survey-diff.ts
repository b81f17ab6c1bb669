import {
  type Audience,
  branchingInWords,
  type ChoiceOption,
  conditionGroupOf,
  displayLogicInWords,
  genderLabels,
  newTypeRulesInWords,
  pipingInWords,
  type Question,
  questionTypeLabels,
  quotaInWords,
  type ReviewedSurvey,
  regionLabels,
  type TranslatableText,
  translatableTexts,
} from '@tv/contract';

export type ChangeKind = 'added' | 'removed' | 'changed';

/** One difference between the version last reviewed and the one submitted now. */
export interface SurveyChange {
  kind: ChangeKind;
  /** Where: 'Name', 'Question 3', 'Audience', … */
  area: string;
  /** What, in a sentence. */
  summary: string;
  /** The single differences inside a changed question or the audience. */
  details: string[];
}

const quoted = (text: string | null | undefined) => (text?.trim() ? `“${text.trim()}”` : 'nothing');

function optionChanges(noun: string, before: readonly ChoiceOption[], after: readonly ChoiceOption[]) {
  const details: string[] = [];
  const beforeById = new Map(before.map((o) => [o.id, o]));
  const afterById = new Map(after.map((o) => [o.id, o]));
  for (const option of after) {
    const old = beforeById.get(option.id);
    if (!old) details.push(`${noun} added: ${quoted(option.label)}`);
    else if (old.label !== option.label)
      details.push(`${noun} reworded: ${quoted(old.label)} → ${quoted(option.label)}`);
    else if (Boolean(old.exclusive) !== Boolean(option.exclusive))
      details.push(
        `${noun} ${quoted(option.label)} ${option.exclusive ? 'now clears the other choices' : 'no longer clears the other choices'}`,
      );
    else if (Boolean(old.other) !== Boolean(option.other))
      details.push(
        `${noun} ${quoted(option.label)} ${option.other ? 'now asks for the respondent’s own words' : 'no longer asks for the respondent’s own words'}`,
      );
  }
  for (const option of before) {
    if (!afterById.has(option.id)) details.push(`${noun} removed: ${quoted(option.label)}`);
  }
  const keptBefore = before.filter((o) => afterById.has(o.id)).map((o) => o.id);
  const keptAfter = after.filter((o) => beforeById.has(o.id)).map((o) => o.id);
  if (keptBefore.join('\n') !== keptAfter.join('\n')) details.push(`${noun}s reordered`);
  return details;
}

const scaleInWords = (scale: Question['scale']) =>
  scale
    ? `${scale.min}${scale.minLabel ? ` (${scale.minLabel})` : ''} to ${scale.max}${scale.maxLabel ? ` (${scale.maxLabel})` : ''}`
    : 'no scale';

/**
 * A rule reduced to what it does: question and option ids, the comparison and the value as text, in a
 * fixed key order. Two rules that do the same compare equal, however they were stored (jsonb reorders
 * keys, a number may come back as text, an old single condition is a group of one), and a rule does
 * not 'change' because the question it names was reworded or moved.
 */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] != null)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]);
  return value == null ? null : String(value);
};
// Typed by shape, so nested groups (a group among the conditions) compare the same way.
const groupKey = (group: { match?: string; conditions: readonly unknown[] } | null | undefined) =>
  group && group.conditions.length > 0
    ? JSON.stringify(canonical({ ...group, match: group.match === 'any' ? 'any' : 'all' }))
    : '';
const displayLogicKey = (question: Question) => groupKey(conditionGroupOf(question.displayLogic));
const branchingKey = (question: Question) =>
  JSON.stringify([
    (question.skipLogic ?? []).map((rule) => [groupKey(conditionGroupOf(rule.when)), rule.to]),
    groupKey(conditionGroupOf(question.screenOut)),
  ]);

function questionChanges(
  before: Question,
  after: Question,
  beforeAll: readonly Question[],
  afterAll: readonly Question[],
) {
  const details: string[] = [];
  const read = (text: string | null, all: readonly Question[]) => quoted(text && pipingInWords(text, all));
  if (before.title !== after.title)
    details.push(`Question reworded: ${read(before.title, beforeAll)} → ${read(after.title, afterAll)}`);
  if ((before.description ?? '') !== (after.description ?? ''))
    details.push(`Help text: ${read(before.description, beforeAll)} → ${read(after.description, afterAll)}`);
  if (before.type !== after.type)
    details.push(`Type: ${questionTypeLabels[before.type]} → ${questionTypeLabels[after.type]}`);
  if (before.required !== after.required) details.push(after.required ? 'Now required' : 'Now optional');
  if (before.randomizeOptions !== after.randomizeOptions)
    details.push(after.randomizeOptions ? 'Options now shuffled' : 'Options no longer shuffled');
  details.push(...optionChanges('Option', before.options, after.options));
  details.push(...optionChanges('Statement', before.rows, after.rows));
  if (scaleInWords(before.scale) !== scaleInWords(after.scale))
    details.push(`Scale: ${scaleInWords(before.scale)} → ${scaleInWords(after.scale)}`);
  if (displayLogicKey(before) !== displayLogicKey(after)) {
    const logicBefore = displayLogicInWords(before.displayLogic, beforeAll) ?? 'Shown to everyone.';
    const logicAfter = displayLogicInWords(after.displayLogic, afterAll) ?? 'Shown to everyone.';
    details.push(`Display logic: ${logicBefore} → ${logicAfter}`);
  }
  if (branchingKey(before) !== branchingKey(after)) {
    const branchBefore = branchingInWords(before, beforeAll).join(' ') || 'No skip or screen-out.';
    const branchAfter = branchingInWords(after, afterAll).join(' ') || 'No skip or screen-out.';
    details.push(`Skips and screen-out: ${branchBefore} → ${branchAfter}`);
  }
  const limits = (q: Question) => `${q.minSelections ?? '–'} to ${q.maxSelections ?? '–'} selections`;
  if (limits(before) !== limits(after)) details.push(`Selections: ${limits(before)} → ${limits(after)}`);
  if (Boolean(before.randomizeQuestions) !== Boolean(after.randomizeQuestions))
    details.push(after.randomizeQuestions ? 'Page now shuffled' : 'Page no longer shuffled');
  // The settings of the question types of decision 048, in the words the review states them.
  const settings = (q: Question) => newTypeRulesInWords(q).join(' ');
  if (settings(before) !== settings(after))
    details.push(`Settings: ${settings(before) || 'none'} → ${settings(after) || 'none'}`);
  const pictures = (q: Question) =>
    q.options.flatMap((o) => (o.image ? [`${o.id} ${o.image.url}`] : [])).join('\n');
  if (pictures(before) !== pictures(after)) details.push('Pictures changed');
  return details;
}

const spanishFieldNames: Record<TranslatableText['field'], string> = {
  name: 'Survey name',
  description: 'Description',
  title: 'text',
  questionDescription: 'help text',
  option: 'answer option',
  row: 'statement',
  minLabel: 'lowest point label',
  maxLabel: 'highest point label',
};

/**
 * The Spanish version's texts that were added, changed or removed, each named by its place in the
 * survey as it is now ('Question 2, answer option “Soccer”').
 */
function spanishChanges(before: ReviewedSurvey, after: ReviewedSurvey): string[] {
  // Reviews before the snapshot kept the Spanish version have nothing to compare with.
  if (before.translations === undefined)
    return translatableTexts(after, after.translations, 'es').some((text) => text.translated !== null)
      ? [
          'The last review did not keep the Spanish version, so its texts cannot be compared: check them in the Spanish version below.',
        ]
      : [];
  const numbers = new Map(after.questions.map((q, index) => [q.id, index + 1]));
  const oldTexts = new Map(
    translatableTexts(before, before.translations, 'es').map((text) => [text.key, text.translated]),
  );
  const place = (text: TranslatableText) => {
    if (!text.questionId) return spanishFieldNames[text.field];
    const question = `Question ${numbers.get(text.questionId)}`;
    if (text.field === 'title') return question;
    const item = text.field === 'option' || text.field === 'row' ? ` ${quoted(text.english)}` : '';
    return `${question}, ${spanishFieldNames[text.field]}${item}`;
  };
  const details: string[] = [];
  const spanish = (text: string, all: readonly Question[]) => quoted(pipingInWords(text, all, 'es'));
  for (const text of translatableTexts(after, after.translations, 'es')) {
    const old = oldTexts.get(text.key) ?? null;
    if (old === text.translated) continue;
    if (old === null)
      details.push(`${place(text)} translated: ${spanish(text.translated!, after.questions)}`);
    else if (text.translated === null)
      details.push(`${place(text)}: Spanish removed (was ${spanish(old, before.questions)})`);
    else
      details.push(
        `${place(text)}: ${spanish(old, before.questions)} → ${spanish(text.translated, after.questions)}`,
      );
  }
  return details;
}

const places = (audience: Audience) =>
  audience.states.length
    ? audience.states.join(', ')
    : audience.regions.length
      ? audience.regions.map((r) => regionLabels[r]).join(', ')
      : 'the whole US';

function audienceChanges(before: Audience | null, after: Audience | null): string[] {
  if (!before && !after) return [];
  if (!before) return ['An audience was set'];
  if (!after) return ['The audience was removed'];
  const details: string[] = [];
  if (before.ageMin !== after.ageMin || before.ageMax !== after.ageMax)
    details.push(`Ages: ${before.ageMin}–${before.ageMax} → ${after.ageMin}–${after.ageMax}`);
  const genders = (a: Audience) =>
    a.genders.length ? a.genders.map((g) => genderLabels[g]).join(', ') : 'all genders';
  if (genders(before) !== genders(after)) details.push(`Genders: ${genders(before)} → ${genders(after)}`);
  if (places(before) !== places(after)) details.push(`Places: ${places(before)} → ${places(after)}`);
  if (before.sampleSize !== after.sampleSize)
    details.push(
      `Sample size: ${before.sampleSize.toLocaleString('en-US')} → ${after.sampleSize.toLocaleString('en-US')}`,
    );
  const quotaKey = (q: Audience['quotas'][number]) => `${q.attribute}:${q.value}`;
  const beforeQuotas = new Map(before.quotas.map((q) => [quotaKey(q), q]));
  const afterQuotas = new Map(after.quotas.map((q) => [quotaKey(q), q]));
  for (const [key, quota] of afterQuotas) {
    const old = beforeQuotas.get(key);
    if (!old) details.push(`Quota added: ${quotaInWords(quota)}`);
    else if (old.percent !== quota.percent)
      details.push(`Quota changed: ${quotaInWords(old)} → ${quota.percent}%`);
  }
  for (const [key, quota] of beforeQuotas) {
    if (!afterQuotas.has(key)) details.push(`Quota removed: ${quotaInWords(quota)}`);
  }
  if (Boolean(before.allowRepeatResponses) !== Boolean(after.allowRepeatResponses))
    details.push(
      after.allowRepeatResponses
        ? 'Repeat responses from one device now allowed'
        : 'Now one response per device',
    );
  return details;
}

/**
 * What changed between the version a moderator last reviewed and the one submitted now: the name and
 * description, questions added, removed, changed or moved (wording, options, scale, display logic,
 * skips and screen-outs, shuffling, limits), the Spanish version's texts, and the audience (ages,
 * genders, places, sample size, quotas). Rules are compared by what they do, not by how they read.
 * Empty when nothing changed.
 */
export function diffReviewedSurvey(before: ReviewedSurvey, after: ReviewedSurvey): SurveyChange[] {
  const changes: SurveyChange[] = [];
  if (before.name !== after.name)
    changes.push({
      kind: 'changed',
      area: 'Name',
      summary: `${quoted(before.name)} → ${quoted(after.name)}`,
      details: [],
    });
  if ((before.description ?? '') !== (after.description ?? ''))
    changes.push({
      kind: 'changed',
      area: 'Description',
      summary: `${quoted(before.description)} → ${quoted(after.description)}`,
      details: [],
    });

  const beforeIndex = new Map(before.questions.map((q, i) => [q.id, i]));
  const afterIds = new Set(after.questions.map((q) => q.id));
  for (const [index, question] of after.questions.entries()) {
    const oldIndex = beforeIndex.get(question.id);
    const area = `Question ${index + 1}`;
    if (oldIndex === undefined) {
      changes.push({
        kind: 'added',
        area,
        summary: `Added: ${quoted(pipingInWords(question.title, after.questions))}`,
        details: [],
      });
      continue;
    }
    const old = before.questions[oldIndex]!;
    const details = questionChanges(old, question, before.questions, after.questions);
    const moved = oldIndex !== index;
    if (details.length > 0 || moved) {
      changes.push({
        kind: 'changed',
        area,
        summary: moved ? `${quoted(question.title)} (was question ${oldIndex + 1})` : quoted(question.title),
        details,
      });
    }
  }
  for (const [index, question] of before.questions.entries()) {
    if (!afterIds.has(question.id)) {
      changes.push({
        kind: 'removed',
        area: `Earlier question ${index + 1}`,
        summary: `Removed: ${quoted(question.title)}`,
        details: [],
      });
    }
  }

  const spanish = spanishChanges(before, after);
  if (spanish.length > 0) {
    changes.push({
      kind: 'changed',
      area: 'Spanish version',
      summary:
        before.translations === undefined
          ? 'Not compared'
          : `${spanish.length} ${spanish.length === 1 ? 'text' : 'texts'} changed`,
      details: spanish,
    });
  }

  const audience = audienceChanges(before.audience, after.audience);
  if (audience.length > 0) {
    changes.push({
      kind: before.audience ? (after.audience ? 'changed' : 'removed') : 'added',
      area: 'Audience',
      summary: 'Audience changed',
      details: audience,
    });
  }
  return changes;
}
