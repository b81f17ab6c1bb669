import {
  type Condition,
  type ConditionGroup,
  type ConditionSubgroup,
  isAnswerable,
  type LogicOperator,
  listOperators,
  operatorsFor,
  type Question,
  valuelessOperators,
} from '@tv/contract';

/** A question a condition can look at, with its place in the survey. */
export interface Source {
  question: Question;
  index: number;
}

const numberTypes: readonly string[] = ['rating', 'nps', 'number', 'slider'];
export const isNumberSource = (source: Question) => numberTypes.includes(source.type);
export const isTextSource = (source: Question) => source.type === 'short_text' || source.type === 'long_text';

/** The answers a condition on a choice or yes/no question picks from; null for other types. */
export function valueChoices(source: Question): { value: string; label: string }[] | null {
  if (source.type === 'yes_no')
    return [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ];
  if (['single_choice', 'multiple_choice', 'dropdown', 'image_choice'].includes(source.type))
    return source.options.map((option) => ({ value: option.id, label: option.label || 'Untitled option' }));
  return null;
}

const lowest = (source: Question) => source.scale?.min ?? 0;

/** A condition on `source` with the given operator, keeping what it can of the condition it replaces. */
export function withOperator(source: Question, operator: LogicOperator, previous?: Condition): Condition {
  const base = { questionId: source.id, operator };
  if (valuelessOperators.includes(operator)) return base;
  const choices = valueChoices(source);
  const before = previous?.questionId === source.id ? previous.value : undefined;
  const single = Array.isArray(before) ? before[0] : before;
  if (listOperators.includes(operator)) {
    const list = Array.isArray(before) ? before : single !== undefined ? [String(single)] : [];
    const known = list.filter((id) => choices?.some((c) => c.value === id));
    return { ...base, value: known.length ? known : choices?.[0] ? [choices[0].value] : [] };
  }
  if (choices) {
    const keep = single !== undefined && choices.some((c) => c.value === String(single));
    return { ...base, value: keep ? String(single) : (choices[0]?.value ?? '') };
  }
  if (isNumberSource(source)) {
    const n = typeof single === 'number' ? single : Number(single);
    const value = single !== undefined && single !== '' && Number.isFinite(n) ? n : lowest(source);
    if (operator !== 'between') return { ...base, value };
    const top = previous?.max ?? source.scale?.max ?? value;
    return { ...base, value, max: Math.max(top, value) };
  }
  return { ...base, value: typeof single === 'string' ? single : '' };
}

/** The first condition a new rule or group gets on a question: its first operator. */
export const conditionOn = (source: Question): Condition =>
  withOperator(source, operatorsFor(source.type)[0] ?? 'answered');

/** The questions a condition can look at: answerable ones with operators for their type. */
export function conditionSources(questions: readonly Question[], upTo: number): Source[] {
  return questions
    .slice(0, Math.max(0, upTo))
    .map((question, index) => ({ question, index }))
    .filter(({ question }) => isAnswerable(question) && operatorsFor(question.type).length > 0);
}

export const groupOn = (source: Question): ConditionGroup => ({
  match: 'all',
  conditions: [conditionOn(source)],
});

/**
 * A new group inside a rule: it joins its conditions the other way from the rule, which is what a
 * group is for ('A and (B or C)'), and starts with one condition.
 */
export const subgroupOn = (source: Question, parent: ConditionGroup['match']): ConditionSubgroup => ({
  match: parent === 'all' ? 'any' : 'all',
  conditions: [conditionOn(source)],
});

/** What is wrong with a condition's value as the author typed it, in their words; null when fine. */
export function conditionValueProblem(condition: Condition, source: Question): string | null {
  if (valuelessOperators.includes(condition.operator)) return null;
  if (listOperators.includes(condition.operator))
    return Array.isArray(condition.value) && condition.value.length > 0 ? null : 'Choose at least one answer';
  if (condition.operator === 'between') {
    const low = Number(condition.value);
    if (typeof condition.max === 'number' && low > condition.max)
      return `The range runs from ${low} to ${condition.max}: put the smaller number first`;
  }
  if (isTextSource(source) && String(condition.value ?? '').trim() === '')
    return 'Write the words to look for';
  return null;
}
