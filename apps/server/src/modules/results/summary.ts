import {
  type FieldworkCounts,
  MIN_CELL_SIZE,
  type Question,
  type QuestionResult,
  type ResultsFilter,
  type ResultsSummary,
  suppressionReason,
} from '@tv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { answerReviews, incidents, surveyResponses } from '../../db/schema/responses';
import { disclosedText, isWithheldText } from '../privacy/service';
import {
  type AggregateRow,
  completedResponseCounts,
  foldSurveyAll,
  readAggregates,
  tailSize,
} from './aggregates';
import { assertClosedFilter } from './filters';
import { marginOfError, shareOf } from './statistics';
import { type AtomRow, hiddenSiblings, judgeFilter, type Verdict } from './suppression';
import type { CellWeights } from './weighting';

const r = surveyResponses;

/**
 * The responses a summary or export counts: completed, not excluded, real unless simulated ones are
 * asked for, narrowed by the filter.
 */
export function responseScope(surveyId: string, filter: ResultsFilter = {}): SQL {
  const parts: SQL[] = [
    sql`${r.surveyId} = ${surveyId}`,
    sql`${r.status} = 'completed'`,
    sql`${r.excluded} = false`,
  ];
  if (!filter.includeSimulated) parts.push(sql`${r.simulated} = false`);
  if (filter.ageMin !== undefined) parts.push(sql`${r.age} >= ${filter.ageMin}`);
  if (filter.ageMax !== undefined) parts.push(sql`${r.age} <= ${filter.ageMax}`);
  if (filter.gender) parts.push(sql`${r.gender} = ${filter.gender}`);
  if (filter.region) parts.push(sql`${r.region} = ${filter.region}`);
  if (filter.language) parts.push(sql`${r.language} = ${filter.language}`);
  if (filter.answer) {
    const [questionId, optionId] = filter.answer.split(':') as [string, string];
    parts.push(
      sql`(${r.answers} -> ${questionId} = to_jsonb(${optionId}::text) or (jsonb_typeof(${r.answers} -> ${questionId}) = 'array' and ${r.answers} -> ${questionId} ? ${optionId}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** Whether the view narrows the respondents (including simulated ones widens it: not a filter). */
export const isFiltered = ({ includeSimulated: _all, ...filter }: ResultsFilter) =>
  Object.values(filter).some((v) => v !== undefined && v !== '');

/**
 * A count inside a group. The group (its base) is what must hold at least MIN_CELL_SIZE
 * respondents; a small count inside a large enough group is shown (decision 014).
 */
const cell = (count: number, base: number) => {
  if (base > 0 && base < MIN_CELL_SIZE) return { count: null, percent: null, marginOfError: null };
  if (base === 0) return { count, percent: null, marginOfError: null };
  const moe = marginOfError(count / base, base);
  return {
    count,
    percent: Math.round((count / base) * 1000) / 10,
    // The 95% margin of error of the share, in points (issue 13).
    marginOfError: moe === null ? null : Math.round(moe * 1000) / 10,
  };
};

/**
 * Respondents behind a figure: n unweighted, w the sum of their weights and w2 the sum of their
 * squared weights (both n when unweighted), so a share is w / w of its base and its effective base
 * is w² / w2 (Kish).
 */
interface Tally {
  n: number;
  w: number;
  w2: number;
}
const NONE: Tally = { n: 0, w: 0, w2: 0 };
const plus = (a: Tally, b: { n: number; w?: number; w2?: number }): Tally => ({
  n: a.n + b.n,
  w: a.w + (b.w ?? b.n),
  w2: a.w2 + (b.w2 ?? b.n),
});
const tallyOf = (rows: readonly { n: number; w?: number; w2?: number }[]) => rows.reduce(plus, NONE);

/**
 * A weighted share inside a group: the percentage is weighted, the count stays the respondents who
 * gave the answer (unweighted), and the margin of error uses the group's effective base. Hidden
 * exactly when the unweighted figure is: a group under 5 respondents (decision 014).
 */
const weightedCell = (part: Tally, base: Tally) => {
  if (base.n > 0 && base.n < MIN_CELL_SIZE) return { count: null, percent: null, marginOfError: null };
  if (base.n === 0 || base.w <= 0 || base.w2 <= 0)
    return { count: part.n, percent: null, marginOfError: null };
  const share = shareOf(part.w, base.w);
  const moe = marginOfError(share, (base.w * base.w) / base.w2);
  return {
    count: part.n,
    percent: Math.round(share * 1000) / 10,
    marginOfError: moe === null ? null : Math.round(moe * 1000) / 10,
  };
};

/** Collapses rows counted per audience cell into one row per key, with the cells' weights summed in. */
function weighed<T extends { n: number; age?: number; gender?: string; region?: string }>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  weights: CellWeights,
): (T & Tally)[] {
  const out = new Map<string, T & Tally>();
  for (const row of rows) {
    const weight = weights.of({ age: row.age ?? '', gender: row.gender ?? '', region: row.region ?? '' });
    const key = keyOf(row);
    const seen = out.get(key);
    if (seen) {
      seen.n += row.n;
      seen.w += row.n * weight;
      seen.w2 += row.n * weight * weight;
    } else {
      out.set(key, { ...row, n: row.n, w: row.n * weight, w2: row.n * weight * weight });
    }
  }
  return [...out.values()];
}

/** The respondents of a survey counted per age, gender, region and cross-tab answer (see suppression.ts). */
export async function atomRows(db: Db, surveyId: string, filter: ResultsFilter, perQuestion: boolean) {
  const answer = filter.answer ? sql`${r.answers} -> ${filter.answer.split(':')[0]!}` : sql`null::jsonb`;
  // The whole population the views are cut from: the same respondents, simulated or not, as the view.
  const base: ResultsFilter = { includeSimulated: filter.includeSimulated };
  return queryRows<AtomRow & { question_id: string | null }>(
    db,
    perQuestion
      ? sql`select e.key as question_id, ${r.age} as age, ${r.gender} as gender, ${r.region} as region, ${answer} as answer, ${r.language} as language, count(*)::int as n
          from ${r}, jsonb_each(${r.answers}) e where ${responseScope(surveyId, base)} group by 1, 2, 3, 4, 5, 6`
      : sql`select null as question_id, ${r.age} as age, ${r.gender} as gender, ${r.region} as region, ${answer} as answer, ${r.language} as language, count(*)::int as n
          from ${r} where ${responseScope(surveyId, base)} group by 2, 3, 4, 5, 6`,
  );
}

/**
 * Whether a filtered view may be shown (decision 014): no group under 5, directly or by subtraction.
 * An unfiltered view is always shown. Cross-tabs and downloads judge their group with it.
 */
export async function filteredViewVerdict(db: Db, surveyId: string, filter: ResultsFilter): Promise<Verdict> {
  if (!isFiltered(filter)) return { shown: true };
  return judgeFilter(await atomRows(db, surveyId, filter, false), filter);
}

/** Counted rows; w and w2 (see Tally) only when weighted. */
interface Weighed {
  n: number;
  w?: number;
  w2?: number;
}
interface ScalarRow extends Weighed {
  question_id: string;
  value: string;
}
interface ArrayRow extends Weighed {
  question_id: string;
  value: string;
  position: number;
}
interface ObjectRow extends Weighed {
  question_id: string;
  row_id: string;
  value: string;
}

interface Totals {
  completed: number;
  screened_out: number;
  quota_full: number;
  excluded: number;
  median: number | null;
}

interface Counts {
  scalars: ScalarRow[];
  lists: ArrayRow[];
  objects: ObjectRow[];
  answeredBy: Map<string, Tally>;
  /** The respondents of the group shown, when weighted (for the efficiency and effective base). */
  group?: Tally;
}

/** What a summary is made of, however it is counted (maintained aggregates or raw rows). */
interface Sources {
  totals: Totals | undefined;
  /** Respondents in the filtered group (the completed responses when not filtered). */
  groupSize: number;
  /** Respondents per audience cell and cross-tab answer, for disclosure control. */
  atoms(): Promise<AtomRow[]>;
  /** The same, per question: the respondents who answered it. */
  questionAtoms(): Promise<Map<string, AtomRow[]>>;
  counts(): Promise<Counts>;
}

type SummarySurvey = {
  id: string;
  status: string;
  sampleSize: number | null;
  /** The sample places taken (the survey row's `completedCount`). */
  completedCount?: number;
};

/** Above this many unfolded responses, a summary folds them first rather than expand them each time. */
export const TAIL_FOLD_THRESHOLD = 5000;
/** A filtered view's written answers are sampled among this many latest responses. */
export const FILTERED_SAMPLE_WINDOW = 20_000;

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
  assertClosedFilter(questions, filter);
  const [fq = '', fv = ''] = filter.answer ? filter.answer.split(':') : [];
  // The language is not a dimension of the aggregates (decision 033): a language filter reads raw rows.
  if (filter.language) return summarizeRaw(db, survey, questions, filter, textSearch, weights);
  if (foldLongTail && (await tailSize(db, survey.id, TAIL_FOLD_THRESHOLD)) >= TAIL_FOLD_THRESHOLD) {
    await foldSurveyAll(db, survey.id);
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
    // Weighted: the answers per audience cell, each multiplied by its cell's weight below.
    answerCells: weights !== null,
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
  const answerRows = rows.filter((row) => row.part === 'answer');
  const answers = weights
    ? weighed(answerRows, (row) => [row.kind, row.qid, row.k1, row.k2].join('\u0000'), weights)
    : answerRows;
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
      const weighedOf = (r: AggregateRow & Partial<Tally>) => (weights ? { w: r.w, w2: r.w2 } : {});
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

/**
 * Runs an open-text sample query so that it walks `survey_responses_counted_recent_idx` newest first
 * (`desc nulls last`, the index's order; completed_at is never null) and stops at its LIMIT. The
 * planner underestimates how many rows hold a text answer (a function in the filter) and would
 * otherwise read and sort every counted response of the survey.
 */
function newestFirst<T>(db: Db, query: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return query(tx);
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

const isText = (q: Question) => q.type === 'short_text' || q.type === 'long_text';

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
  assertClosedFilter(questions, filter);
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

/**
 * Counted responses answered in Spanish (decision 033), for the totals: null when the Spanish or the
 * English group has 1–4 respondents, since either would reveal the other by subtraction.
 */
async function spanishCount(db: Db, surveyId: string, filter: ResultsFilter, completed: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${r}
      where ${responseScope(surveyId, { includeSimulated: filter.includeSimulated })} and ${r.language} = 'es'`,
  );
  const spanish = row?.n ?? 0;
  const hidden = hiddenSiblings(
    new Map([
      ['es', spanish],
      ['en', Math.max(0, completed - spanish)],
    ]),
  );
  return hidden.has('es') ? null : spanish;
}

/**
 * The sample as fieldwork counts it and what a view leaves out of it: the simulated responses unless
 * it includes them, and the excluded ones. `inSample` is the survey's count of sample places taken
 * (`completed_count`, which held responses do not raise); without it every response received counts.
 */
export async function fieldworkCounts(
  db: Db,
  survey: { id: string; completedCount?: number | undefined },
  includeSimulated: boolean,
): Promise<FieldworkCounts> {
  let received = 0;
  let counted = 0;
  let simulatedCounted = 0;
  let simulatedLeftOut = 0;
  let excludedLeftOut = 0;
  for (const { simulated, excluded, n } of await completedResponseCounts(db, survey.id)) {
    received += n;
    if (simulated && !includeSimulated) simulatedLeftOut += n;
    else if (excluded) excludedLeftOut += n;
    else {
      counted += n;
      if (simulated) simulatedCounted += n;
    }
  }
  const inSample = survey.completedCount ?? received;
  return {
    inSample,
    received,
    counted,
    simulatedCounted,
    simulatedLeftOut,
    excludedLeftOut,
    heldOnArrival: Math.min(excludedLeftOut, Math.max(0, received - inSample)),
  };
}

/** Totals, disclosure control, open-text samples and each question's result, from either source. */
async function present(
  db: Db,
  survey: SummarySurvey,
  questions: Question[],
  filter: ResultsFilter,
  textSearch: string | undefined,
  weights: CellWeights | null,
  sources: Sources,
): Promise<ResultsSummary> {
  const { totals, groupSize } = sources;
  const scope = responseScope(survey.id, filter);
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

  if (groupSize > 0 && groupSize < MIN_CELL_SIZE) {
    return { ...base, suppressed: true, suppressedReason: suppressionReason, questions: [] };
  }
  // Complementary suppression: a filtered group that other views would reveal by subtraction.
  const perQuestionVerdict = new Map<string, string>();
  if (filtered) {
    const verdict = judgeFilter(await sources.atoms(), filter);
    if (!verdict.shown) {
      return {
        ...base,
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
    const rows = await newestFirst(db, (tx) =>
      queryRows<{
        value: string;
        flagged: boolean;
        decision: 'withheld' | 'released' | 'redacted' | null;
        released_text: string | null;
      }>(
        tx,
        sql`select ${r.answers} ->> ${id} as value,
            exists (select 1 from ${incidents} i where i.response_id = survey_responses.id and i.question_id = ${id}) as flagged,
            ar.decision, ar.released_text
          from ${r} left join ${answerReviews} ar on ar.response_id = ${r.id} and ar.question_id = ${id}
          where ${scope} and jsonb_typeof(${r.answers} -> ${id}) = 'string'${
            // A narrow filter could make the newest-first walk read most of a large survey before it
            // finds 200: a filtered view samples among the latest responses only.
            filtered
              ? sql` and ${r.completedAt} >= coalesce((select ${r.completedAt} from ${r}
                  where ${responseScope(survey.id, { includeSimulated: filter.includeSimulated })}
                  order by ${r.completedAt} desc nulls last offset ${FILTERED_SAMPLE_WINDOW} limit 1), '-infinity')`
              : sql``
          }
          order by ${r.completedAt} desc nulls last limit ${search ? 5000 : 200}`,
      ),
    );
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

  const results = questions.map((q) => {
    const hiddenBecause = perQuestionVerdict.get(q.id);
    const result = questionResult(
      q,
      answeredBy.get(q.id) ?? NONE,
      scalars,
      lists,
      objects,
      texts.get(q.id) ?? [],
      weights !== null,
    );
    if (!hiddenBecause || result.suppressed) return result;
    return {
      ...result,
      answered: null,
      suppressed: true,
      suppressedReason: hiddenBecause,
      options: [],
      matrix: [],
      mean: null,
      distribution: [],
      nps: null,
      averageRanks: [],
      texts: [],
    };
  });
  const round1 = (value: number) => Math.round(value * 10) / 10;
  const weighting: ResultsSummary['weighting'] = weights
    ? {
        targets: weights.label,
        source: weights.source,
        efficiency:
          group && group.n > 0 && group.w2 > 0
            ? round1(((group.w * group.w) / (group.n * group.w2)) * 100)
            : null,
        effectiveBase: group && group.w2 > 0 ? round1((group.w * group.w) / group.w2) : null,
        converged: weights.converged,
      }
    : null;
  return { ...base, weighting, suppressed: false, suppressedReason: null, questions: results };
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
      return empty;
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
