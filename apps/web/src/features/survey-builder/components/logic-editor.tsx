import { Button, Group, Menu, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconQuote, IconTrash } from '@tabler/icons-react';
import {
  type ConditionGroup,
  conditionsIn,
  isAnswerable,
  operatorsFor,
  pipeToken,
  type Question,
  type SkipRule,
} from '@tv/contract';
import { conditionSources, groupOn } from '../utils/logic-conditions';
import { questionLabel } from '../utils/questions';
import { defaultSkipTarget, skipTargetProblem, skipTargets } from '../utils/skip-targets';
import { ConditionGroupEditor } from './condition-group-editor';

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
  const missing = conditionsIn(logic).some((c) => !sources.some(({ question: q }) => q.id === c.questionId));
  return (
    <Stack gap="sm">
      <Switch
        label={label}
        description={
          sources.length === 0
            ? 'Only earlier questions can decide whether this one shows: add or move one above it first.'
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
