import {
  disclosureRule,
  type MethodologyFacts,
  MIN_CELL_SIZE,
  type QuestionResult,
  qualityFlags,
  type ResultsSummary,
} from '@tv/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';

/**
 * A report's methodology, written from what was actually counted, excluded, left out, weighted and
 * hidden in the view reported on: the facts as numbers, and sentences that state those numbers and
 * nothing else (the printable page, the PDF and the shared report all show these sentences).
 */

const r = surveyResponses;
type QualityFlag = (typeof qualityFlags)[number];

export const TEXT_ANSWERS_NOTE =
  'Written (open-text) answers are not part of this report: a teen could be recognized from what they wrote.';
export const UNWEIGHTED_NOTE =
  'Percentages are unweighted: each is the share of the teens who answered the question.';

const flagNames: Record<QualityFlag, string> = {
  speeder: 'Speeders',
  straight_liner: 'Straight-liners',
  duplicate: 'Duplicates',
  too_fast: 'Sent too fast to have been read',
  unverified: 'Sent without the start or device the survey’s page issues',
};

const number = (n: number) => n.toLocaleString('en-US');
/** '1 response', '72 responses'. */
const counted = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The quality flags and exclusions of a survey's completed responses, among those a view may count
 * (simulated ones only when it includes them). Flags are the stored ones, which fieldwork judges
 * again against the median when it completes.
 */
export async function qualityCounts(
  db: Db,
  surveyId: string,
  includeSimulated: boolean,
): Promise<Pick<MethodologyFacts, 'flagged' | 'excludedUnflagged'>> {
  const rows = await queryRows<{ flags: string[]; excluded: boolean; n: number }>(
    db,
    sql`select ${r.qualityFlags} as flags, ${r.excluded} as excluded, count(*)::int as n from ${r}
        where ${r.surveyId} = ${surveyId} and ${r.status} = 'completed'
          ${includeSimulated ? sql`` : sql`and ${r.simulated} = false`}
          and (cardinality(${r.qualityFlags}) > 0 or ${r.excluded})
        group by ${r.qualityFlags}, ${r.excluded}`,
  );
  const tally = () => ({ responses: 0, excluded: 0, counted: 0 });
  const add = (into: ReturnType<typeof tally>, excluded: boolean, n: number) => {
    into.responses += n;
    if (excluded) into.excluded += n;
    else into.counted += n;
  };
  const all = tally();
  const byFlag = new Map(qualityFlags.map((flag) => [flag, tally()]));
  let excludedUnflagged = 0;
  for (const row of rows) {
    const known = qualityFlags.filter((flag) => row.flags.includes(flag));
    if (known.length === 0) {
      if (row.excluded) excludedUnflagged += row.n;
      continue;
    }
    add(all, row.excluded, row.n);
    for (const flag of known) add(byFlag.get(flag)!, row.excluded, row.n);
  }
  return {
    flagged: {
      ...all,
      byFlag: [...byFlag].filter(([, t]) => t.responses > 0).map(([flag, t]) => ({ flag, ...t })),
    },
    excludedUnflagged,
  };
}

/** Figures hidden because their group is under 5: whole questions, and cells of the questions shown. */
export function hiddenCounts(questions: readonly Omit<QuestionResult, 'texts'>[]) {
  let hiddenQuestions = 0;
  let figures = 0;
  for (const q of questions) {
    if (q.suppressed) {
      hiddenQuestions++;
      continue;
    }
    const cells = [...q.options, ...q.matrix.flatMap((row) => row.columns), ...q.distribution];
    figures += cells.filter((c) => c.count === null).length;
    figures += q.averageRanks.filter((rank) => rank.averageRank === null).length;
  }
  return { questions: hiddenQuestions, figures };
}

/** How many were counted, and what was received but left out (simulated, excluded). */
function sampleSentences(facts: MethodologyFacts, filterLabels: string[]): string[] {
  const { fieldwork } = facts;
  const sentences = [
    `${counted(fieldwork.counted, 'completed response is', 'completed responses are')} counted in these results${
      facts.plannedSample === null ? '' : `, out of a planned sample of ${number(facts.plannedSample)}`
    }.`,
  ];
  if (facts.groupCounted !== null && filterLabels.length) {
    sentences.push(`This report shows ${number(facts.groupCounted)} of them (${filterLabels.join(', ')}).`);
  }
  const leftOut = [
    ...(fieldwork.simulatedLeftOut
      ? [counted(fieldwork.simulatedLeftOut, 'simulated test response', 'simulated test responses')]
      : []),
    ...(fieldwork.excludedLeftOut
      ? [counted(fieldwork.excludedLeftOut, 'excluded response', 'excluded responses')]
      : []),
  ];
  if (leftOut.length) {
    const one = fieldwork.simulatedLeftOut + fieldwork.excludedLeftOut === 1;
    sentences.push(
      `Of the ${counted(fieldwork.received, 'completed response', 'completed responses')} received, ${list(leftOut)} ${one ? 'is' : 'are'} left out.`,
    );
  }
  if (fieldwork.heldOnArrival) {
    sentences.push(
      `${counted(fieldwork.heldOnArrival, 'excluded response was', 'excluded responses were')} held for review on arrival and took no place in the sample.`,
    );
  }
  if (facts.simulatedIncluded && fieldwork.simulatedCounted) {
    sentences.push(
      fieldwork.simulatedCounted === 1
        ? '1 of the counted responses is a simulated test response, included because this view asks for simulated responses.'
        : `${number(fieldwork.simulatedCounted)} of the counted responses are simulated test responses, included because this view asks for them.`,
    );
  }
  return sentences;
}

/** The quality checks' flags by type, and whether each flagged response was excluded or kept. */
function qualitySentences(facts: MethodologyFacts): string[] {
  const { flagged, excludedUnflagged } = facts;
  const sentences: string[] = [];
  if (flagged.responses === 0) {
    sentences.push('The quality checks (speeders, straight-liners, duplicates) flagged no response.');
  } else {
    sentences.push(`The quality checks flagged ${counted(flagged.responses, 'response', 'responses')}.`);
    for (const f of flagged.byFlag) {
      const state =
        f.excluded === 0
          ? f.responses === 1
            ? 'counted'
            : 'all counted'
          : f.counted === 0
            ? f.responses === 1
              ? 'excluded'
              : 'all excluded'
            : `${number(f.counted)} counted and ${number(f.excluded)} excluded`;
      sentences.push(`${flagNames[f.flag]}: ${number(f.responses)}, ${state}.`);
    }
    if (flagged.byFlag.length > 1) {
      sentences.push(
        flagged.excluded === 0
          ? `All ${number(flagged.responses)} flagged responses are counted.`
          : flagged.counted === 0
            ? `All ${number(flagged.responses)} flagged responses were excluded.`
            : `Of the ${number(flagged.responses)} flagged responses, ${counted(flagged.excluded, 'was', 'were')} excluded and ${counted(flagged.counted, 'is', 'are')} counted.`,
      );
    }
  }
  if (excludedUnflagged > 0) {
    sentences.push(
      `${counted(excludedUnflagged, 'response without a quality flag was', 'responses without a quality flag were')}${
        flagged.excluded > 0 ? ' also' : ''
      } excluded by a reviewer.`,
    );
  }
  return sentences;
}

/** How the percentages were weighted, or that they were not. */
function weightingDescription(weighting: MethodologyFacts['weighting']): string {
  if (!weighting.applied) return UNWEIGHTED_NOTE;
  const figures = [
    weighting.efficiency === null ? null : `weighting efficiency ${weighting.efficiency}%`,
    weighting.effectiveBase === null ? null : `effective base ${number(Math.round(weighting.effectiveBase))}`,
  ].filter(Boolean);
  return (
    `Percentages, averages and margins of error are weighted by raking (iterative proportional fitting) to ${weighting.targets}` +
    `${figures.length ? ` (${figures.join(', ')})` : ''}.` +
    `${weighting.converged === false ? ' The weights could not meet every target exactly; they come as close as the sample allows.' : ''}` +
    ' Counts are unweighted respondents, and weighted margins of error use the effective base.'
  );
}

/** The disclosure rule, and what it hid in this report. */
function disclosureSentences(hidden: MethodologyFacts['hidden']): string[] {
  const rule = `Groups under ${MIN_CELL_SIZE} are not shown`;
  if (hidden.group) return [disclosureRule, `${rule}: the group of this report is hidden.`];
  const parts = [
    ...(hidden.questions ? [counted(hidden.questions, 'question', 'questions')] : []),
    ...(hidden.figures
      ? [counted(hidden.figures, 'figure within a shown question', 'figures within shown questions')]
      : []),
  ];
  if (!parts.length) return [disclosureRule, `${rule}; nothing in this report needed hiding.`];
  const one = hidden.questions + hidden.figures === 1;
  return [disclosureRule, `${rule}: in this report, ${list(parts)} ${one ? 'is' : 'are'} hidden.`];
}

export interface MethodologyView {
  /** The summary the report shows (its filters, weighting and disclosure control). */
  summary: ResultsSummary;
  plannedSample: number | null;
  /** The report's filters in words ('Girls', 'Ages 13–15'). */
  filterLabels: string[];
  /** The questions the report shows (written-answer questions are left out). */
  questions: readonly Omit<QuestionResult, 'texts'>[];
  textQuestionsLeftOut: number;
  simulatedIncluded: boolean;
}

/** The facts of a view's methodology, from its summary and the survey's quality flags. */
export function methodologyFacts(
  view: MethodologyView,
  quality: Pick<MethodologyFacts, 'flagged' | 'excludedUnflagged'>,
): MethodologyFacts {
  const { summary } = view;
  const w = summary.weighted ? summary.weighting : null;
  return {
    fieldwork: summary.fieldwork,
    plannedSample: view.plannedSample,
    simulatedIncluded: view.simulatedIncluded,
    groupCounted: summary.filtered ? summary.filteredResponses : null,
    ...quality,
    weighting: {
      applied: w !== null,
      targets: w?.targets ?? null,
      efficiency: w?.efficiency ?? null,
      effectiveBase: w?.effectiveBase ?? null,
      converged: w?.converged ?? null,
    },
    hidden: { group: summary.suppressed, ...hiddenCounts(view.questions) },
    textQuestionsLeftOut: view.textQuestionsLeftOut,
  };
}

/** The methodology's sentences, written from the facts alone. */
export function methodologySentences(facts: MethodologyFacts, filterLabels: string[]) {
  const left = facts.textQuestionsLeftOut;
  return {
    sample: sampleSentences(facts, filterLabels).join(' '),
    quality: qualitySentences(facts).join(' '),
    weighting: { applied: facts.weighting.applied, description: weightingDescription(facts.weighting) },
    disclosure: disclosureSentences(facts.hidden).join(' '),
    textAnswers: left
      ? `${TEXT_ANSWERS_NOTE} ${counted(left, 'written-answer question is', 'written-answer questions are')} left out.`
      : TEXT_ANSWERS_NOTE,
  };
}

/** A view's methodology: its facts and the sentences that state them. */
export async function methodologyOf(db: Db, surveyId: string, view: MethodologyView) {
  const facts = methodologyFacts(view, await qualityCounts(db, surveyId, view.simulatedIncluded));
  return { facts, ...methodologySentences(facts, view.filterLabels) };
}
