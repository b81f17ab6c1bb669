import { NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  DATE_EARLIEST,
  DATE_LATEST,
  type Question,
  SLIDER_HIGHEST,
  SLIDER_LOWEST,
  sliderScaleOf,
  sliderStepOf,
} from '@tv/contract';

interface SettingsProps {
  question: Question;
  readOnly: boolean;
  update: (change: (current: Question) => Question) => void;
  /** The save's and the pre-check's words for what does not work (questionProblems), shown at the field. */
  problem: string | null;
}

/** The settings of the question types of decision 048; nothing for the other types. */
export function QuestionTypeSettings(props: SettingsProps) {
  switch (props.question.type) {
    case 'slider':
      return <SliderSettings {...props} />;
    case 'date':
      return <DateSettings {...props} />;
    default:
      return null;
  }
}

const whole = (value: string | number) =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** A slider: start, end, step and the words at either end. */
function SliderSettings({ question, readOnly, update, problem }: SettingsProps) {
  const scale = sliderScaleOf(question);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NumberInput
          label="Start"
          min={SLIDER_LOWEST}
          max={SLIDER_HIGHEST}
          value={scale.min}
          allowDecimal={false}
          clampBehavior="none"
          readOnly={readOnly}
          onChange={(value) => {
            const min = whole(value);
            if (min !== null)
              update((current) => ({ ...current, scale: { ...sliderScaleOf(current), min } }));
          }}
        />
        <NumberInput
          label="End"
          min={SLIDER_LOWEST}
          max={SLIDER_HIGHEST}
          value={scale.max}
          allowDecimal={false}
          clampBehavior="none"
          readOnly={readOnly}
          onChange={(value) => {
            const max = whole(value);
            if (max !== null)
              update((current) => ({ ...current, scale: { ...sliderScaleOf(current), max } }));
          }}
        />
        <NumberInput
          label="Step"
          description="How far one move goes."
          min={1}
          value={sliderStepOf(question)}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          readOnly={readOnly}
          onChange={(value) => {
            const step = whole(value);
            if (step !== null) update((current) => ({ ...current, step }));
          }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={`Label at ${scale.min}`}
          placeholder="e.g. Not at all"
          maxLength={60}
          value={scale.minLabel ?? ''}
          readOnly={readOnly}
          onChange={(event) => {
            const minLabel = event.currentTarget.value || null;
            update((current) => ({ ...current, scale: { ...sliderScaleOf(current), minLabel } }));
          }}
        />
        <TextInput
          label={`Label at ${scale.max}`}
          placeholder="e.g. Completely"
          maxLength={60}
          value={scale.maxLabel ?? ''}
          readOnly={readOnly}
          onChange={(event) => {
            const maxLabel = event.currentTarget.value || null;
            update((current) => ({ ...current, scale: { ...sliderScaleOf(current), maxLabel } }));
          }}
        />
      </SimpleGrid>
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Teens answer a whole number from {scale.min} to {scale.max}; nothing counts until they move or tap
          the slider.
        </Text>
      )}
    </Stack>
  );
}

/**
 * A date: the earliest and latest day a teen may choose, both optional. The browser's own date field
 * (no calendar library), as on the respondent page. Problems show above with the question's others.
 */
function DateSettings({ question, readOnly, update }: SettingsProps) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          type="date"
          label="Earliest date"
          description="Optional."
          min={DATE_EARLIEST}
          max={DATE_LATEST}
          value={question.dateMin ?? ''}
          readOnly={readOnly}
          onChange={(event) => {
            const dateMin = event.currentTarget.value || null;
            update((current) => ({ ...current, dateMin }));
          }}
        />
        <TextInput
          type="date"
          label="Latest date"
          description="Optional."
          min={DATE_EARLIEST}
          max={DATE_LATEST}
          value={question.dateMax ?? ''}
          readOnly={readOnly}
          onChange={(event) => {
            const dateMax = event.currentTarget.value || null;
            update((current) => ({ ...current, dateMax }));
          }}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Teens choose a day, kept without a time. Never ask for a birth date: with their age it could identify
        them, so the survey cannot be saved with one.
      </Text>
    </Stack>
  );
}
