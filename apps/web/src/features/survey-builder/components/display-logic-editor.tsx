import { Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { DisplayLogic, Question } from '@tv/contract';
import { logicOperatorsFor, operatorLabel, questionLabel } from '../utils/questions';

interface DisplayLogicEditorProps {
  question: Question;
  /** Every question of the survey, in order; only earlier ones can be a condition. */
  questions: readonly Question[];
  label: string;
  readOnly: boolean;
  onChange: (logic: DisplayLogic | null) => void;
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

/** 'Show only if…' an earlier question's answer matches. */
export function DisplayLogicEditor({
  question,
  questions,
  label,
  readOnly,
  onChange,
}: DisplayLogicEditorProps) {
  const position = questions.findIndex((q) => q.id === question.id);
  const earlier = questions
    .slice(0, Math.max(0, position))
    .map((q, index) => ({ question: q, index }))
    .filter(({ question: q }) => logicOperatorsFor(q.type).length > 0);
  const logic = question.displayLogic;
  const source = logic ? questions.find((q) => q.id === logic.questionId) : undefined;

  const startWith = (candidate: Question): DisplayLogic => ({
    questionId: candidate.id,
    operator: logicOperatorsFor(candidate.type)[0] ?? 'equals',
    value: firstValue(candidate),
  });

  const enabled = logic !== null;
  const choices = source ? valueChoices(source) : null;
  const valueIsKnown = !choices || !logic || choices.some((choice) => choice.value === String(logic.value));

  return (
    <Stack gap="sm">
      <Switch
        label={label}
        description={
          earlier.length === 0
            ? 'Only earlier questions with a choice, number or text answer can decide whether this one shows.'
            : 'Skip this question for teens whose earlier answer makes it irrelevant.'
        }
        checked={enabled}
        disabled={readOnly || (earlier.length === 0 && !enabled)}
        onChange={(event) => {
          const first = earlier.at(-1)?.question;
          onChange(event.currentTarget.checked && first ? startWith(first) : null);
        }}
      />
      {logic ? (
        <Group gap="sm" align="flex-start" wrap="wrap" data-testid="display-logic">
          <Select
            label="Question"
            style={{ flex: '2 1 220px' }}
            data={earlier.map(({ question: q, index }) => ({ value: q.id, label: questionLabel(q, index) }))}
            value={logic.questionId}
            allowDeselect={false}
            readOnly={readOnly}
            error={source ? null : 'Choose an earlier question'}
            onChange={(id) => {
              const next = earlier.find(({ question: q }) => q.id === id)?.question;
              if (next) onChange(startWith(next));
            }}
          />
          {source ? (
            <Select
              label="Condition"
              style={{ flex: '1 1 140px' }}
              data={logicOperatorsFor(source.type).map((operator) => ({
                value: operator,
                label: operatorLabel(operator, source.type),
              }))}
              value={logic.operator}
              allowDeselect={false}
              readOnly={readOnly}
              onChange={(operator) =>
                operator && onChange({ ...logic, operator: operator as DisplayLogic['operator'] })
              }
            />
          ) : null}
          {source && choices ? (
            <Select
              label="Answer"
              style={{ flex: '2 1 180px' }}
              data={choices}
              value={valueIsKnown ? String(logic.value) : null}
              allowDeselect={false}
              readOnly={readOnly}
              error={valueIsKnown ? null : 'That answer option no longer exists: choose another'}
              onChange={(value) => value !== null && onChange({ ...logic, value })}
            />
          ) : null}
          {source && !choices && ['rating', 'nps', 'number'].includes(source.type) ? (
            <NumberInput
              label="Number"
              style={{ flex: '1 1 120px' }}
              value={typeof logic.value === 'number' ? logic.value : Number(logic.value) || 0}
              allowDecimal={false}
              readOnly={readOnly}
              onChange={(value) => typeof value === 'number' && onChange({ ...logic, value })}
            />
          ) : null}
          {source && !choices && ['short_text', 'long_text'].includes(source.type) ? (
            <TextInput
              label="Text"
              style={{ flex: '2 1 180px' }}
              value={String(logic.value)}
              readOnly={readOnly}
              error={String(logic.value).trim() ? null : 'Write the words to look for'}
              onChange={(event) => onChange({ ...logic, value: event.currentTarget.value })}
            />
          ) : null}
        </Group>
      ) : null}
      {logic && !source ? (
        <Text size="sm" c="red.8">
          The question this depended on is no longer before it. Choose another or turn this off.
        </Text>
      ) : null}
    </Stack>
  );
}
