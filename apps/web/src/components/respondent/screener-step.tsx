import { Alert, Button, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ScreenerAnswers } from '@tv/contract';
import { usStateOptions } from '@tv/contract';
import { type FormEvent, type Ref, useId, useRef, useState } from 'react';
import rendererClasses from '../survey-renderer/survey-renderer.module.css';
import { useRespondentHeadingLevel } from './heading-level';
import classes from './respondent.module.css';
import { useRespondentLanguage } from './respondent-language';
import { messageIn, stateOptionsIn } from './utils/respondent-texts';
import { ageOptions, genderOptions } from './utils/screener-options';

interface ScreenerStepProps {
  initial: ScreenerAnswers | null;
  headingRef: Ref<HTMLHeadingElement>;
  sending: boolean;
  problem: string | null;
  onSubmit: (screener: ScreenerAnswers) => void;
}

type Field = 'age' | 'gender' | 'state';

/** Three quick questions that decide whether this survey is meant for the teen. */
export function ScreenerStep({ initial, headingRef, sending, problem, onSubmit }: ScreenerStepProps) {
  const headingLevel = useRespondentHeadingLevel();
  const { lang, texts } = useRespondentLanguage();
  const [age, setAge] = useState(initial ? String(initial.age) : '');
  const [gender, setGender] = useState<string>(initial?.gender ?? '');
  const [state, setState] = useState(initial?.state ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const ageRef = useRef<HTMLSelectElement>(null);
  const genderRef = useRef<HTMLInputElement>(null);
  const stateRef = useRef<HTMLSelectElement>(null);
  const genderErrorId = useId();
  const genderName = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!age) next.age = texts.ageMissing;
    if (!gender) next.gender = texts.genderMissing;
    if (!state) next.state = texts.stateMissing;
    setErrors(next);
    if (next.age) return ageRef.current?.focus();
    if (next.gender) return genderRef.current?.focus();
    if (next.state) return stateRef.current?.focus();
    onSubmit({ age: Number(age), gender: gender as ScreenerAnswers['gender'], state });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="screener-heading" data-testid="screener">
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="sm" fw={700} c="var(--mantine-color-anchor)">
            {texts.screenerKicker}
          </Text>
          <Title
            order={headingLevel}
            id="screener-heading"
            fz={{ base: 24, sm: 28 }}
            ref={headingRef}
            tabIndex={-1}
            className={classes.heading}
          >
            {texts.screenerTitle}
          </Title>
          <Text c="dimmed">{texts.screenerIntro}</Text>
        </Stack>

        <NativeSelect
          ref={ageRef}
          size="md"
          label={texts.ageLabel}
          data={[
            { value: '', label: texts.agePlaceholder },
            ...ageOptions.map((option) =>
              option.value === '12'
                ? { ...option, label: texts.ageYounger }
                : option.value === '20'
                  ? { ...option, label: texts.ageOlder }
                  : option,
            ),
          ]}
          value={age}
          onChange={(event) => {
            setAge(event.currentTarget.value);
            setErrors((e) => ({ ...e, age: undefined }));
          }}
          error={errors.age}
          errorProps={{ role: 'alert' }}
          required
        />

        <fieldset
          className={rendererClasses.question}
          aria-describedby={errors.gender ? genderErrorId : undefined}
        >
          <legend className={classes.legend}>
            {texts.genderLegend}
            <span aria-hidden style={{ color: 'var(--mantine-color-error)', marginLeft: 4 }}>
              *
            </span>
          </legend>
          <div className={classes.choices}>
            {genderOptions.map((option, index) => (
              <label key={option.value} className={`${rendererClasses.option} ${classes.choice}`}>
                <input
                  ref={index === 0 ? genderRef : undefined}
                  type="radio"
                  name={genderName}
                  value={option.value}
                  checked={gender === option.value}
                  required
                  aria-invalid={errors.gender ? true : undefined}
                  onChange={() => {
                    setGender(option.value);
                    setErrors((e) => ({ ...e, gender: undefined }));
                  }}
                />
                <span>{texts.genderChoices[option.value]}</span>
              </label>
            ))}
          </div>
          {errors.gender ? (
            <Text id={genderErrorId} size="sm" c="var(--mantine-color-error)" mt={6} role="alert">
              {errors.gender}
            </Text>
          ) : null}
        </fieldset>

        <NativeSelect
          ref={stateRef}
          size="md"
          label={texts.stateLabel}
          data={[{ value: '', label: texts.statePlaceholder }, ...stateOptionsIn(usStateOptions, lang)]}
          value={state}
          onChange={(event) => {
            setState(event.currentTarget.value);
            setErrors((e) => ({ ...e, state: undefined }));
          }}
          error={errors.state}
          errorProps={{ role: 'alert' }}
          required
        />

        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {messageIn(problem, lang)}
          </Alert>
        ) : null}

        <div className={classes.actions}>
          <Button type="submit" size="lg" loading={sending}>
            {texts.continue}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
