import { Button, Group, Paper, Select, SimpleGrid, Switch, Text } from '@mantine/core';
import { IconFilterOff, IconX } from '@tabler/icons-react';
import {
  genderLabels,
  genders,
  regionLabels,
  regions,
  type SurveyLanguage,
  surveyLanguageLabels,
} from '@tv/contract';
import type { ResultsFilters } from '../utils/filters';

const ages = [13, 14, 15, 16, 17, 18, 19].map((age) => ({ value: String(age), label: String(age) }));
const genderData = genders.map((value) => ({ value, label: genderLabels[value] }));
const regionData = regions.map((value) => ({ value, label: regionLabels[value] }));
const languageData = (['en', 'es'] as const).map((value) => ({ value, label: surveyLanguageLabels[value] }));

interface ResultsFiltersProps {
  filters: ResultsFilters;
  onChange: (filters: ResultsFilters) => void;
  /** How the cross-tab filter reads, e.g. '“Sometimes” to Q1'. */
  answerLabel: string | null;
}

const numberOrUndefined = (value: string | null) => (value ? Number(value) : undefined);

/** Narrow the results to a group: age band, gender, region, or the teens who gave one answer. */
export function ResultsFiltersPanel({ filters, onChange, answerLabel }: ResultsFiltersProps) {
  const set = (patch: Partial<ResultsFilters>) => onChange({ ...filters, ...patch });
  const active =
    filters.ageMin !== undefined ||
    filters.ageMax !== undefined ||
    Boolean(filters.gender) ||
    Boolean(filters.region) ||
    Boolean(filters.language) ||
    filters.answer !== undefined;

  return (
    <Paper withBorder radius="lg" p="md" component="search" aria-label="Filter the results">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Select
          label="Youngest"
          placeholder="Any age"
          data={ages.filter((a) => filters.ageMax === undefined || Number(a.value) <= filters.ageMax)}
          value={filters.ageMin === undefined ? null : String(filters.ageMin)}
          onChange={(value) => set({ ageMin: numberOrUndefined(value) })}
          clearable
        />
        <Select
          label="Oldest"
          placeholder="Any age"
          data={ages.filter((a) => filters.ageMin === undefined || Number(a.value) >= filters.ageMin)}
          value={filters.ageMax === undefined ? null : String(filters.ageMax)}
          onChange={(value) => set({ ageMax: numberOrUndefined(value) })}
          clearable
        />
        <Select
          label="Gender"
          placeholder="Everyone"
          data={genderData}
          value={filters.gender ?? null}
          onChange={(value) => set({ gender: value ?? undefined })}
          clearable
        />
        <Select
          label="Region"
          placeholder="All regions"
          data={regionData}
          value={filters.region ?? null}
          onChange={(value) => set({ region: value ?? undefined })}
          clearable
        />
        <Select
          label="Language"
          placeholder="All languages"
          data={languageData}
          value={filters.language ?? null}
          onChange={(value) => set({ language: (value as SurveyLanguage | null) ?? undefined })}
          clearable
          data-testid="language-filter"
        />
      </SimpleGrid>
      <Switch
        mt="sm"
        size="sm"
        label="Include simulated responses"
        description="Responses made by the panel simulator for testing are left out of results unless you include them."
        checked={Boolean(filters.includeSimulated)}
        onChange={(event) => set({ includeSimulated: event.currentTarget.checked || undefined })}
      />
      {active ? (
        <Group justify="space-between" mt="sm" gap="xs">
          {filters.answer && answerLabel ? (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Only teens who answered
              </Text>
              <Button
                variant="light"
                size="compact-sm"
                radius="xl"
                rightSection={<IconX size={14} aria-hidden />}
                onClick={() => set({ answer: undefined })}
                aria-label={`${answerLabel}: remove this filter`}
                data-testid="answer-filter"
              >
                {answerLabel}
              </Button>
            </Group>
          ) : (
            <span />
          )}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => onChange({ textSearch: filters.textSearch })}
          >
            Clear filters
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
