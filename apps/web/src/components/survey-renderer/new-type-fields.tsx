import {
  maxDiffKeys,
  maxDiffSets,
  type Question,
  sliderScaleOf,
  sliderStepOf,
  sumOfAnswer,
  sumTotalOf,
} from '@tv/contract';
import type { ReactNode } from 'react';
import { type AnswerValue, displayedOptions, toggleChoice } from './answers';
import { englishNewTypeTexts } from './new-type-texts';
import { useRendererTexts } from './renderer-texts';
import classes from './survey-renderer.module.css';

/** What every control of the types of decision 048 is given by the question field. */
export interface NewTypeFieldProps {
  question: Question;
  value: AnswerValue | undefined;
  change: (next: AnswerValue | undefined) => void;
  readOnly: boolean;
  legendId: string;
  describedBy: string | undefined;
  name: string;
  /** Keeps shuffled options in the same order for the whole attempt. */
  optionSeed: string;
}

/** The control of a question type of decision 048, or null for the other types. */
export function NewTypeField(props: NewTypeFieldProps): ReactNode {
  switch (props.question.type) {
    case 'slider':
      return <SliderField {...props} />;
    case 'date':
      return <DateField {...props} />;
    case 'image_choice':
      return <ImageChoiceField {...props} />;
    case 'constant_sum':
      return <ConstantSumField {...props} />;
    case 'maxdiff':
      return <MaxDiffField {...props} />;
    default:
      return null;
  }
}

/**
 * A slider: the browser's own range input (keyboard, touch and screen readers work without script of
 * ours), starting in the middle but counting nothing until the teen moves or taps it; the chosen value
 * is shown beside it and read out.
 */
function SliderField({ question, value, change, readOnly, legendId, describedBy }: NewTypeFieldProps) {
  const texts = useRendererTexts().newTypes ?? englishNewTypeTexts;
  const { min, max, minLabel, maxLabel } = sliderScaleOf(question);
  const step = sliderStepOf(question);
  const answered = typeof value === 'number';
  const middle = min + Math.round((max - min) / step / 2) * step;
  const shown = answered ? value : middle;
  const outputId = `${legendId}-value`;
  return (
    <div className={classes.slider} data-answered={answered || undefined}>
      <output id={outputId} className={classes.sliderValue} aria-live="polite">
        {answered ? texts.sliderValue(value) : texts.sliderUnset}
      </output>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={shown}
        disabled={readOnly}
        aria-labelledby={legendId}
        aria-describedby={[outputId, describedBy].filter(Boolean).join(' ')}
        aria-valuetext={answered ? String(value) : texts.sliderUnset}
        onChange={(event) => change(Number(event.currentTarget.value))}
        // A tap on the starting point answers it too: otherwise the middle could never be chosen.
        onPointerUp={(event) => change(Number(event.currentTarget.value))}
        onKeyUp={(event) => {
          if (event.key === 'Enter' || event.key === ' ') change(Number(event.currentTarget.value));
        }}
        data-testid="slider-input"
      />
      <div className={classes.scaleLabels} aria-hidden>
        <span>{minLabel ? `${min}: ${minLabel}` : min}</span>
        <span>{maxLabel ? `${max}: ${maxLabel}` : max}</span>
      </div>
      {answered || readOnly ? null : <p className={classes.sliderHint}>{texts.sliderHint}</p>}
    </div>
  );
}

/**
 * A date: the browser's own date field (its calendar, keyboard entry and screen-reader support; no
 * library on the lean page), within the question's bounds. The answer is the day, YYYY-MM-DD.
 */
function DateField({ question, value, change, readOnly, legendId, describedBy }: NewTypeFieldProps) {
  const texts = useRendererTexts().newTypes ?? englishNewTypeTexts;
  const hintId = `${legendId}-date-hint`;
  return (
    <div className={classes.dateField}>
      <input
        type="date"
        className={classes.dateInput}
        value={typeof value === 'string' ? value : ''}
        min={question.dateMin ?? undefined}
        max={question.dateMax ?? undefined}
        disabled={readOnly}
        aria-labelledby={legendId}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        onChange={(event) => change(event.currentTarget.value || undefined)}
        data-testid="date-input"
      />
      <p id={hintId} className={classes.sliderHint}>
        {texts.dateHint}
      </p>
    </div>
  );
}

/**
 * An image choice: each picture with its caption is one radio button (or checkbox when teens may
 * choose more than one), so keyboard and screen readers work as for any choice. The picture's
 * description is its alt text; pictures come from our own origin only (the save refuses others).
 */
function ImageChoiceField({
  question,
  value,
  change,
  readOnly,
  describedBy,
  name,
  optionSeed,
}: NewTypeFieldProps) {
  const options = readOnly ? question.options : displayedOptions(question, optionSeed);
  const selected = Array.isArray(value) ? value : [];
  return (
    <div className={classes.imageGrid}>
      {options.map((option) => (
        <label key={option.id} className={classes.imageOption}>
          {option.image ? (
            <img src={option.image.url} alt={option.image.alt} className={classes.image} loading="lazy" />
          ) : null}
          <span className={classes.imageCaption}>
            <input
              type={question.multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option.id}
              checked={question.multiple ? selected.includes(option.id) : value === option.id}
              onChange={(event) =>
                change(
                  question.multiple
                    ? toggleChoice(options, selected, option.id, event.currentTarget.checked)
                    : option.id,
                )
              }
              disabled={readOnly}
              aria-describedby={describedBy}
            />
            <span>{option.label}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

/**
 * A constant sum: a whole-number field per item, and the running total against the one to reach,
 * read out as it changes. Nothing is rounded or corrected for the teen: the check says what is off.
 */
function ConstantSumField({ question, value, change, readOnly, legendId, optionSeed }: NewTypeFieldProps) {
  const texts = useRendererTexts().newTypes ?? englishNewTypeTexts;
  const options = readOnly ? question.options : displayedOptions(question, optionSeed);
  const given = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const total = sumTotalOf(question);
  const sum = sumOfAnswer(given) ?? Object.values(given).reduce((a, b) => a + (Number(b) || 0), 0);
  const set = (id: string, text: string) => {
    const digits = text.replace(/[^0-9]/g, '').slice(0, 4);
    const next = { ...given };
    if (digits === '') delete next[id];
    else next[id] = String(Number(digits));
    change(Object.keys(next).length > 0 ? next : undefined);
  };
  return (
    <div className={classes.sumList}>
      {options.map((option) => {
        const inputId = `${legendId}-${option.id}`;
        return (
          <div key={option.id} className={classes.sumRow}>
            <label htmlFor={inputId}>{option.label}</label>
            <input
              id={inputId}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              className={classes.sumInput}
              value={given[option.id] ?? ''}
              placeholder="0"
              disabled={readOnly}
              onChange={(event) => set(option.id, event.currentTarget.value)}
            />
          </div>
        );
      })}
      <output className={classes.sumTotal} aria-live="polite" data-exact={sum === total || undefined}>
        {texts.sumTotal(sum, total)}
      </output>
    </div>
  );
}

/**
 * MaxDiff: each set is a group of its own, with one radio group for the most important item and one
 * for the least, so each is a single tab stop and arrow keys move within it. Choosing an item as the
 * one clears it as the other.
 */
function MaxDiffField({ question, value, change, readOnly, name }: NewTypeFieldProps) {
  const texts = useRendererTexts().newTypes ?? englishNewTypeTexts;
  const given = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const labelOf = (id: string) => question.options.find((o) => o.id === id)?.label ?? id;
  const sets = maxDiffSets(question);
  const choose = (set: number, end: 'best' | 'worst', id: string) => {
    const keys = maxDiffKeys(set);
    const other = end === 'best' ? keys.worst : keys.best;
    const next = { ...given, [keys[end]]: id };
    if (next[other] === id) delete next[other];
    change(next);
  };
  return (
    <div className={classes.maxDiff}>
      <p className={classes.sliderHint}>{texts.maxDiffIntro}</p>
      {sets.map((set, index) => {
        const keys = maxDiffKeys(index + 1);
        return (
          <fieldset key={keys.best} className={classes.maxDiffSet}>
            <legend>{texts.maxDiffSet(index + 1, sets.length)}</legend>
            <div className={classes.maxDiffHead} aria-hidden>
              <span>{texts.maxDiffBest}</span>
              <span />
              <span>{texts.maxDiffWorst}</span>
            </div>
            {set.map((id) => (
              <div key={id} className={classes.maxDiffRow}>
                <input
                  type="radio"
                  name={`${name}-${index}-best`}
                  checked={given[keys.best] === id}
                  onChange={() => choose(index + 1, 'best', id)}
                  disabled={readOnly}
                  aria-label={`${texts.maxDiffBest}: ${labelOf(id)}`}
                />
                <span>{labelOf(id)}</span>
                <input
                  type="radio"
                  name={`${name}-${index}-worst`}
                  checked={given[keys.worst] === id}
                  onChange={() => choose(index + 1, 'worst', id)}
                  disabled={readOnly}
                  aria-label={`${texts.maxDiffWorst}: ${labelOf(id)}`}
                />
              </div>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
