import {
  Button,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  DATE_EARLIEST,
  DATE_LATEST,
  DEFAULT_SUM_TOTAL,
  IMAGE_CHOICE_MAX_OPTIONS,
  MAXDIFF_MAX_ITEMS,
  MAXDIFF_TIMES_SHOWN,
  maxDiffSetSizeOf,
  maxDiffSets,
  type Question,
  SLIDER_HIGHEST,
  SLIDER_LOWEST,
  type SurveyImage,
  sliderScaleOf,
  sliderStepOf,
} from '@tv/contract';
import { useState } from 'react';
import { useSurveyImages } from '../api/survey-images';

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
    case 'image_choice':
      return <ImageChoiceSettings {...props} />;
    case 'constant_sum':
      return <ConstantSumSettings {...props} />;
    case 'maxdiff':
      return <MaxDiffSettings {...props} />;
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

type ChoiceOption = Question['options'][number];

/**
 * An image choice: one picture from the media library per answer option (the options' wording above
 * is the caption teens read under it), each with its required description, and whether teens may
 * choose more than one.
 */
function ImageChoiceSettings({ question, readOnly, update }: SettingsProps) {
  const [picking, setPicking] = useState<string | null>(null);
  const setOption = (id: string, change: (option: ChoiceOption) => ChoiceOption) =>
    update((current) => ({
      ...current,
      options: current.options.map((o) => (o.id === id ? change(o) : o)),
    }));
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        Pictures
      </Text>
      <Text size="xs" c="dimmed">
        Each answer option above shows a picture from the media library, with its wording as the caption.
        Platform staff upload pictures there; describe each one for teens who cannot see it. At most{' '}
        {IMAGE_CHOICE_MAX_OPTIONS} pictures.
      </Text>
      {question.options.map((option, index) => (
        <Group key={option.id} align="flex-end" wrap="nowrap" gap="sm" data-testid="image-option">
          {option.image ? (
            <Image src={option.image.url} alt="" w={64} h={64} fit="cover" radius="sm" />
          ) : (
            <Text size="xs" c="dimmed" w={64} ta="center">
              No picture
            </Text>
          )}
          <TextInput
            style={{ flex: 1 }}
            label={`Picture ${index + 1} (${option.label || 'no caption yet'}): what it shows`}
            placeholder={option.image ? 'e.g. A bike parked by a school gate' : 'Choose a picture first'}
            maxLength={300}
            value={option.image?.alt ?? ''}
            readOnly={readOnly || !option.image}
            required
            error={
              option.image && !option.image.alt.trim()
                ? 'Describe the image for people who cannot see it.'
                : null
            }
            onChange={(event) => {
              const alt = event.currentTarget.value;
              setOption(option.id, (o) => (o.image ? { ...o, image: { ...o.image, alt } } : o));
            }}
          />
          {readOnly ? null : (
            <Button variant="default" onClick={() => setPicking(option.id)}>
              {option.image ? 'Change picture' : 'Choose picture'}
            </Button>
          )}
        </Group>
      ))}
      <Switch
        label="Teens may choose more than one picture"
        checked={Boolean(question.multiple)}
        disabled={readOnly}
        onChange={(event) => {
          const multiple = event.currentTarget.checked;
          update((current) => ({
            ...current,
            multiple,
            ...(multiple ? {} : { minSelections: null, maxSelections: null }),
          }));
        }}
      />
      {question.multiple ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Minimum selections"
            description="Leave empty for no minimum."
            min={1}
            max={IMAGE_CHOICE_MAX_OPTIONS}
            allowDecimal={false}
            allowNegative={false}
            value={question.minSelections ?? ''}
            readOnly={readOnly}
            onChange={(value) => update((current) => ({ ...current, minSelections: whole(value) }))}
          />
          <NumberInput
            label="Maximum selections"
            description="Leave empty for no maximum."
            min={1}
            max={IMAGE_CHOICE_MAX_OPTIONS}
            allowDecimal={false}
            allowNegative={false}
            value={question.maxSelections ?? ''}
            readOnly={readOnly}
            onChange={(value) => update((current) => ({ ...current, maxSelections: whole(value) }))}
          />
        </SimpleGrid>
      ) : null}
      <ImagePicker
        opened={picking !== null}
        onClose={() => setPicking(null)}
        onPick={(image) => {
          if (picking)
            setOption(picking, (o) => ({
              ...o,
              image: { url: image.url, alt: o.image?.alt || image.alternativeText || '' },
            }));
          setPicking(null);
        }}
      />
    </Stack>
  );
}

/** The media library's images as a grid of buttons, each named by its description. */
function ImagePicker({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (image: SurveyImage) => void;
}) {
  const images = useSurveyImages(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Choose a picture" size="lg">
      {images.isPending ? (
        <Loader size="sm" aria-label="Loading the media library" />
      ) : images.isError ? (
        <Text c="red.8" role="alert">
          The media library could not be loaded. Try again in a moment.
        </Text>
      ) : images.data.length === 0 ? (
        <Text>
          The media library has no pictures yet. Ask platform staff to upload them under Content → Media, then
          choose them here.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {images.data.map((image) => (
            <UnstyledButton
              key={image.id}
              onClick={() => onPick(image)}
              aria-label={`Choose ${image.alternativeText || image.name}`}
            >
              <Image src={image.url} alt="" h={96} fit="cover" radius="sm" />
              <Text size="xs" lineClamp={2} mt={4}>
                {image.alternativeText || image.name}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Modal>
  );
}

/** A constant sum: the total teens share out exactly among the items above. */
function ConstantSumSettings({ question, readOnly, update }: SettingsProps) {
  return (
    <Stack gap="xs">
      <NumberInput
        label="Points to share out"
        description="Teens give each item a whole number of points; together they must make exactly this total."
        min={2}
        max={1000}
        maw={260}
        allowDecimal={false}
        allowNegative={false}
        value={question.sumTotal ?? DEFAULT_SUM_TOTAL}
        readOnly={readOnly}
        onChange={(value) => {
          const sumTotal = whole(value);
          if (sumTotal !== null) update((current) => ({ ...current, sumTotal }));
        }}
      />
      <Text size="xs" c="dimmed">
        The answer options above are the items, 2 to 10 of them. A teen who sends a total that is not exact is
        asked to fix it; nothing partial is kept.
      </Text>
    </Stack>
  );
}

/**
 * A MaxDiff: how many items each set shows. The sets are worked out from the items (each shown
 * about three times), the same for every teen; the builder says how many sets that makes.
 */
function MaxDiffSettings({ question, readOnly, update }: SettingsProps) {
  const sets = maxDiffSets(question);
  return (
    <Stack gap="xs">
      <NumberInput
        label="Items in each set"
        description="Teens pick the most and the least important item of each set."
        min={3}
        max={5}
        maw={260}
        allowDecimal={false}
        allowNegative={false}
        value={maxDiffSetSizeOf(question)}
        readOnly={readOnly}
        onChange={(value) => {
          const maxDiffSetSize = whole(value);
          if (maxDiffSetSize !== null) update((current) => ({ ...current, maxDiffSetSize }));
        }}
      />
      <Text size="xs" c="dimmed" data-testid="maxdiff-design">
        {question.options.length > maxDiffSetSizeOf(question)
          ? `The answer options above are the items: teens see ${sets.length} sets of ${maxDiffSetSizeOf(question)}, each item about ${MAXDIFF_TIMES_SHOWN} times. Results give each item a score from −1 to 1: (times chosen most − times chosen least) ÷ times shown.`
          : `Add items as answer options above: at least one more than each set shows, at most ${MAXDIFF_MAX_ITEMS}.`}
      </Text>
    </Stack>
  );
}
