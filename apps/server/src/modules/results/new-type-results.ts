import {
  dateBins,
  MIN_CELL_SIZE,
  maxDiffKeys,
  maxDiffSets,
  type Question,
  type QuestionResult,
  sliderBins,
} from '@tv/contract';

import type { ArrayRow, ObjectRow, ScalarRow } from './summary-assembly';
import { type Tally, tallyOf } from './tally';

// The results of the question types of decision 048, from the same counted rows as the others (the
// maintained aggregates' scalar, list and matrix kinds, decision 020): a slider's mean and ranges, a
// date's months or years.

type Figure = (
  part: Tally,
  of: Tally,
) => { count: number | null; percent: number | null; marginOfError: number | null };

interface Rows {
  scalars: ScalarRow[];
  lists: ArrayRow[];
  objects: ObjectRow[];
}

/** The result of a question of a new type, or the empty result for any other type. */
export function newTypeResult(
  q: Question,
  empty: QuestionResult,
  rows: Rows,
  answered: Tally,
  figure: Figure,
): QuestionResult {
  switch (q.type) {
    case 'slider':
      return sliderResult(q, empty, rows.scalars, figure);
    case 'date':
      return dateResult(q, empty, rows.scalars, figure);
    case 'constant_sum': {
      // The mean points per item among those who answered (an item left out was given 0).
      const given = rows.objects.filter((o) => o.question_id === q.id);
      return {
        ...empty,
        sums: q.options.map((o) => {
          const points = given
            .filter((row) => row.row_id === o.id)
            .reduce((sum, row) => sum + Number(row.value) * weightOf(row), 0);
          return {
            id: o.id,
            label: o.label,
            mean: answered.w > 0 && Number.isFinite(points) ? round2(points / answered.w) : null,
          };
        }),
      };
    }
    case 'maxdiff':
      return { ...empty, maxDiff: maxDiffScores(q, rows.objects) };
    case 'image_choice': {
      // Counted as the single or multiple choice it is: the share of those who answered per picture.
      const mine = q.multiple
        ? rows.lists.filter((l) => l.question_id === q.id)
        : rows.scalars.filter((s) => s.question_id === q.id);
      return {
        ...empty,
        options: q.options.map((o) => ({
          id: o.id,
          label: o.label,
          ...figure(tallyOf(mine.filter((row) => row.value === o.id)), answered),
        })),
      };
    }
    default:
      return empty;
  }
}

const weightOf = (row: { n: number; w?: number }) => row.w ?? row.n;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A slider: the (weighted) mean, and the share in each point or range of its scale. */
function sliderResult(
  q: Question,
  empty: QuestionResult,
  scalars: ScalarRow[],
  figure: Figure,
): QuestionResult {
  const numeric = scalars
    .filter((s) => s.question_id === q.id)
    .map((s) => ({ ...s, number: Number(s.value) }))
    .filter((s) => Number.isFinite(s.number));
  const all = tallyOf(numeric);
  const mean =
    all.n > 0 && all.w > 0
      ? round2(numeric.reduce((sum, s) => sum + s.number * weightOf(s), 0) / all.w)
      : null;
  const distribution = sliderBins(q).map((bin) => ({
    id: bin.id,
    label: bin.label,
    ...figure(tallyOf(numeric.filter((s) => s.number >= bin.from && s.number <= bin.to)), all),
  }));
  return { ...empty, mean, distribution };
}

/**
 * A date: the share in each month (or year, when the answers span more than two years), never a
 * single day, which one teen alone may have chosen.
 */
function dateResult(
  q: Question,
  empty: QuestionResult,
  scalars: ScalarRow[],
  figure: Figure,
): QuestionResult {
  const days = scalars.filter((s) => s.question_id === q.id && /^\d{4}-\d{2}-\d{2}$/.test(s.value));
  const all = tallyOf(days);
  const distribution = dateBins(days.map((d) => d.value)).map((bin) => ({
    id: bin.id,
    label: bin.label,
    ...figure(tallyOf(days.filter((d) => d.value.startsWith(bin.id))), all),
  }));
  return { ...empty, distribution };
}

/**
 * MaxDiff counting scores: per item, how often it was chosen best and worst, how often it was shown
 * (the respondents who answered each set it was in), and (best − worst) / shown, weighted when the
 * summary is. Counts are respondents; an item shown to fewer than 5 has no score.
 */
function maxDiffScores(q: Question, objects: ObjectRow[]): NonNullable<QuestionResult['maxDiff']> {
  const mine = objects.filter((o) => o.question_id === q.id);
  const tally = (key: string, item?: string) =>
    mine
      .filter((o) => o.row_id === key && (item === undefined || o.value === item))
      .reduce((sum, o) => ({ n: sum.n + o.n, w: sum.w + weightOf(o) }), { n: 0, w: 0 });
  const sets = maxDiffSets(q);
  return q.options
    .map((option) => {
      let best = { n: 0, w: 0 };
      let worst = { n: 0, w: 0 };
      let shown = { n: 0, w: 0 };
      for (const [index, set] of sets.entries()) {
        if (!set.includes(option.id)) continue;
        const keys = maxDiffKeys(index + 1);
        const answeredSet = tally(keys.best);
        const b = tally(keys.best, option.id);
        const w = tally(keys.worst, option.id);
        best = { n: best.n + b.n, w: best.w + b.w };
        worst = { n: worst.n + w.n, w: worst.w + w.w };
        shown = { n: shown.n + answeredSet.n, w: shown.w + answeredSet.w };
      }
      return {
        id: option.id,
        label: option.label,
        best: best.n,
        worst: worst.n,
        shown: shown.n,
        score: shown.n >= MIN_CELL_SIZE && shown.w > 0 ? round2((best.w - worst.w) / shown.w) : null,
      };
    })
    .sort((a, b) => (b.score ?? -2) - (a.score ?? -2));
}
