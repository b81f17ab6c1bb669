import {
  MIN_CELL_SIZE,
  pipingInWords,
  type Question,
  type QuestionResult,
  type ResultsFilter,
  type ResultsSummary,
  suppressionReason,
} from '@tv/contract';
import type { Db } from '../../db/client';
import { disclosedText, isWithheldText } from '../privacy/service';
import { codeCounts, surveyCodes } from './codes';
import { newTypeResult } from './new-type-results';
import { fieldworkCounts, isFiltered, openTextRows, responseScope, spanishCount } from './summary-queries';
import { type AtomRow, judgeFilter } from './suppression';
import { cell, NONE, plus, type Tally, tallyOf, weightedCell } from './tally';
import type { CellWeights } from './weighting';

// Assembling a summary from what was counted, however it was counted (summary.ts reads the maintained
// aggregates or the raw rows): the totals, disclosure control, the open-text samples and each
// question's result.

/** Counted rows; w and w2 (see Tally) only when weighted. */
interface Weighed {
  n: number;
  w?: number;
  w2?: number;
}
export interface ScalarRow extends Weighed {
  question_id: string;
  value: string;
}
export interface ArrayRow extends Weighed {
  question_id: string;
  value: string;
  position: number;
}
export interface ObjectRow extends Weighed {
  question_id: string;
  row_id: string;
  value: string;
}

export interface Totals {
  completed: number;
  screened_out: number;
  quota_full: number;
  excluded: number;
  median: number | null;
}

export interface Counts {
  scalars: ScalarRow[];
  lists: ArrayRow[];
  objects: ObjectRow[];
  answeredBy: Map<string, Tally>;
  /** The respondents of the group shown, when weighted (for the efficiency and effective base). */
  group?: Tally;
}

/** What a summary is made of, however it is counted (maintained aggregates or raw rows). */
export interface Sources {
  totals: Totals | undefined;
  /** Respondents in the filtered group (the completed responses when not filtered). */
  groupSize: number;
  /** Respondents per audience cell and cross-tab answer, for disclosure control. */
  atoms(): Promise<AtomRow[]>;
  /** The same, per question: the respondents who answered it. */
  questionAtoms(): Promise<Map<string, AtomRow[]>>;
  counts(): Promise<Counts>;
}

export type SummarySurvey = {
  id: string;
  status: string;
  sampleSize: number | null;
  /** The sample places taken (the survey row's `completedCount`). */
  completedCount?: number;
};

export const isText = (q: Question) => q.type === 'short_text' || q.type === 'long_text';

/** Totals, disclosure control, open-text samples and each question's result, from either source. */
export async function present(
  db: Db,
  survey: SummarySurvey,
  questions: Question[],
  filter: ResultsFilter,
  textSearch: string | undefined,
  weights: CellWeights | null,
  sources: Sources,
): Promise<ResultsSummary> {
  const { totals, groupSize } = sources;
  const filtered = isFiltered(filter);
  const completed = totals?.completed ?? 0;
  const started = completed + (totals?.excluded ?? 0) + (totals?.quota_full ?? 0);
  const [spanishResponses, fieldwork] = await Promise.all([
    spanishCount(db, survey.id, filter, completed),
    fieldworkCounts(db, survey, Boolean(filter.includeSimulated)),
  ]);

  const base: Omit<ResultsSummary, 'questions' | 'suppressed' | 'suppressedReason'> = {
    weighted: weights !== null,
    // Filled in below for a group that is shown.
    weighting: null,
    surveyId: survey.id,
    status: survey.status,
    totals: {
      responses: completed,
      started,
      screenedOut: totals?.screened_out ?? 0,
      quotaFull: totals?.quota_full ?? 0,
      excluded: totals?.excluded ?? 0,
      completionRate:
        started + (totals?.screened_out ?? 0) === 0
          ? null
          : Math.round((completed / (started + (totals?.screened_out ?? 0))) * 1000) / 10,
      medianDurationSeconds:
        totals?.median === null || totals?.median === undefined ? null : Math.round(Number(totals.median)),
      sampleSize: survey.sampleSize,
      spanishResponses,
    },
    fieldwork,
    filtered,
    filteredResponses: filtered ? (groupSize < MIN_CELL_SIZE && groupSize > 0 ? null : groupSize) : null,
    generatedAt: new Date().toISOString(),
  };

  // A hidden group is still a weighted view: its note names the targets, without figures (issue 26),
  // so the switch ('Weighted') and the note agree.
  const hiddenWeighting: ResultsSummary['weighting'] = weights
    ? {
        targets: weights.label,
        applied: weights.applied,
        source: weights.source,
        efficiency: null,
        effectiveBase: null,
        converged: weights.converged,
      }
    : null;
  if (groupSize > 0 && groupSize < MIN_CELL_SIZE) {
    return {
      ...base,
      weighting: hiddenWeighting,
      suppressed: true,
      suppressedReason: suppressionReason,
      questions: [],
    };
  }
  // Complementary suppression: a filtered group that other views would reveal by subtraction.
  const perQuestionVerdict = new Map<string, string>();
  if (filtered) {
    const verdict = judgeFilter(await sources.atoms(), filter);
    if (!verdict.shown) {
      return {
        ...base,
        weighting: hiddenWeighting,
        filteredResponses: null,
        suppressed: true,
        suppressedReason: verdict.reason,
        questions: [],
      };
    }
    for (const [questionId, rows] of await sources.questionAtoms()) {
      const judged = judgeFilter(rows, filter);
      if (!judged.shown) perQuestionVerdict.set(questionId, judged.reason);
    }
  }

  const textIds = questions.filter(isText).map((q) => q.id);
  const { scalars, lists, objects, answeredBy, group } = await sources.counts();

  // Open text: withheld while it raised a safeguarding incident, redacted otherwise. A search looks
  // at what the organisation may see, never at the raw text (it would reveal what was hidden).
  const search = textSearch?.trim().toLowerCase();
  const sampleOf = async (id: string): Promise<[string, string[]]> => {
    const rows = await openTextRows(db, survey.id, filter, id, search ? 5000 : 200);
    const shown = rows
      .map((row) =>
        disclosedText(
          row.value,
          { flagged: row.flagged, decision: row.decision, releasedText: row.released_text },
          isWithheldText,
        ),
      )
      .filter((t) => !search || (!t.withheld && t.text.toLowerCase().includes(search)))
      .slice(0, 200)
      .map((t) => t.text);
    return [id, shown];
  };
  const texts = new Map(await Promise.all(textIds.map(sampleOf)));

  // Codes of open text (decision 046): each coded question's chart, of readable answers only.
  const codes = await surveyCodes(db, survey.id);
  const charts = await codeCounts(db, survey.id, responseScope(survey.id, filter), codes, weights);

  const results = questions.map((q) => {
    const hiddenBecause = perQuestionVerdict.get(q.id);
    const chart = charts.get(q.id);
    const result = questionResult(
      q,
      answeredBy.get(q.id) ?? NONE,
      scalars,
      lists,
      objects,
      texts.get(q.id) ?? [],
      weights !== null,
    );
    if (chart && isText(q)) {
      result.codes = result.suppressed ? [] : chart.codes;
      result.codedBase = result.suppressed ? null : chart.codedBase;
    }
    if (!hiddenBecause || result.suppressed) return result;
    return {
      ...result,
      answered: null,
      effectiveBase: null,
      suppressed: true,
      suppressedReason: hiddenBecause,
      options: [],
      matrix: [],
      mean: null,
      distribution: [],
      nps: null,
      averageRanks: [],
      texts: [],
      ...(chart ? { codes: [], codedBase: null } : {}),
      // A constant sum's means (decision 048) are hidden with the rest.
      ...(result.sums ? { sums: [] } : {}),
      ...(result.maxDiff ? { maxDiff: [] } : {}),
    };
  });
  const round1 = (value: number) => Math.round(value * 10) / 10;
  const weighting: ResultsSummary['weighting'] = weights
    ? {
        targets: weights.label,
        applied: weights.applied,
        source: weights.source,
        efficiency:
          group && group.n > 0 && group.w2 > 0
            ? round1(((group.w * group.w) / (group.n * group.w2)) * 100)
            : null,
        effectiveBase: group && group.w2 > 0 ? round1((group.w * group.w) / group.w2) : null,
        converged: weights.converged,
      }
    : null;
  // A heading reads a piped answer as '[answer to Q2]', numbered as the results number their questions
  // (the results screen, the shared report and its PDF all take their headings from here).
  const headed = results.map((result) => ({ ...result, title: pipingInWords(result.title, questions) }));
  return { ...base, weighting, suppressed: false, suppressedReason: null, questions: headed };
}

function questionResult(
  q: Question,
  answeredTally: Tally,
  scalars: ScalarRow[],
  lists: ArrayRow[],
  objects: ObjectRow[],
  texts: string[],
  weighted = false,
): QuestionResult {
  const answered = answeredTally.n;
  /** A share of a base: unweighted exactly as before, or weighted (percent and margin, not count). */
  const figure = (part: Tally, of: Tally) => (weighted ? weightedCell(part, of) : cell(part.n, of.n));
  const empty: QuestionResult = {
    questionId: q.id,
    type: q.type,
    title: q.title,
    answered: cell(answered, answered).count,
    // Weighted: what the chart's base is worth after weighting (issue 26).
    ...(weighted && answered >= MIN_CELL_SIZE && answeredTally.w2 > 0
      ? { effectiveBase: Math.round(((answeredTally.w * answeredTally.w) / answeredTally.w2) * 10) / 10 }
      : {}),
    suppressed: answered > 0 && answered < MIN_CELL_SIZE,
    suppressedReason: answered > 0 && answered < MIN_CELL_SIZE ? suppressionReason : null,
    options: [],
    matrix: [],
    mean: null,
    distribution: [],
    nps: null,
    averageRanks: [],
    texts: [],
  };
  if (empty.suppressed) return empty;
  const mine = scalars.filter((s) => s.question_id === q.id);
  const countOf = (value: string) => tallyOf(mine.filter((s) => s.value === value));

  switch (q.type) {
    case 'single_choice':
    case 'dropdown':
      return {
        ...empty,
        options: q.options.map((o) => ({
          id: o.id,
          label: o.label,
          ...figure(countOf(o.id), answeredTally),
        })),
      };
    case 'yes_no': {
      const yes = plus(countOf('true'), countOf('yes'));
      const no = plus(countOf('false'), countOf('no'));
      return {
        ...empty,
        options: [
          { id: 'yes', label: 'Yes', ...figure(yes, answeredTally) },
          { id: 'no', label: 'No', ...figure(no, answeredTally) },
        ],
      };
    }
    case 'multiple_choice': {
      const rows = lists.filter((l) => l.question_id === q.id);
      return {
        ...empty,
        options: q.options.map((o) => ({
          id: o.id,
          label: o.label,
          ...figure(tallyOf(rows.filter((row) => row.value === o.id)), answeredTally),
        })),
      };
    }
    case 'ranking': {
      const rows = lists.filter((l) => l.question_id === q.id);
      return {
        ...empty,
        averageRanks: q.options
          .map((o) => {
            const ranks = rows.filter((row) => row.value === o.id);
            const total = tallyOf(ranks);
            const ranked = ranks.reduce((sum, row) => sum + row.position * (row.w ?? row.n), 0);
            return {
              id: o.id,
              label: o.label,
              averageRank: total.n >= MIN_CELL_SIZE ? Math.round((ranked / total.w) * 100) / 100 : null,
            };
          })
          .sort((a, b) => (a.averageRank ?? 99) - (b.averageRank ?? 99)),
      };
    }
    case 'likert_matrix': {
      const rows = objects.filter((o) => o.question_id === q.id);
      return {
        ...empty,
        matrix: q.rows.map((row) => {
          const inRow = rows.filter((o) => o.row_id === row.id);
          const rowTotal = tallyOf(inRow);
          return {
            id: row.id,
            label: row.label,
            columns: q.options.map((column) => ({
              id: column.id,
              label: column.label,
              ...figure(tallyOf(inRow.filter((o) => o.value === column.id)), rowTotal),
            })),
          };
        }),
      };
    }
    case 'rating':
    case 'number':
    case 'nps': {
      const numeric = mine
        .map((s) => ({ value: Number(s.value), n: s.n, w: s.w ?? s.n, w2: s.w2 ?? s.n }))
        .filter((s) => Number.isFinite(s.value));
      const all = tallyOf(numeric);
      const total = all.w;
      const mean =
        all.n && total > 0
          ? Math.round((numeric.reduce((sum, s) => sum + s.value * s.w, 0) / total) * 100) / 100
          : null;
      const scale = q.scale ?? (q.type === 'nps' ? { min: 0, max: 10 } : null);
      const values = scale
        ? Array.from({ length: scale.max - scale.min + 1 }, (_, i) => scale.min + i)
        : [...new Set(numeric.map((s) => s.value))].sort((a, b) => a - b);
      const distribution = values.map((v) => ({
        id: String(v),
        label: String(v),
        ...figure(tallyOf(numeric.filter((s) => s.value === v)), all),
      }));
      let nps: QuestionResult['nps'] = null;
      if (q.type === 'nps' && total > 0) {
        const promoters = numeric.filter((s) => s.value >= 9).reduce((sum, s) => sum + s.w, 0);
        const detractors = numeric.filter((s) => s.value <= 6).reduce((sum, s) => sum + s.w, 0);
        const passives = total - promoters - detractors;
        const pct = (n: number) => Math.round((n / total) * 1000) / 10;
        nps = {
          score: Math.round(pct(promoters) - pct(detractors)),
          promoters: pct(promoters),
          passives: pct(passives),
          detractors: pct(detractors),
        };
      }
      return { ...empty, mean, distribution, nps };
    }
    case 'short_text':
    case 'long_text':
      return { ...empty, texts };
    default:
      // Slider, date, image choice, constant sum and MaxDiff (decision 048).
      return newTypeResult(q, empty, { scalars, lists, objects }, answeredTally, figure);
  }
}

/** The old summary: a plain table of counts per question and option. */
export function oldSummary(summary: ResultsSummary) {
  return summary.questions.map((q) => {
    const rows =
      q.options.length > 0
        ? q.options.map((o) => ({ label: o.label, count: o.count }))
        : q.matrix.length > 0
          ? q.matrix.flatMap((row) =>
              row.columns.map((c) => ({ label: `${row.label} — ${c.label}`, count: c.count })),
            )
          : q.distribution.length > 0
            ? q.distribution.map((d) => ({ label: d.label, count: d.count }))
            : [{ label: 'Answers', count: q.answered }];
    return { questionId: q.questionId, title: q.title, rows };
  });
}
