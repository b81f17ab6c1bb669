import type { Question, ResultsFilter, ResultsSummary } from '@tv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { type AggregateRow, foldSurveyAll, readAggregates, SERVER_FOLD_BATCH, tailSize } from './aggregates';
import { isCodeFilter, surveyCodes } from './codes';
import { assertClosedFilter } from './filters';
import {
  type ArrayRow,
  isText,
  type ObjectRow,
  present,
  type ScalarRow,
  type SummarySurvey,
  type Totals,
} from './summary-assembly';
import { atomRows, isFiltered, responseScope } from './summary-queries';
import type { AtomRow } from './suppression';
import { NONE, plus, tallyOf, weighed } from './tally';
import type { CellWeights } from './weighting';

// A survey's results summary, read two ways: from the maintained aggregates (summarize) or from the
// raw rows (summarizeRaw); summary-assembly.ts builds the summary from either's counts, and
// summary-queries.ts holds the reads of responses they share with cross-tabs, exports and weighting.

export { oldSummary } from './summary-assembly';
export {
  atomRows,
  FILTERED_SAMPLE_WINDOW,
  fieldworkCounts,
  filteredViewVerdict,
  isFiltered,
  responseScope,
} from './summary-queries';

const r = surveyResponses;

/** Above this many unfolded responses, a summary folds them first rather than expand them each time. */
export const TAIL_FOLD_THRESHOLD = 5000;

/**
 * The summary from maintained aggregates (decision 020): one statement reads the aggregates and the
 * responses not folded yet, so it is exact at any moment and its cost does not grow with the number
 * of responses. Open-text samples still come from the newest raw rows (a LIMITed read).
 */
export async function summarize(
  db: Db,
  survey: SummarySurvey,
  questions: Question[],
  filter: ResultsFilter = {},
  textSearch?: string,
  /** False on the embedded database, whose one connection a long fold would hold (decision 020). */
  foldLongTail = true,
  /** The survey's weights for a weighted summary (issue 13); null: unweighted. */
  weights: CellWeights | null = null,
): Promise<ResultsSummary> {
  // Only a closed question's option narrows a view (decision 034); the aggregates hold each of them.
  const codeFilter = isCodeFilter(filter);
  assertClosedFilter(questions, filter, codeFilter ? await surveyCodes(db, survey.id) : []);
  const [fq = '', fv = ''] = filter.answer ? filter.answer.split(':') : [];
  // The language is not a dimension of the aggregates (decision 033), nor are codes (decision 046): a
  // language or code filter reads raw rows.
  if (filter.language || codeFilter) return summarizeRaw(db, survey, questions, filter, textSearch, weights);
  if (foldLongTail && (await tailSize(db, survey.id, TAIL_FOLD_THRESHOLD)) >= TAIL_FOLD_THRESHOLD) {
    await foldSurveyAll(db, survey.id, SERVER_FOLD_BATCH);
  }
  const filtered = isFiltered(filter);
  const audience: SQL[] = [];
  if (filter.ageMin !== undefined) audience.push(sql`age >= ${filter.ageMin}`);
  if (filter.ageMax !== undefined) audience.push(sql`age <= ${filter.ageMax}`);
  if (filter.gender) audience.push(sql`gender = ${filter.gender}`);
  if (filter.region) audience.push(sql`region = ${filter.region}`);
  const rows = await readAggregates(db, {
    surveyId: survey.id,
    includeSimulated: Boolean(filter.includeSimulated),
    context: { fq, fv },
    audience: audience.length ? sql.join(audience, sql` and `) : null,
    cells: filtered ? { question: filter.answer ? fq : null } : false,
    // Weighted: each cell's answers multiplied by its weight in the query (a few hundred rows back, not
    // one per answer and cell).
    cellWeights: weights?.cells,
  });

  const sum = (test: (row: AggregateRow) => boolean) =>
    rows.reduce((total, row) => (test(row) ? total + row.n : total), 0);
  const durations = rows
    .filter((row) => row.part === 'total' && row.kind === 'd')
    .map((row) => ({ value: Number(row.k1), n: row.n }))
    .sort((a, b) => a.value - b.value);
  const totals: Totals = {
    completed: sum((r) => r.kind === 's' && r.qid === 'completed' && r.k1 === 'false'),
    screened_out: sum((r) => r.kind === 's' && r.qid === 'screened_out'),
    quota_full: sum((r) => r.kind === 's' && r.qid === 'quota_full'),
    excluded: sum((r) => r.kind === 's' && r.k1 === 'true'),
    median: medianOf(durations),
  };
  // Weighted or not, the query summed each answer's weighted counts (w, w2) already.
  const answers = rows.filter((row) => row.part === 'answer');
  const cells = rows.filter((row) => row.part === 'cell');
  /** Cell counts as atoms: a context's count is an atom with that answer, taken off the no-answer rest. */
  const atomsOf = (list: AggregateRow[]): AtomRow[] =>
    list.flatMap((c) => {
      const at = { age: c.age, gender: c.gender, region: c.region };
      return c.fq === ''
        ? [{ ...at, answer: null, n: c.n }]
        : [
            { ...at, answer: [c.fv], n: c.n },
            { ...at, answer: null, n: -c.n },
          ];
    });
  const textIds = new Set(questions.filter((q) => isText(q)).map((q) => q.id));

  return present(db, survey, questions, filter, textSearch, weights, {
    totals,
    groupSize: filtered ? sum((r) => r.part === 'answer' && r.kind === 'n') : totals.completed,
    atoms: async () => atomsOf(cells.filter((c) => c.kind === 'n')),
    questionAtoms: async () => {
      const byQuestion = new Map<string, AggregateRow[]>();
      for (const c of cells) {
        if (c.kind !== 'a') continue;
        const list = byQuestion.get(c.qid) ?? [];
        list.push(c);
        byQuestion.set(c.qid, list);
      }
      return new Map([...byQuestion].map(([id, list]) => [id, atomsOf(list)]));
    },
    counts: async () => {
      const weighedOf = (r: AggregateRow) => (weights ? { w: r.w, w2: r.w2 } : {});
      return {
        scalars: answers
          .filter((r) => r.kind === 'v' && !textIds.has(r.qid))
          .map((r) => ({ question_id: r.qid, value: r.k1, n: r.n, ...weighedOf(r) })),
        lists: answers
          .filter((r) => r.kind === 'l')
          .map((r) => ({ question_id: r.qid, value: r.k1, position: Number(r.k2), n: r.n, ...weighedOf(r) })),
        objects: answers
          .filter((r) => r.kind === 'm')
          .map((r) => ({ question_id: r.qid, row_id: r.k1, value: r.k2, n: r.n, ...weighedOf(r) })),
        answeredBy: new Map(answers.filter((r) => r.kind === 'a').map((r) => [r.qid, plus(NONE, r)])),
        ...(weights ? { group: tallyOf(answers.filter((r) => r.kind === 'n')) } : {}),
      };
    },
  });
}

/** percentile_cont(0.5) over counted values, as the raw query computes it. */
function medianOf(values: { value: number; n: number }[]): number | null {
  const total = values.reduce((sum, v) => sum + v.n, 0);
  if (total === 0) return null;
  const at = (index: number) => {
    let seen = 0;
    for (const v of values) {
      seen += v.n;
      if (index < seen) return v.value;
    }
    return values.at(-1)!.value;
  };
  const position = (total - 1) / 2;
  const lower = at(Math.floor(position));
  const upper = at(Math.ceil(position));
  return lower + (upper - lower) * (position - Math.floor(position));
}

/**
 * The summary counted from raw rows, in four passes whatever the number of questions: scalar
 * answers, list answers (choices, rankings), matrix answers, and a sample of open text. The
 * reference the aggregates are checked against (tests, bench), and the answer for a language filter
 * (not a dimension of the aggregates).
 */
export async function summarizeRaw(
  db: Db,
  survey: SummarySurvey,
  questions: Question[],
  filter: ResultsFilter = {},
  textSearch?: string,
  weights: CellWeights | null = null,
): Promise<ResultsSummary> {
  assertClosedFilter(questions, filter, isCodeFilter(filter) ? await surveyCodes(db, survey.id) : []);
  const scope = responseScope(survey.id, filter);
  const filtered = isFiltered(filter);
  // Weighted: each count per audience cell as well, weighed by the cell's weight (see summarize).
  const cellColumns = weights ? sql`, ${r.age} as age, ${r.gender} as gender, ${r.region} as region` : sql``;
  const cellGroups = weights ? sql`, ${r.age}, ${r.gender}, ${r.region}` : sql``;
  const key = (...parts: (string | number)[]) => parts.join('\u0000');

  const [totals] = await queryRows<Totals>(
    db,
    sql`select
      count(*) filter (where ${r.status} = 'completed' and not ${r.excluded})::int as completed,
      count(*) filter (where ${r.status} = 'screened_out')::int as screened_out,
      count(*) filter (where ${r.status} = 'quota_full')::int as quota_full,
      count(*) filter (where ${r.excluded})::int as excluded,
      percentile_cont(0.5) within group (order by ${r.durationSeconds}) filter (where ${r.status} = 'completed' and not ${r.excluded}) as median
      from ${r} where ${r.surveyId} = ${survey.id}${filter.includeSimulated ? sql`` : sql` and not ${r.simulated}`}`,
  );
  const completed = totals?.completed ?? 0;
  const [{ n: groupSize } = { n: 0 }] = filtered
    ? await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${r} where ${scope}`)
    : [{ n: completed }];

  const textIds = questions.filter(isText).map((q) => q.id);
  const textFilter = textIds.length
    ? sql`and e.key not in (${sql.join(
        textIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return present(db, survey, questions, filter, textSearch, weights, {
    totals,
    groupSize,
    atoms: () => atomRows(db, survey.id, filter, false),
    questionAtoms: async () => {
      const byQuestion = new Map<string, AtomRow[]>();
      for (const row of await atomRows(db, survey.id, filter, true)) {
        const list = byQuestion.get(row.question_id!) ?? [];
        list.push(row);
        byQuestion.set(row.question_id!, list);
      }
      return byQuestion;
    },
    counts: async () => {
      type Cell = { age?: number; gender?: string; region?: string };
      const [scalars, lists, objects, answeredRows, groupRows] = await Promise.all([
        queryRows<ScalarRow & Cell>(
          db,
          sql`select e.key as question_id, e.value #>> '{}' as value${cellColumns}, count(*)::int as n
              from ${r}, jsonb_each(${r.answers}) e
              where ${scope} and jsonb_typeof(e.value) in ('string', 'number', 'boolean') ${textFilter}
              group by 1, 2${cellGroups}`,
        ),
        queryRows<ArrayRow & Cell>(
          db,
          sql`select e.key as question_id, a.value, a.position::int as position${cellColumns}, count(*)::int as n
              from ${r}, jsonb_each(${r.answers}) e, jsonb_array_elements_text(e.value) with ordinality a(value, position)
              where ${scope} and jsonb_typeof(e.value) = 'array'
              group by 1, 2, 3${cellGroups}`,
        ),
        queryRows<ObjectRow & Cell>(
          db,
          sql`select e.key as question_id, m.key as row_id, m.value${cellColumns}, count(*)::int as n
              from ${r}, jsonb_each(${r.answers}) e, jsonb_each_text(e.value) m
              where ${scope} and jsonb_typeof(e.value) = 'object'
              group by 1, 2, 3${cellGroups}`,
        ),
        queryRows<{ question_id: string; n: number } & Cell>(
          db,
          sql`select e.key as question_id${cellColumns}, count(*)::int as n from ${r}, jsonb_each(${r.answers}) e where ${scope} group by 1${cellGroups}`,
        ),
        weights
          ? queryRows<{ n: number } & Cell>(
              db,
              sql`select ${r.age} as age, ${r.gender} as gender, ${r.region} as region, count(*)::int as n
                  from ${r} where ${scope} group by 1, 2, 3`,
            )
          : Promise.resolve([]),
      ]);
      if (!weights) {
        return {
          scalars,
          lists,
          objects,
          answeredBy: new Map(answeredRows.map((row) => [row.question_id, plus(NONE, row)])),
        };
      }
      return {
        scalars: weighed(scalars, (row) => key(row.question_id, row.value), weights),
        lists: weighed(lists, (row) => key(row.question_id, row.value, row.position), weights),
        objects: weighed(objects, (row) => key(row.question_id, row.row_id, row.value), weights),
        answeredBy: new Map(
          weighed(answeredRows, (row) => row.question_id, weights).map((row) => [row.question_id, row]),
        ),
        group: tallyOf(weighed(groupRows, () => 'group', weights)),
      };
    },
  });
}
