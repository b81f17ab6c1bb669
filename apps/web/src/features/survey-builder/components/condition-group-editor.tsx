import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Condition, ConditionGroup, ConditionSubgroup, LogicOperator } from '@tv/contract';
import { listOperators, operatorsFor, valuelessOperators } from '@tv/contract';
import { useId } from 'react';
import {
  conditionOn,
  conditionValueProblem,
  isNumberSource,
  isTextSource,
  type Source,
  subgroupOn,
  valueChoices,
  withOperator,
} from '../utils/logic-conditions';
import { operatorLabel, questionLabel } from '../utils/questions';

/** At most this many conditions and groups in a rule, and conditions in a group (the contract's limit). */
const MAX_ITEMS = 10;

/** The number shown for a condition's value: a number, or the first of a list. */
const numberValue = (value: Condition['value']) => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(n) ? n : 0;
};

function ConditionRow({
  condition,
  sources,
  readOnly,
  name,
  onChange,
  onRemove,
}: {
  condition: Condition;
  sources: readonly Source[];
  readOnly: boolean;
  /** How the condition is named to screen readers: 'condition 2', 'group 1, condition 2'. */
  name: string;
  onChange: (condition: Condition) => void;
  onRemove: (() => void) | null;
}) {
  const source = sources.find(({ question }) => question.id === condition.questionId)?.question;
  const choices = source ? valueChoices(source) : null;
  const operator: LogicOperator =
    source && isTextSource(source) && condition.operator === 'includes' ? 'contains' : condition.operator;
  const valueless = valuelessOperators.includes(operator);
  const list = listOperators.includes(operator);
  const single = Array.isArray(condition.value) ? condition.value[0] : condition.value;
  const valueIsKnown = !choices || choices.some((choice) => choice.value === String(single));
  const problem = source ? conditionValueProblem({ ...condition, operator }, source) : null;
  const fitting = source ? operatorsFor(source.type) : [];
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" data-testid="logic-condition">
      <Select
        label="Question"
        aria-label={`Question (${name})`}
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
          label="Comparison"
          aria-label={`Comparison (${name})`}
          style={{ flex: '1 1 150px' }}
          data={fitting.map((value) => ({ value, label: operatorLabel(value, source.type) }))}
          value={fitting.includes(operator) ? operator : null}
          error={fitting.includes(operator) ? null : 'Choose a comparison that fits this question'}
          allowDeselect={false}
          readOnly={readOnly}
          onChange={(next) => next && onChange(withOperator(source, next as LogicOperator, condition))}
        />
      ) : null}
      {source && !valueless && list && choices ? (
        <MultiSelect
          label="Answers"
          aria-label={`Answers (${name})`}
          style={{ flex: '2 1 200px' }}
          data={choices}
          value={
            Array.isArray(condition.value)
              ? condition.value.filter((v) => choices.some((c) => c.value === v))
              : []
          }
          readOnly={readOnly}
          error={problem}
          onChange={(value) => onChange({ ...condition, value })}
        />
      ) : null}
      {source && !valueless && !list && choices ? (
        <Select
          label="Answer"
          aria-label={`Answer (${name})`}
          style={{ flex: '2 1 160px' }}
          data={choices}
          value={valueIsKnown ? String(single) : null}
          allowDeselect={false}
          readOnly={readOnly}
          error={valueIsKnown ? null : 'That answer option no longer exists: choose another'}
          onChange={(value) => value !== null && onChange({ ...condition, value })}
        />
      ) : null}
      {source && !valueless && isNumberSource(source) ? (
        <NumberInput
          label={operator === 'between' ? 'From' : 'Number'}
          aria-label={operator === 'between' ? `From (${name})` : `Number (${name})`}
          style={{ flex: '1 1 110px' }}
          value={numberValue(condition.value)}
          readOnly={readOnly}
          error={operator === 'between' ? problem : null}
          onChange={(value) => typeof value === 'number' && onChange({ ...condition, value })}
        />
      ) : null}
      {source && operator === 'between' && isNumberSource(source) ? (
        <NumberInput
          label="To"
          aria-label={`To (${name})`}
          style={{ flex: '1 1 110px' }}
          value={condition.max ?? numberValue(condition.value)}
          readOnly={readOnly}
          onChange={(max) => typeof max === 'number' && onChange({ ...condition, max })}
        />
      ) : null}
      {source && !valueless && isTextSource(source) ? (
        <TextInput
          label="Words"
          aria-label={`Words (${name})`}
          description="Upper or lower case does not matter"
          style={{ flex: '2 1 160px' }}
          value={typeof condition.value === 'string' ? condition.value : ''}
          readOnly={readOnly}
          error={problem}
          onChange={(event) => onChange({ ...condition, operator, value: event.currentTarget.value })}
        />
      ) : null}
      {onRemove && !readOnly ? (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          mt={26}
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/** 'Match all (AND)' / 'any (OR)' for one group, named for screen readers by what it joins. */
function MatchControl({
  match,
  label,
  readOnly,
  onChange,
}: {
  match: ConditionGroup['match'];
  label: string;
  readOnly: boolean;
  onChange: (match: ConditionGroup['match']) => void;
}) {
  const id = useId();
  return (
    <Group gap="xs">
      <Text size="sm" id={id}>
        {label}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={id}
        readOnly={readOnly}
        value={match}
        data={[
          { value: 'all', label: 'All (AND)' },
          { value: 'any', label: 'Any (OR)' },
        ]}
        onChange={(value) => onChange(value as ConditionGroup['match'])}
      />
    </Group>
  );
}

const Joiner = ({ match }: { match: ConditionGroup['match'] }) => (
  <Text size="xs" fw={700} c="dimmed" tt="uppercase" aria-hidden>
    {match === 'any' ? 'or' : 'and'}
  </Text>
);

/** A group inside a rule: its own all/any, its conditions, and a button to remove it. */
function SubgroupEditor({
  group,
  number,
  sources,
  readOnly,
  onChange,
  onRemove,
}: {
  group: ConditionSubgroup;
  number: number;
  sources: readonly Source[];
  readOnly: boolean;
  onChange: (group: ConditionSubgroup) => void;
  onRemove: (() => void) | null;
}) {
  const last = sources.at(-1)?.question;
  const name = `group ${number}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="logic-group"
      role="group"
      aria-label={`Group ${number}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            Group {number}
          </Text>
          {onRemove && !readOnly ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onRemove}
              aria-label={`Remove group ${number}`}
            >
              Remove group
            </Button>
          ) : null}
        </Group>
        {group.conditions.length > 1 ? (
          <MatchControl
            match={group.match}
            label={`Group ${number} matches`}
            readOnly={readOnly}
            onChange={(match) => onChange({ ...group, match })}
          />
        ) : null}
        {group.conditions.map((condition, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a condition has no id; its place in the group is its identity.
          <Stack gap={4} key={index}>
            {index > 0 ? <Joiner match={group.match} /> : null}
            <ConditionRow
              condition={condition}
              sources={sources}
              readOnly={readOnly}
              name={`${name}, condition ${index + 1}`}
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
        {!readOnly && last && group.conditions.length < MAX_ITEMS ? (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => onChange({ ...group, conditions: [...group.conditions, conditionOn(last)] })}
            >
              Add condition to group {number}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * A rule: conditions and groups of conditions joined by AND (all must hold) or OR (any may hold),
 * each group with its own AND / OR, so a rule can say 'A and (B or C)' (decision 047).
 */
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
  const items = group.conditions;
  const replace = (index: number, next: ConditionGroup['conditions'][number]) =>
    onChange({ ...group, conditions: items.map((c, i) => (i === index ? next : c)) });
  const remove = (index: number) =>
    items.length > 1 ? () => onChange({ ...group, conditions: items.filter((_, i) => i !== index) }) : null;
  let groups = 0;
  let conditions = 0;
  return (
    <Stack gap="xs" data-testid={testId}>
      {items.length > 1 ? (
        <MatchControl
          match={group.match}
          label="Match"
          readOnly={readOnly}
          onChange={(match) => onChange({ ...group, match })}
        />
      ) : null}
      {items.map((item, index) => {
        const isGroup = 'conditions' in item;
        const number = isGroup ? ++groups : ++conditions;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a condition has no id; its place in the list is its identity.
          <Stack gap={4} key={index}>
            {index > 0 ? <Joiner match={group.match} /> : null}
            {isGroup ? (
              <SubgroupEditor
                group={item}
                number={number}
                sources={sources}
                readOnly={readOnly}
                onChange={(next) => replace(index, next)}
                onRemove={remove(index)}
              />
            ) : (
              <ConditionRow
                condition={item}
                sources={sources}
                readOnly={readOnly}
                name={`condition ${number}`}
                onChange={(next) => replace(index, next)}
                onRemove={remove(index)}
              />
            )}
          </Stack>
        );
      })}
      {!readOnly && last && items.length < MAX_ITEMS ? (
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange({ ...group, conditions: [...items, conditionOn(last)] })}
          >
            Add condition
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange({ ...group, conditions: [...items, subgroupOn(last, group.match)] })}
          >
            Add group
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
