import {
  ActionIcon,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconQuote, IconTrash } from '@tabler/icons-react';
import {
  type Condition,
  type ConditionGroup,
  isAnswerable,
  operatorsFor,
  pipeToken,
  type Question,
  type SkipRule,
} from '@tv/contract';
import { operatorLabel, questionLabel } from '../utils/questions';
import { defaultSkipTarget, skipTargetProblem, skipTargets } from '../utils/skip-targets';

interface Source {
  question: Question;
  index: number;
}

function valueChoices(source: Question): { value: string; label: string }[] | null {
  if (source.type === 'yes_no')
    return [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ];
  if (['single_choice', 'multiple_choice', 'dropdown'].includes(source.type))
    return source.options.map((option) => ({ value: option.id, label: option.label || 'Untitled option' }));
  return null;
}

function firstValue(source: Question): string | number {
  const choices = valueChoices(source);
  if (choices) return choices[0]?.value ?? '';
  if (source.type === 'rating' || source.type === 'nps' || source.type === 'number')
    return source.scale?.min ?? 0;
  return '';
}

const conditionOn = (source: Question): Condition => ({
  questionId: source.id,
  operator: operatorsFor(source.type)[0] ?? 'equals',
  value: firstValue(source),
});

/** The questions a condition can look at: answerable ones with a comparable answer. */
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

function ConditionRow({
  condition,
  sources,
  readOnly,
  position,
  onChange,
  onRemove,
}: {
  condition: Condition;
  sources: readonly Source[];
  readOnly: boolean;
  position: number;
  onChange: (condition: Condition) => void;
  onRemove: (() => void) | null;
}) {
  const source = sources.find(({ question }) => question.id === condition.questionId)?.question;
  const choices = source ? valueChoices(source) : null;
  const valueIsKnown = !choices || choices.some((choice) => choice.value === String(condition.value));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="logic-condition">
      <Select
        label={`Question (condition ${position})`}
        style={{ flex: '2 1 200px' }}
        data={sources.map(({ question, index }) => ({
          value: question.id,
          label: questionLabel(question, index),
        }))}
        value={source ? condition.questionId : null}
        allowDeselect={false}
        readOnly={readOnly}
        error={source ? null : 'Choose an earlier question'}
        onChange={(id) => {
          const next = sources.find(({ question }) => question.id === id)?.question;
          if (next) onChange(conditionOn(next));
        }}
      />
      {source ? (
        <Select
          label="Condition"
          style={{ flex: '1 1 130px' }}
          data={operatorsFor(source.type).map((operator) => ({
            value: operator,
            label: operatorLabel(operator, source.type),
          }))}
          value={condition.operator}
          allowDeselect={false}
          readOnly={readOnly}
          onChange={(operator) =>
            operator && onChange({ ...condition, operator: operator as Condition['operator'] })
          }
        />
      ) : null}
      {source && choices ? (
        <Select
          label="Answer"
          style={{ flex: '2 1 160px' }}
          data={choices}
          value={valueIsKnown ? String(condition.value) : null}
          allowDeselect={false}
          readOnly={readOnly}
          error={valueIsKnown ? null : 'That answer option no longer exists: choose another'}
          onChange={(value) => value !== null && onChange({ ...condition, value })}
        />
      ) : null}
      {source && !choices && ['rating', 'nps', 'number'].includes(source.type) ? (
        <NumberInput
          label="Number"
          style={{ flex: '1 1 110px' }}
          value={typeof condition.value === 'number' ? condition.value : Number(condition.value) || 0}
          allowDecimal={false}
          readOnly={readOnly}
          onChange={(value) => typeof value === 'number' && onChange({ ...condition, value })}
        />
      ) : null}
      {source && !choices && ['short_text', 'long_text'].includes(source.type) ? (
        <TextInput
          label="Text"
          style={{ flex: '2 1 160px' }}
          value={String(condition.value)}
          readOnly={readOnly}
          error={String(condition.value).trim() ? null : 'Write the words to look for'}
          onChange={(event) => onChange({ ...condition, value: event.currentTarget.value })}
        />
      ) : null}
      {onRemove && !readOnly ? (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mb={2}
          aria-label={`Remove condition ${position}`}
          onClick={onRemove}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/** Conditions joined by AND (all must hold) or OR (any may hold). */
export function ConditionGroupEditor({
  group,
  sources,
  readOnly,
  onChange,
  testId,
}: {
  group: ConditionGroup;
  sources: readonly Source[];
  readOnly: boolean;
  onChange: (group: ConditionGroup) => void;
  testId?: string;
}) {
  const last = sources.at(-1)?.question;
  return (
    <Stack gap="xs" data-testid={testId}>
      {group.conditions.length > 1 ? (
        <Group gap="xs">
          <Text size="sm" id={`${testId}-match`}>
            Match
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby={`${testId}-match`}
            readOnly={readOnly}
            value={group.match}
            data={[
              { value: 'all', label: 'All (AND)' },
              { value: 'any', label: 'Any (OR)' },
            ]}
            onChange={(match) => onChange({ ...group, match: match as ConditionGroup['match'] })}
          />
        </Group>
      ) : null}
      {group.conditions.map((condition, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a condition has no id; its place in the list is its identity.
        <Stack gap={4} key={index}>
          {index > 0 ? (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {group.match === 'any' ? 'or' : 'and'}
            </Text>
          ) : null}
          <ConditionRow
            condition={condition}
            sources={sources}
            readOnly={readOnly}
            position={index + 1}
            onChange={(next) =>
              onChange({ ...group, conditions: group.conditions.map((c, i) => (i === index ? next : c)) })
            }
            onRemove={
              group.conditions.length > 1
                ? () => onChange({ ...group, conditions: group.conditions.filter((_, i) => i !== index) })
                : null
            }
          />
        </Stack>
      ))}
      {!readOnly && last && group.conditions.length < 10 ? (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange({ ...group, conditions: [...group.conditions, conditionOn(last)] })}
          >
            Add condition
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** 'Show only if…' conditions on earlier answers, joined by AND or OR. */
export function DisplayLogicEditor({
  question,
  questions,
  label,
  readOnly,
  onChange,
}: {
  question: Question;
  questions: readonly Question[];
  label: string;
  readOnly: boolean;
  onChange: (logic: ConditionGroup | null) => void;
}) {
  const position = questions.findIndex((q) => q.id === question.id);
  const sources = conditionSources(questions, position);
  const logic = question.displayLogic;
  const missing = logic?.conditions.some((c) => !sources.some(({ question: q }) => q.id === c.questionId));
  return (
    <Stack gap="sm">
      <Switch
        label={label}
        description={
          sources.length === 0
            ? 'Only earlier questions with a choice, number or text answer can decide whether this one shows.'
            : 'Skip this question for teens whose earlier answers make it irrelevant.'
        }
        checked={logic !== null}
        disabled={readOnly || (sources.length === 0 && logic === null)}
        onChange={(event) => {
          const first = sources.at(-1)?.question;
          onChange(event.currentTarget.checked && first ? groupOn(first) : null);
        }}
      />
      {logic ? (
        <ConditionGroupEditor
          group={logic}
          sources={sources}
          readOnly={readOnly}
          onChange={onChange}
          testId="display-logic"
        />
      ) : null}
      {logic && missing ? (
        <Text size="sm" c="red.8">
          A question this depended on is no longer before it. Choose another or turn this off.
        </Text>
      ) : null}
    </Stack>
  );
}

/** After the question is answered: skip rules (to a later item or the end) and a screen-out rule. */
export function BranchingEditor({
  question,
  questions,
  readOnly,
  onChange,
}: {
  question: Question;
  questions: readonly Question[];
  readOnly: boolean;
  onChange: (patch: Pick<Question, 'skipLogic' | 'screenOut'>) => void;
}) {
  if (!isAnswerable(question) || operatorsFor(question.type).length === 0) return null;
  const position = questions.findIndex((q) => q.id === question.id);
  const sources = conditionSources(questions, position + 1);
  const rules = question.skipLogic ?? [];
  // The very next question is no target: a skip to it does nothing (skip-targets.ts).
  const targets = skipTargets(questions, position);
  const setRules = (skipLogic: SkipRule[]) => onChange({ skipLogic, screenOut: question.screenOut ?? null });
  return (
    <Stack gap="sm" data-testid="branching">
      <Text fw={600} size="sm">
        After this question
      </Text>
      {rules.map((rule, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no id; its place in the list (its order of checking) is its identity.
        <Paper key={index} withBorder radius="md" p="sm" data-testid="skip-rule">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Skip rule {index + 1}: when
            </Text>
            <ConditionGroupEditor
              group={rule.when}
              sources={sources}
              readOnly={readOnly}
              testId={`skip-rule-${index + 1}`}
              onChange={(when) => setRules(rules.map((r, i) => (i === index ? { ...r, when } : r)))}
            />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label="Skip to"
                style={{ flex: '2 1 220px' }}
                data={targets}
                value={targets.some((t) => t.value === rule.to) ? rule.to : null}
                error={skipTargetProblem(questions, position, rule.to)}
                allowDeselect={false}
                readOnly={readOnly}
                onChange={(to) => to && setRules(rules.map((r, i) => (i === index ? { ...r, to } : r)))}
              />
              {!readOnly ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  mb={6}
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setRules(rules.filter((_, i) => i !== index))}
                >
                  Remove rule {index + 1}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      ))}
      {!readOnly && rules.length < 10 ? (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() =>
              setRules([...rules, { when: groupOn(question), to: defaultSkipTarget(questions, position) }])
            }
          >
            Add a skip rule
          </Button>
        </Group>
      ) : null}
      <Switch
        label="Screen out on an answer"
        description="Teens who answer this way are thanked and leave the survey; they do not count toward your sample."
        checked={Boolean(question.screenOut)}
        disabled={readOnly}
        onChange={(event) =>
          onChange({
            skipLogic: rules,
            screenOut: event.currentTarget.checked ? groupOn(question) : null,
          })
        }
      />
      {question.screenOut ? (
        <ConditionGroupEditor
          group={question.screenOut}
          sources={sources}
          readOnly={readOnly}
          testId="screen-out"
          onChange={(screenOut) => onChange({ skipLogic: rules, screenOut })}
        />
      ) : null}
    </Stack>
  );
}

/** 'Insert an earlier answer': puts a piping token for an earlier question into the text. */
export function PipingMenu({
  question,
  questions,
  onInsert,
  label,
}: {
  question: Question;
  questions: readonly Question[];
  onInsert: (token: string) => void;
  /** The button's name for screen readers where several are on one screen ('… into question 2 in Spanish'). */
  label?: string;
}) {
  const position = questions.findIndex((q) => q.id === question.id);
  const sources = questions
    .slice(0, Math.max(0, position))
    .map((q, index) => ({ q, index }))
    .filter(({ q }) => isAnswerable(q) && !['likert_matrix', 'ranking'].includes(q.type));
  if (sources.length === 0) return null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconQuote size={14} aria-hidden />}
          aria-label={label}
        >
          Insert an earlier answer
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>The respondent sees their own answer here</Menu.Label>
        {sources.map(({ q, index }) => (
          <Menu.Item key={q.id} onClick={() => onInsert(pipeToken(q.id))}>
            {questionLabel(q, index)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
