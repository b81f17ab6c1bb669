import {
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
import { classifyRisk } from '../safeguarding/classifier';
import { disclosedText } from './redaction';
import { type AtomRow, judgeFilter } from './suppression';

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
  if (filter.answer) {
    const [questionId, optionId] = filter.answer.split(':') as [string, string];
    parts.push(
      sql`(${r.answers} -> ${questionId} = to_jsonb(${optionId}::text) or (jsonb_typeof(${r.answers} -> ${questionId}) = 'array' and ${r.answers} -> ${questionId} ? ${optionId}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** Whether the view narrows the respondents (including simulated ones widens it: not a filter). */
const isFiltered = ({ includeSimulated: _all, ...filter }: ResultsFilter) =>
  Object.values(filter).some((v) => v !== undefined && v !== '');

/**
 * A count inside a group. The group (its base) is what must hold at least MIN_CELL_SIZE
 * respondents; a small count inside a large enough group is shown (decision 014).
 */
const cell = (count: number, base: number) =>
  base > 0 && base < MIN_CELL_SIZE
    ? { count: null, percent: null }
    : { count, percent: base === 0 ? null : Math.round((count / base) * 1000) / 10 };

const isRisky = (text: string) => classifyRisk(text).length > 0;

/** The respondents of a survey counted per age, gender, region and cross-tab answer (see suppression.ts). */
async function atomRows(db: Db, surveyId: string, filter: ResultsFilter, perQuestion: boolean) {
  const answer = filter.answer ? sql`${r.answers} -> ${filter.answer.split(':')[0]!}` : sql`null::jsonb`;
  // The whole population the views are cut from: the same respondents, simulated or not, as the view.
  const base: ResultsFilter = { includeSimulated: filter.includeSimulated };
  return queryRows<AtomRow & { question_id: string | null }>(
    db,
    perQuestion
      ? sql`select e.key as question_id, ${r.age} as age, ${r.gender} as gender, ${r.region} as region, ${answer} as answer, count(*)::int as n
          from ${r}, jsonb_each(${r.answers}) e where ${responseScope(surveyId, base)} group by 1, 2, 3, 4, 5`
      : sql`select null as question_id, ${r.age} as age, ${r.gender} as gender, ${r.region} as region, ${answer} as answer, count(*)::int as n
          from ${r} where ${responseScope(surveyId, base)} group by 2, 3, 4, 5`,
  );
}

interface ScalarRow {
  question_id: string;
  value: string;
  n: number;
}
interface ArrayRow {
  question_id: string;
  value: string;
  position: number;
  n: number;
}
interface ObjectRow {
  question_id: string;
  row_id: string;
  value: string;
  n: number;
}

/**
 * Aggregates in the database, in four passes whatever the number of questions: scalar answers,
 * list answers (choices, rankings), matrix answers, and a sample of open text. Nothing here holds
 * one row per response in memory.
 */
export async function summarize(
  db: Db,
  survey: { id: string; status: string; sampleSize: number | null },
  questions: Question[],
  filter: ResultsFilter = {},
  textSearch?: string,
): Promise<ResultsSummary> {
  const scope = responseScope(survey.id, filter);
  const filtered = isFiltered(filter);

  const [totals] = await queryRows<{
    completed: number;
    screened_out: number;
    quota_full: number;
    excluded: number;
    median: number | null;
  }>(
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
  const started = completed + (totals?.excluded ?? 0) + (totals?.quota_full ?? 0);
  const [{ n: groupSize } = { n: 0 }] = filtered
    ? await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${r} where ${scope}`)
    : [{ n: completed }];

  const base: Omit<ResultsSummary, 'questions' | 'suppressed' | 'suppressedReason'> = {
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
    },
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
    const verdict = judgeFilter(await atomRows(db, survey.id, filter, false), filter);
    if (!verdict.shown) {
      return {
        ...base,
        filteredResponses: null,
        suppressed: true,
        suppressedReason: verdict.reason,
        questions: [],
      };
    }
    const byQuestion = new Map<string, AtomRow[]>();
    for (const row of await atomRows(db, survey.id, filter, true)) {
      const list = byQuestion.get(row.question_id!) ?? [];
      list.push(row);
      byQuestion.set(row.question_id!, list);
    }
    for (const [questionId, rows] of byQuestion) {
      const judged = judgeFilter(rows, filter);
      if (!judged.shown) perQuestionVerdict.set(questionId, judged.reason);
    }
  }

  const textIds = questions.filter((q) => q.type === 'short_text' || q.type === 'long_text').map((q) => q.id);
  const textFilter = textIds.length
    ? sql`and e.key not in (${sql.join(
        textIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [scalars, lists, objects, answeredRows] = await Promise.all([
    queryRows<ScalarRow>(
      db,
      sql`select e.key as question_id, e.value #>> '{}' as value, count(*)::int as n
          from ${r}, jsonb_each(${r.answers}) e
          where ${scope} and jsonb_typeof(e.value) in ('string', 'number', 'boolean') ${textFilter}
          group by 1, 2`,
    ),
    queryRows<ArrayRow>(
      db,
      sql`select e.key as question_id, a.value, a.position::int as position, count(*)::int as n
          from ${r}, jsonb_each(${r.answers}) e, jsonb_array_elements_text(e.value) with ordinality a(value, position)
          where ${scope} and jsonb_typeof(e.value) = 'array'
          group by 1, 2, 3`,
    ),
    queryRows<ObjectRow>(
      db,
      sql`select e.key as question_id, m.key as row_id, m.value, count(*)::int as n
          from ${r}, jsonb_each(${r.answers}) e, jsonb_each_text(e.value) m
          where ${scope} and jsonb_typeof(e.value) = 'object'
          group by 1, 2, 3`,
    ),
    queryRows<{ question_id: string; n: number }>(
      db,
      sql`select e.key as question_id, count(*)::int as n from ${r}, jsonb_each(${r.answers}) e where ${scope} group by 1`,
    ),
  ]);

  // Open text: withheld while it raised a safeguarding incident, redacted otherwise. A search looks
  // at what the organisation may see, never at the raw text (it would reveal what was hidden).
  const texts = new Map<string, string[]>();
  const search = textSearch?.trim().toLowerCase();
  for (const id of textIds) {
    const rows = await queryRows<{
      value: string;
      flagged: boolean;
      decision: 'withheld' | 'released' | 'redacted' | null;
      released_text: string | null;
    }>(
      db,
      sql`select ${r.answers} ->> ${id} as value,
            exists (select 1 from ${incidents} i where i.response_id = survey_responses.id and i.question_id = ${id}) as flagged,
            ar.decision, ar.released_text
          from ${r} left join ${answerReviews} ar on ar.response_id = ${r.id} and ar.question_id = ${id}
          where ${scope} and jsonb_typeof(${r.answers} -> ${id}) = 'string'
          order by ${r.completedAt} desc limit ${search ? 5000 : 200}`,
    );
    const shown = rows
      .map((row) =>
        disclosedText(
          row.value,
          { flagged: row.flagged, decision: row.decision, releasedText: row.released_text },
          isRisky,
        ),
      )
      .filter((t) => !search || (!t.withheld && t.text.toLowerCase().includes(search)))
      .slice(0, 200)
      .map((t) => t.text);
    texts.set(id, shown);
  }

  const answeredBy = new Map(answeredRows.map((row) => [row.question_id, row.n]));
  const results = questions.map((q) => {
    const hiddenBecause = perQuestionVerdict.get(q.id);
    const result = questionResult(
      q,
      answeredBy.get(q.id) ?? 0,
      scalars,
      lists,
      objects,
      texts.get(q.id) ?? [],
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
  return { ...base, suppressed: false, suppressedReason: null, questions: results };
}

function questionResult(
  q: Question,
  answered: number,
  scalars: ScalarRow[],
  lists: ArrayRow[],
  objects: ObjectRow[],
  texts: string[],
): QuestionResult {
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
  const countOf = (value: string) => mine.find((s) => s.value === value)?.n ?? 0;

  switch (q.type) {
    case 'single_choice':
    case 'dropdown':
      return {
        ...empty,
        options: q.options.map((o) => ({ id: o.id, label: o.label, ...cell(countOf(o.id), answered) })),
      };
    case 'yes_no': {
      const yes = countOf('true') + countOf('yes');
      const no = countOf('false') + countOf('no');
      return {
        ...empty,
        options: [
          { id: 'yes', label: 'Yes', ...cell(yes, answered) },
          { id: 'no', label: 'No', ...cell(no, answered) },
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
          ...cell(
            rows.filter((row) => row.value === o.id).reduce((sum, row) => sum + row.n, 0),
            answered,
          ),
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
            const total = ranks.reduce((sum, row) => sum + row.n, 0);
            const weighted = ranks.reduce((sum, row) => sum + row.position * row.n, 0);
            return {
              id: o.id,
              label: o.label,
              averageRank: total >= MIN_CELL_SIZE ? Math.round((weighted / total) * 100) / 100 : null,
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
          const rowTotal = inRow.reduce((sum, o) => sum + o.n, 0);
          return {
            id: row.id,
            label: row.label,
            columns: q.options.map((column) => ({
              id: column.id,
              label: column.label,
              ...cell(inRow.find((o) => o.value === column.id)?.n ?? 0, rowTotal),
            })),
          };
        }),
      };
    }
    case 'rating':
    case 'number':
    case 'nps': {
      const numeric = mine
        .map((s) => ({ value: Number(s.value), n: s.n }))
        .filter((s) => Number.isFinite(s.value));
      const total = numeric.reduce((sum, s) => sum + s.n, 0);
      const mean = total
        ? Math.round((numeric.reduce((sum, s) => sum + s.value * s.n, 0) / total) * 100) / 100
        : null;
      const scale = q.scale ?? (q.type === 'nps' ? { min: 0, max: 10 } : null);
      const values = scale
        ? Array.from({ length: scale.max - scale.min + 1 }, (_, i) => scale.min + i)
        : [...new Set(numeric.map((s) => s.value))].sort((a, b) => a - b);
      const distribution = values.map((v) => ({
        id: String(v),
        label: String(v),
        ...cell(numeric.find((s) => s.value === v)?.n ?? 0, total),
      }));
      let nps: QuestionResult['nps'] = null;
      if (q.type === 'nps' && total > 0) {
        const promoters = numeric.filter((s) => s.value >= 9).reduce((sum, s) => sum + s.n, 0);
        const detractors = numeric.filter((s) => s.value <= 6).reduce((sum, s) => sum + s.n, 0);
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
