import { genderLabels, regionLabels } from '@tv/contract';

/** What the summary is narrowed to; empty means every counted response. */
export interface ResultsFilters {
  ageMin?: number;
  ageMax?: number;
  gender?: string;
  region?: string;
  /** Cross-tab: only respondents who gave one answer. */
  answer?: { questionId: string; optionId: string };
  textSearch?: string;
}

/** The query string of GET /v2/surveys/:id/results/summary for these filters. */
export function filterQuery(filters: ResultsFilters): Record<string, string | number | undefined> {
  return {
    ageMin: filters.ageMin,
    ageMax: filters.ageMax,
    gender: filters.gender || undefined,
    region: filters.region || undefined,
    answer: filters.answer ? `${filters.answer.questionId}:${filters.answer.optionId}` : undefined,
    textSearch: filters.textSearch?.trim() || undefined,
  };
}

/** Filters that narrow the group of respondents (a text search only narrows the written answers shown). */
export const narrowsGroup = (filters: ResultsFilters) =>
  filters.ageMin !== undefined ||
  filters.ageMax !== undefined ||
  Boolean(filters.gender) ||
  Boolean(filters.region) ||
  filters.answer !== undefined;

/** A short description of each active filter, e.g. 'Ages 13–15', 'Girls', 'Midwest'. */
export function filterLabels(
  filters: ResultsFilters,
  answerLabel?: (answer: NonNullable<ResultsFilters['answer']>) => string,
): string[] {
  const labels: string[] = [];
  const { ageMin, ageMax } = filters;
  if (ageMin !== undefined && ageMax !== undefined)
    labels.push(ageMin === ageMax ? `Age ${ageMin}` : `Ages ${ageMin}–${ageMax}`);
  else if (ageMin !== undefined) labels.push(`Ages ${ageMin} and over`);
  else if (ageMax !== undefined) labels.push(`Ages ${ageMax} and under`);
  if (filters.gender)
    labels.push(genderLabels[filters.gender as keyof typeof genderLabels] ?? filters.gender);
  if (filters.region)
    labels.push(regionLabels[filters.region as keyof typeof regionLabels] ?? filters.region);
  if (filters.answer && answerLabel) labels.push(answerLabel(filters.answer));
  return labels;
}
