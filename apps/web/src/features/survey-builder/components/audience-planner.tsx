import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  RangeSlider,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import {
  type Audience,
  audienceSchema,
  genderLabels,
  genders,
  quotaProblems,
  regionLabels,
  regions,
} from '@tv/contract';
import { useRef, useState } from 'react';
import { sampleSizeError } from '../utils/limits';
import { stateOptions } from '../utils/us-states';
import classes from './editor.module.css';

type Quota = Audience['quotas'][number];
type Place = 'us' | 'regions' | 'states';

const ages = [13, 14, 15, 16, 17, 18, 19];
const quotaValues: Record<Quota['attribute'], { value: string; label: string }[]> = {
  gender: genders.map((value) => ({ value, label: genderLabels[value] })),
  age: ages.map((age) => ({ value: String(age), label: `${age} year-olds` })),
  region: regions.map((value) => ({ value, label: regionLabels[value] })),
};

/** Field errors of the audience, by field name, from the shared schema. */
function audienceErrors(audience: Audience): Record<string, string> {
  const parsed = audienceSchema.safeParse(audience);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

interface AudiencePlannerProps {
  value: Audience;
  onChange: (audience: Audience) => void;
  readOnly?: boolean;
}

/** Ages 13–19, genders, regions or states, sample size and quotas of the teens a survey reaches. */
export function AudiencePlanner({ value, onChange, readOnly = false }: AudiencePlannerProps) {
  const errors = audienceErrors(value);
  const [place, setPlace] = useState<Place>(
    value.states.length > 0 ? 'states' : value.regions.length > 0 ? 'regions' : 'us',
  );
  const [sampleText, setSampleText] = useState<string | number>(value.sampleSize);
  const set = (patch: Partial<Audience>) => onChange({ ...value, ...patch });
  const quotaTotal = value.quotas.reduce((sum, quota) => sum + quota.percent, 0);
  const quotaIssues = quotaProblems(value);
  // Quotas have no ids; these keep each row's inputs in place while rows are added and removed.
  const keys = useRef<string[]>([]);
  while (keys.current.length < value.quotas.length) keys.current.push(crypto.randomUUID());
  keys.current.length = value.quotas.length;
  const quotaKeys = keys.current;
  const removeQuota = (index: number) => {
    keys.current.splice(index, 1);
    set({ quotas: value.quotas.filter((_, i) => i !== index) });
  };

  const updateQuota = (index: number, patch: Partial<Quota>) =>
    set({ quotas: value.quotas.map((quota, i) => (i === index ? { ...quota, ...patch } : quota)) });

  return (
    <Stack gap="lg" className={classes.plannerLayer} data-testid="audience-planner">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} fz="md">
              Ages
            </Title>
            <Text size="sm" fw={600} data-testid="age-range">
              {value.ageMin === value.ageMax ? `${value.ageMin} only` : `${value.ageMin} to ${value.ageMax}`}
            </Text>
          </Group>
          <RangeSlider
            min={13}
            max={19}
            step={1}
            minRange={0}
            value={[value.ageMin, value.ageMax]}
            onChange={([ageMin, ageMax]) => set({ ageMin, ageMax })}
            marks={ages.map((age) => ({ value: age, label: String(age) }))}
            thumbFromLabel="Youngest age"
            thumbToLabel="Oldest age"
            disabled={readOnly}
            mb="lg"
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Checkbox.Group
          label="Genders"
          description="Leave all unticked to include everyone."
          value={value.genders}
          onChange={(selected) => set({ genders: selected as Audience['genders'] })}
          readOnly={readOnly}
        >
          <Group gap="lg" mt="xs">
            {genders.map((gender) => (
              <Checkbox key={gender} value={gender} label={genderLabels[gender]} disabled={readOnly} />
            ))}
          </Group>
        </Checkbox.Group>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={3} fz="md">
            Where they live
          </Title>
          <SegmentedControl
            aria-label="Where they live"
            value={place}
            disabled={readOnly}
            onChange={(next) => {
              setPlace(next as Place);
              set({
                regions: next === 'regions' ? value.regions : [],
                states: next === 'states' ? value.states : [],
              });
            }}
            data={[
              { value: 'us', label: 'Whole US' },
              { value: 'regions', label: 'Regions' },
              { value: 'states', label: 'States' },
            ]}
          />
          {place === 'regions' ? (
            <Checkbox.Group
              label="Regions"
              value={value.regions}
              onChange={(selected) => set({ regions: selected as Audience['regions'] })}
              readOnly={readOnly}
            >
              <Group gap="lg" mt="xs">
                {regions.map((region) => (
                  <Checkbox key={region} value={region} label={regionLabels[region]} disabled={readOnly} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
          {place === 'states' ? (
            <MultiSelect
              label="States"
              placeholder={value.states.length ? undefined : 'Search for a state'}
              data={stateOptions}
              value={value.states}
              searchable
              clearable
              readOnly={readOnly}
              nothingFoundMessage="No state with that name"
              onChange={(states) => set({ states })}
            />
          ) : null}
          {place !== 'us' && value.regions.length === 0 && value.states.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing chosen yet, so teens across the whole US are included.
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <NumberInput
            label="Sample size"
            description="Completed responses you need: 50 to 5,000."
            min={50}
            max={5000}
            step={50}
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={sampleText}
            readOnly={readOnly}
            maw={260}
            error={sampleSizeError(sampleText) ?? errors.sampleSize}
            onChange={(next) => {
              setSampleText(next);
              if (typeof next === 'number') set({ sampleSize: next });
            }}
          />
          <Stack gap="xs">
            <Group justify="space-between">
              <div>
                <Text size="sm" fw={500}>
                  Quotas
                </Text>
                <Text size="xs" c="dimmed">
                  Optional: the most a group may make up of the sample, e.g. at most 40% girls. When a group
                  reaches its share, more teens from it are thanked and not asked the questions.
                </Text>
              </div>
              {readOnly ? null : (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  disabled={value.quotas.length >= 20}
                  onClick={() =>
                    set({ quotas: [...value.quotas, { attribute: 'gender', value: 'female', percent: 50 }] })
                  }
                >
                  Add quota
                </Button>
              )}
            </Group>
            {value.quotas.map((quota, index) => (
              <Group key={quotaKeys[index]} gap="xs" align="flex-end" wrap="wrap" data-testid="quota">
                <Select
                  label="Group by"
                  w={130}
                  data={[
                    { value: 'gender', label: 'Gender' },
                    { value: 'age', label: 'Age' },
                    { value: 'region', label: 'Region' },
                  ]}
                  value={quota.attribute}
                  allowDeselect={false}
                  readOnly={readOnly}
                  onChange={(attribute) => {
                    const next = attribute as Quota['attribute'];
                    updateQuota(index, { attribute: next, value: quotaValues[next][0]?.value ?? '' });
                  }}
                />
                <Select
                  label="Group"
                  w={170}
                  data={quotaValues[quota.attribute]}
                  value={quota.value}
                  allowDeselect={false}
                  readOnly={readOnly}
                  onChange={(next) => next && updateQuota(index, { value: next })}
                />
                <NumberInput
                  label="At most"
                  w={110}
                  min={1}
                  max={100}
                  suffix="%"
                  allowDecimal={false}
                  clampBehavior="strict"
                  value={quota.percent}
                  readOnly={readOnly}
                  onChange={(next) => typeof next === 'number' && updateQuota(index, { percent: next })}
                />
                {readOnly ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    aria-label={`Remove quota ${index + 1}`}
                    onClick={() => removeQuota(index)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {quotaIssues.length > 0 ? (
              <Stack gap={2} role="alert" data-testid="quota-problems">
                {quotaIssues.map((problem) => (
                  <Text key={problem} size="sm" c="red.8">
                    {problem}
                  </Text>
                ))}
              </Stack>
            ) : value.quotas.length > 0 ? (
              <Text size="sm" c="dimmed">
                Quotas cap {quotaTotal}% of the sample in all; shares of one kind (such as gender) add up to
                at most 100%.
              </Text>
            ) : null}
            <Switch
              mt="xs"
              label="Allow repeat responses from the same device"
              description="Off by default: each phone or computer answers once. Turn on for a shared device, such as a classroom tablet."
              checked={Boolean(value.allowRepeatResponses)}
              disabled={readOnly}
              onChange={(event) => set({ allowRepeatResponses: event.currentTarget.checked })}
            />
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
