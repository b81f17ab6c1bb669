import {
  type Audience,
  branchingInWords,
  type ChoiceOption,
  displayLogicInWords,
  genderLabels,
  type Question,
  questionTypeLabels,
  quotaInWords,
  type ReviewedSurvey,
  regionLabels,
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

function questionChanges(
  before: Question,
  after: Question,
  beforeAll: readonly Question[],
  afterAll: readonly Question[],
) {
  const details: string[] = [];
  if (before.title !== after.title)
    details.push(`Question reworded: ${quoted(before.title)} → ${quoted(after.title)}`);
  if ((before.description ?? '') !== (after.description ?? ''))
    details.push(`Help text: ${quoted(before.description)} → ${quoted(after.description)}`);
  if (before.type !== after.type)
    details.push(`Type: ${questionTypeLabels[before.type]} → ${questionTypeLabels[after.type]}`);
  if (before.required !== after.required) details.push(after.required ? 'Now required' : 'Now optional');
  if (before.randomizeOptions !== after.randomizeOptions)
    details.push(after.randomizeOptions ? 'Options now shuffled' : 'Options no longer shuffled');
  details.push(...optionChanges('Option', before.options, after.options));
  details.push(...optionChanges('Statement', before.rows, after.rows));
  if (scaleInWords(before.scale) !== scaleInWords(after.scale))
    details.push(`Scale: ${scaleInWords(before.scale)} → ${scaleInWords(after.scale)}`);
  const logicBefore = displayLogicInWords(before.displayLogic, beforeAll) ?? 'Shown to everyone.';
  const logicAfter = displayLogicInWords(after.displayLogic, afterAll) ?? 'Shown to everyone.';
  if (logicBefore !== logicAfter) details.push(`Display logic: ${logicBefore} → ${logicAfter}`);
  const branchBefore = branchingInWords(before, beforeAll).join(' ') || 'No skip or screen-out.';
  const branchAfter = branchingInWords(after, afterAll).join(' ') || 'No skip or screen-out.';
  if (branchBefore !== branchAfter) details.push(`Skips and screen-out: ${branchBefore} → ${branchAfter}`);
  const limits = (q: Question) => `${q.minSelections ?? '–'} to ${q.maxSelections ?? '–'} selections`;
  if (limits(before) !== limits(after)) details.push(`Selections: ${limits(before)} → ${limits(after)}`);
  if (Boolean(before.randomizeQuestions) !== Boolean(after.randomizeQuestions))
    details.push(after.randomizeQuestions ? 'Page now shuffled' : 'Page no longer shuffled');
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
 * description, questions added, removed, changed or moved (wording, options, scale, display logic),
 * and the audience (ages, genders, places, sample size, quotas). Empty when nothing changed.
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
      changes.push({ kind: 'added', area, summary: `Added: ${quoted(question.title)}`, details: [] });
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
