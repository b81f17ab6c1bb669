import {
  genderLabels,
  isSurveyLanguage,
  regionLabels,
  type SurveyLanguage,
  surveyLanguageLabels,
} from '@tv/contract';
import { isHttpError } from '../../../lib/http-error';

/**
 * Question types whose options can narrow the results or cut a cross-tab (decision 034): closed
 * questions answered by picking options. Open text and typed-in numbers never are: the server refuses
 * them (400 FILTER_NOT_CLOSED), since filtering by a teen's own words would confirm a guess at them.
 */
export const closedFilterTypes: ReadonlySet<string> = new Set([
  'single_choice',
  'dropdown',
  'multiple_choice',
  // Pictures picked like options (decision 048).
  'image_choice',
]);
export const isClosedFilterType = (type: string) => closedFilterTypes.has(type);

/** The server refused the page's answer filter (an open-text or other non-closed question, decision 034). */
export const isRefusedFilter = (error: unknown) =>
  isHttpError(error) &&
  error.status === 400 &&
  (error.data as { code?: unknown } | undefined)?.code === 'FILTER_NOT_CLOSED';

/** What the summary is narrowed to; empty means every counted response. */
export interface ResultsFilters {
  ageMin?: number;
  ageMax?: number;
  gender?: string;
  region?: string;
  /** Only respondents who answered in this language (decision 033). */
  language?: SurveyLanguage;
  /** Cross-tab: only respondents who gave one answer. */
  answer?: { questionId: string; optionId: string };
  textSearch?: string;
  /** Count simulated (panel simulator) responses too; they are left out by default. */
  includeSimulated?: boolean;
}

/** The query string of GET /v2/surveys/:id/results/summary for these filters. */
export function filterQuery(filters: ResultsFilters): Record<string, string | number | undefined> {
  return {
    ageMin: filters.ageMin,
    ageMax: filters.ageMax,
    gender: filters.gender || undefined,
    region: filters.region || undefined,
    language: filters.language || undefined,
    answer: filters.answer ? `${filters.answer.questionId}:${filters.answer.optionId}` : undefined,
    textSearch: filters.textSearch?.trim() || undefined,
    includeSimulated: filters.includeSimulated ? 'true' : undefined,
  };
}

/** Filters that narrow the group of respondents (a text search only narrows the written answers shown). */
export const narrowsGroup = (filters: ResultsFilters) =>
  filters.ageMin !== undefined ||
  filters.ageMax !== undefined ||
  Boolean(filters.gender) ||
  Boolean(filters.region) ||
  Boolean(filters.language) ||
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
  if (filters.language) labels.push(`Answered in ${surveyLanguageLabels[filters.language]}`);
  if (filters.answer && answerLabel) labels.push(answerLabel(filters.answer));
  return labels;
}

/** The results filters as they stand in the URL: ?ageMin=&ageMax=&gender=&region=&answer=q:o&q= */
export interface ResultsSearch {
  ageMin?: number;
  ageMax?: number;
  gender?: string;
  region?: string;
  /** en or es: only respondents who answered in that language. */
  lang?: SurveyLanguage;
  answer?: string;
  q?: string;
  /** 1: simulated responses are counted too. */
  sim?: 1;
}

const ageOf = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 13 && n <= 19 ? n : undefined;
};

/**
 * Validates the summary route's search params: anything unknown or malformed is dropped, so a
 * hand-edited link shows the widest view rather than an error.
 */
export function resultsSearch(search: Record<string, unknown>): ResultsSearch {
  const out: ResultsSearch = {};
  const ageMin = ageOf(search.ageMin);
  const ageMax = ageOf(search.ageMax);
  if (ageMin !== undefined) out.ageMin = ageMin;
  if (ageMax !== undefined && (ageMin === undefined || ageMax >= ageMin)) out.ageMax = ageMax;
  if (typeof search.gender === 'string' && search.gender in genderLabels) out.gender = search.gender;
  if (typeof search.region === 'string' && search.region in regionLabels) out.region = search.region;
  if (isSurveyLanguage(search.lang)) out.lang = search.lang;
  if (typeof search.answer === 'string' && /^[^:]{1,100}:[^:]{1,100}$/.test(search.answer))
    out.answer = search.answer;
  if (typeof search.q === 'string' && search.q.trim() && search.q.length <= 200) out.q = search.q;
  if (search.sim === 1 || search.sim === '1') out.sim = 1;
  return out;
}

export function filtersFromSearch(search: ResultsSearch): ResultsFilters {
  const [questionId, optionId] = search.answer?.split(':') ?? [];
  return {
    ageMin: search.ageMin,
    ageMax: search.ageMax,
    gender: search.gender,
    region: search.region,
    language: search.lang,
    answer: questionId && optionId ? { questionId, optionId } : undefined,
    textSearch: search.q,
    includeSimulated: search.sim === 1 ? true : undefined,
  };
}

export function searchFromFilters(filters: ResultsFilters): ResultsSearch {
  const out: ResultsSearch = {};
  if (filters.ageMin !== undefined) out.ageMin = filters.ageMin;
  if (filters.ageMax !== undefined) out.ageMax = filters.ageMax;
  if (filters.gender) out.gender = filters.gender;
  if (filters.region) out.region = filters.region;
  if (filters.language) out.lang = filters.language;
  if (filters.answer) out.answer = `${filters.answer.questionId}:${filters.answer.optionId}`;
  if (filters.textSearch?.trim()) out.q = filters.textSearch;
  if (filters.includeSimulated) out.sim = 1;
  return out;
}
