import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { Question } from '@tv/contract';
import { type CSSProperties, type ReactNode, type Ref, useId } from 'react';
import { type AnswerValue, displayedOptions, scalePoints, toggleChoice } from './answers';
import { NewTypeField } from './new-type-fields';
import { selectionHint, useRendererTexts } from './renderer-texts';
import classes from './survey-renderer.module.css';

export interface QuestionFieldProps {
  question: Question;
  /** The number the respondent sees, e.g. 3 for the third visible question. */
  number: number;
  value: AnswerValue | undefined;
  onChange?: (value: AnswerValue | undefined) => void;
  error?: string | null;
  /** Shown, not answerable: admin and moderation views of a question. */
  readOnly?: boolean;
  /** Keeps shuffled options in the same order for the whole attempt. */
  optionSeed?: string;
  /** Said politely to screen readers, e.g. after a ranking move. */
  announce?: (message: string) => void;
  legendRef?: Ref<HTMLLegendElement>;
  /** The text of an 'Other, please specify' option, when the question has one. */
  otherText?: string;
  onOtherChange?: (text: string | undefined) => void;
  otherError?: string | null;
}

/** One question as a respondent sees it: a fieldset whose legend is the question. */
export function QuestionField({
  question,
  number,
  value,
  onChange,
  error,
  readOnly = false,
  optionSeed = 'preview',
  announce,
  legendRef,
  otherText,
  onOtherChange,
  otherError,
}: QuestionFieldProps) {
  const baseId = useId();
  const texts = useRendererTexts();
  // Items that take no answer (decision 029): as a reader sees them, never as a numbered question.
  if (question.type === 'text_block') {
    return (
      <div data-question-id={question.id} data-testid="text-block">
        <Text fw={700} size="lg" mb={4}>
          {question.title}
        </Text>
        {question.description ? (
          <Text size="md" style={{ whiteSpace: 'pre-line' }}>
            {question.description}
          </Text>
        ) : null}
      </div>
    );
  }
  if (question.type === 'page_break') {
    return (
      <Text size="sm" c="dimmed" ta="center" data-question-id={question.id} data-testid="page-break">
        — Page break{question.randomizeQuestions ? ': the next page’s questions are shuffled' : ''} —
      </Text>
    );
  }
  const legendId = `${baseId}-legend`;
  const descriptionId = `${baseId}-description`;
  const errorId = `${baseId}-error`;
  const describedBy =
    [question.description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  const change = (next: AnswerValue | undefined) => {
    if (!readOnly) onChange?.(next);
  };
  const inputProps = {
    'aria-labelledby': legendId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': question.required || undefined,
    disabled: readOnly,
  };
  // Staff reading a question see the options in the order the author wrote them.
  const options = readOnly ? question.options : displayedOptions(question, optionSeed);
  const name = `${baseId}-answer`;

  const otherOption = question.options.find((o) => o.other);
  const otherChosen = otherOption
    ? Array.isArray(value)
      ? value.includes(otherOption.id)
      : value === otherOption.id
    : false;

  let control: ReactNode;
  switch (question.type) {
    case 'single_choice':
    case 'yes_no': {
      const choices =
        question.type === 'yes_no'
          ? [
              { id: 'yes', label: texts.yes },
              { id: 'no', label: texts.no },
            ]
          : options;
      control = (
        <div className={classes.options}>
          {choices.map((option) => (
            <label key={option.id} className={classes.option}>
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={value === option.id}
                onChange={() => change(option.id)}
                disabled={readOnly}
                aria-describedby={describedBy}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'multiple_choice': {
      const selected = Array.isArray(value) ? value : [];
      control = (
        <div className={classes.options}>
          {options.map((option) => (
            <label key={option.id} className={classes.option}>
              <input
                type="checkbox"
                name={name}
                value={option.id}
                checked={selected.includes(option.id)}
                onChange={(event) =>
                  change(toggleChoice(options, selected, option.id, event.currentTarget.checked))
                }
                disabled={readOnly}
                aria-describedby={describedBy}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'dropdown':
      control = (
        <NativeSelect
          {...inputProps}
          size="md"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => change(event.currentTarget.value || undefined)}
          data={[
            { value: '', label: texts.chooseAnswer },
            ...options.map((o) => ({ value: o.id, label: o.label })),
          ]}
        />
      );
      break;
    case 'rating':
    case 'nps': {
      const points = scalePoints(question);
      const scale = question.scale;
      control = (
        <div>
          <div className={classes.scale}>
            {points.map((point) => (
              <label key={point} className={classes.scalePoint}>
                <input
                  type="radio"
                  name={name}
                  value={point}
                  checked={value === point}
                  onChange={() => change(point)}
                  disabled={readOnly}
                  aria-describedby={describedBy}
                />
                <span>{point}</span>
                {point === points[0] && scale?.minLabel ? (
                  <VisuallyHidden>{`, ${scale.minLabel}`}</VisuallyHidden>
                ) : null}
                {point === points.at(-1) && scale?.maxLabel ? (
                  <VisuallyHidden>{`, ${scale.maxLabel}`}</VisuallyHidden>
                ) : null}
              </label>
            ))}
          </div>
          {scale?.minLabel || scale?.maxLabel ? (
            <div className={classes.scaleLabels} aria-hidden>
              <span>{scale.minLabel}</span>
              <span>{scale.maxLabel}</span>
            </div>
          ) : null}
        </div>
      );
      break;
    }
    case 'likert_matrix': {
      const answered = typeof value === 'object' && !Array.isArray(value) ? value : {};
      control = (
        <div className={classes.likert}>
          {question.rows.map((row) => (
            <fieldset key={row.id} className={classes.matrixRow}>
              <legend>{row.label}</legend>
              <div
                className={classes.likertScale}
                style={{ '--likert-columns': options.length } as CSSProperties}
                data-testid="likert-scale"
              >
                {options.map((column) => (
                  <label key={column.id} className={`${classes.scalePoint} ${classes.likertPoint}`}>
                    <input
                      type="radio"
                      name={`${name}-${row.id}`}
                      value={column.id}
                      checked={answered[row.id] === column.id}
                      onChange={() => change({ ...answered, [row.id]: column.id })}
                      disabled={readOnly}
                    />
                    <Text component="span" size="sm" fw={600} className={classes.likertLabel}>
                      {column.label}
                    </Text>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      );
      break;
    }
    case 'ranking': {
      const order = Array.isArray(value)
        ? value.flatMap((id) => options.filter((o) => o.id === id))
        : options;
      const move = (index: number, offset: -1 | 1) => {
        const next = order.map((o) => o.id);
        const target = index + offset;
        if (target < 0 || target >= next.length) return;
        [next[index], next[target]] = [next[target]!, next[index]!];
        change(next);
        const label = order[index]?.label ?? '';
        announce?.(texts.moved(label, target + 1, next.length));
      };
      control = (
        <div>
          <Text size="sm" c="dimmed" mb="xs">
            {texts.rankIntro}
          </Text>
          <ol className={classes.rankList} aria-labelledby={legendId}>
            {order.map((option, index) => (
              <li key={option.id} className={classes.rankItem}>
                <Text fw={700} c="dimmed" w={20} aria-hidden>
                  {index + 1}
                </Text>
                <Text style={{ flex: 1 }}>{option.label}</Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={texts.moveUp(option.label)}
                  disabled={readOnly || index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={texts.moveDown(option.label)}
                  disabled={readOnly || index === order.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
              </li>
            ))}
          </ol>
          {!Array.isArray(value) && !readOnly ? (
            <Group mt="xs">
              <Button variant="light" size="xs" onClick={() => change(order.map((o) => o.id))}>
                {texts.orderIsRight}
              </Button>
            </Group>
          ) : null}
        </div>
      );
      break;
    }
    case 'short_text':
      control = (
        <TextInput
          {...inputProps}
          size="md"
          maxLength={500}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => change(event.currentTarget.value)}
          placeholder={texts.typeAnswer}
        />
      );
      break;
    case 'long_text':
      control = (
        <Textarea
          {...inputProps}
          size="md"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={5000}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => change(event.currentTarget.value)}
          placeholder={texts.typeAnswer}
        />
      );
      break;
    case 'number':
      control = (
        <NumberInput
          {...inputProps}
          size="md"
          maw={220}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => change(typeof next === 'number' ? next : undefined)}
          {...(question.scale ? { min: question.scale.min, max: question.scale.max } : {})}
          allowDecimal={false}
          placeholder={texts.enterNumber}
        />
      );
      break;
    default:
      // Slider, date, image choice, constant sum and MaxDiff (decision 048).
      control = (
        <NewTypeField
          question={question}
          value={value}
          change={change}
          readOnly={readOnly}
          legendId={legendId}
          describedBy={describedBy}
          name={name}
          optionSeed={optionSeed}
        />
      );
  }

  return (
    <fieldset className={classes.question} aria-describedby={describedBy} data-question-id={question.id}>
      <legend id={legendId} className={classes.legend} ref={legendRef} tabIndex={-1}>
        <span className={classes.number}>{number}.</span>
        {question.title}
        {question.required ? (
          <>
            <span className={classes.requiredMark} aria-hidden>
              *
            </span>
            <VisuallyHidden>{texts.required}</VisuallyHidden>
          </>
        ) : null}
      </legend>
      {question.description ? (
        <Text id={descriptionId} size="sm" c="dimmed" mb="sm">
          {question.description}
        </Text>
      ) : null}
      {question.type === 'multiple_choice' && (question.minSelections || question.maxSelections) ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="selection-hint">
          {(texts.selectionHint ?? selectionHint)(
            question.minSelections ?? null,
            question.maxSelections ?? null,
          )}
        </Text>
      ) : null}
      {control}
      {otherOption && otherChosen && !readOnly ? (
        <TextInput
          mt="sm"
          size="md"
          label={texts.pleaseSpecify ?? 'Please specify'}
          value={otherText ?? ''}
          maxLength={200}
          error={otherError ?? undefined}
          onChange={(event) => onOtherChange?.(event.currentTarget.value || undefined)}
          data-testid="other-specify"
        />
      ) : null}
      {error ? (
        <Text id={errorId} size="sm" c="red.8" mt="xs" fw={500} role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
