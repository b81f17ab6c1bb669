import {
  type Audience,
  genderLabels,
  type Question,
  type ResultsFilter,
  type ResultsReport,
  regionLabels,
} from '@tv/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { findOrganization } from '../organizations/service';
import { cellWeights, methodologyOf, responseScope, summarize } from '../results/service';

const r = surveyResponses;

/** The survey as the report needs it (a row of `surveys`). */
export interface ReportSurvey {
  id: string;
  name: string;
  status: string;
  organizationId: string | null;
  audience: Audience | null;
  /** Researcher-uploaded raking targets; null uses the Census margins. */
  weightingTargets: Record<string, Record<string, number>> | null;
  /** The sample places taken, as fieldwork counts them. */
  completedCount?: number;
}

const isText = (type: string) => type === 'short_text' || type === 'long_text';

const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')}${items.length > 2 ? ',' : ''} and ${items.at(-1)}`;

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** 'March 3, 2026' from a YYYY-MM-DD day. */
export const formatDay = (day: string) => longDate.format(new Date(`${day}T00:00:00Z`));

/** Who could answer, in words: 'US teens aged 13–17; girls and boys; in the South and West'. */
export function audienceDescription(audience: Audience | null): string {
  if (!audience) return 'Teens the survey’s link was shared with (no audience was bought).';
  const ages =
    audience.ageMin === audience.ageMax
      ? `aged ${audience.ageMin}`
      : `aged ${audience.ageMin}–${audience.ageMax}`;
  const parts = [`US teens ${ages}`];
  if (audience.genders.length) parts.push(list(audience.genders.map((g) => genderLabels[g].toLowerCase())));
  if (audience.regions.length) parts.push(`in the ${list(audience.regions.map((g) => regionLabels[g]))}`);
  if (audience.states.length) parts.push(`in ${list(audience.states)}`);
  return `${parts.join('; ')}.`;
}

/** The filters of a report in words, as the results page labels them. */
export function filterDescriptions(filter: ResultsFilter, questions: Question[]): string[] {
  const labels: string[] = [];
  const { ageMin, ageMax } = filter;
  if (ageMin !== undefined && ageMax !== undefined)
    labels.push(ageMin === ageMax ? `Age ${ageMin}` : `Ages ${ageMin}–${ageMax}`);
  else if (ageMin !== undefined) labels.push(`Ages ${ageMin} and over`);
  else if (ageMax !== undefined) labels.push(`Ages ${ageMax} and under`);
  if (filter.gender) labels.push(genderLabels[filter.gender as keyof typeof genderLabels] ?? filter.gender);
  if (filter.region) labels.push(regionLabels[filter.region as keyof typeof regionLabels] ?? filter.region);
  if (filter.answer) {
    const [questionId, optionId] = filter.answer.split(':') as [string, string];
    const index = questions.findIndex((q) => q.id === questionId);
    const option = questions[index]?.options.find((o) => o.id === optionId);
    labels.push(`Answered “${option?.label ?? optionId}” to Q${index + 1}`);
  }
  if (filter.includeSimulated) labels.push('Simulated responses included');
  return labels;
}

/**
 * A report of a survey's results: key figures, methodology and a result per question, with the
 * summary's disclosure control (no group under 5) and without written answers (decision 031).
 */
export async function buildReport(
  db: Db,
  survey: ReportSurvey,
  questions: Question[],
  filter: ResultsFilter,
  options: { foldLongTail: boolean },
): Promise<ResultsReport> {
  const [summary, organization, [days]] = await Promise.all([
    summarize(
      db,
      {
        id: survey.id,
        status: survey.status,
        sampleSize: survey.audience?.sampleSize ?? null,
        completedCount: survey.completedCount,
      },
      questions,
      filter,
      undefined,
      options.foldLongTail,
      // Weighted like the results screen: raked to the survey's targets for audience surveys.
      survey.audience ? await cellWeights(db, survey, filter.includeSimulated) : null,
    ),
    survey.organizationId ? findOrganization(db, survey.organizationId) : Promise.resolve(null),
    // Fieldwork dates are the whole survey's, as days: a filtered group's first and last days would
    // tell when its few respondents answered.
    queryRows<{ first: string | null; last: string | null }>(
      db,
      sql`select to_char(min(${r.completedAt}) at time zone 'UTC', 'YYYY-MM-DD') as first,
            to_char(max(${r.completedAt}) at time zone 'UTC', 'YYYY-MM-DD') as last
          from ${r} where ${responseScope(survey.id, { includeSimulated: filter.includeSimulated })}`,
    ),
  ]);
  const textIds = new Set(questions.filter((q) => isText(q.type)).map((q) => q.id));
  const first = days?.first ?? null;
  const last = days?.last ?? null;
  const { totals } = summary;
  const filters = filterDescriptions(filter, questions);
  const shown = summary.questions
    .map(({ texts: _texts, ...result }, index) => ({ ...result, number: index + 1 }))
    .filter((q) => !textIds.has(q.questionId));
  const { facts, ...stated } = await methodologyOf(db, survey.id, {
    summary,
    plannedSample: totals.sampleSize,
    filterLabels: filters,
    questions: shown,
    textQuestionsLeftOut: textIds.size,
    simulatedIncluded: Boolean(filter.includeSimulated),
  });
  return {
    survey: {
      id: survey.id,
      name: survey.name,
      organizationName: organization?.name ?? null,
      status: survey.status,
    },
    key: {
      responses: totals.responses,
      groupResponses: summary.filtered ? summary.filteredResponses : null,
      completionRate: totals.completionRate,
      medianDurationSeconds: totals.medianDurationSeconds,
      sampleSize: totals.sampleSize,
      fieldworkStart: first,
      fieldworkEnd: last,
    },
    methodology: {
      audience: audienceDescription(survey.audience),
      sample: stated.sample,
      quality: stated.quality,
      fieldwork:
        first && last
          ? first === last
            ? `Responses were collected on ${formatDay(first)}.`
            : `Responses were collected from ${formatDay(first)} to ${formatDay(last)}.`
          : 'No responses have been collected yet.',
      weighting: stated.weighting,
      marginOfError:
        'Each percentage comes with its 95% margin of error in percentage points (±), computed as 1.96 × √(p(1 − p)/n) on the number of teens who answered the question (the effective base when weighted). Near 0% and 100% (fewer than 5 teens on one side) it is the wider side of the Wilson interval instead, so a share of 0% or 100% still has a margin. It is widest near 50% and on small groups.',
      disclosure: stated.disclosure,
      textAnswers: stated.textAnswers,
      facts,
      filters,
    },
    suppressed: summary.suppressed,
    suppressedReason: summary.suppressedReason,
    questions: shown,
    textQuestionsLeftOut: textIds.size,
    generatedAt: summary.generatedAt,
  };
}
