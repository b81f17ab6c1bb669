import type { FieldworkCounts, ResultsFilter } from '@tv/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { answerReviews, incidents, surveyResponses } from '../../db/schema/responses';
import { completedResponseCounts } from './aggregates';
import { answerFilterSql, answerSql } from './codes';
import { type AtomRow, hiddenSiblings, judgeFilter, type Verdict } from './suppression';

// The reads of responses a summary shares with cross-tabs, exports and weighting: which responses are
// counted, the respondents behind a view for disclosure control, the fieldwork counts, the Spanish
// count and the newest written answers.

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
  // A closed question's option, or a code of an open-text question ('coded as', decision 046).
  if (filter.answer) parts.push(answerFilterSql(filter.answer));
  return sql.join(parts, sql` and `);
}

/** Whether the view narrows the respondents (including simulated ones widens it: not a filter). */
export const isFiltered = ({ includeSimulated: _all, ...filter }: ResultsFilter) =>
  Object.values(filter).some((v) => v !== undefined && v !== '');

/** The respondents of a survey counted per age, gender, region and cross-tab answer (see suppression.ts). */
export async function atomRows(db: Db, surveyId: string, filter: ResultsFilter, perQuestion: boolean) {
  const answer = filter.answer ? answerSql(filter.answer.split(':')[0]!) : sql`null::jsonb`;
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

/** A filtered view's written answers are sampled among this many latest responses. */
export const FILTERED_SAMPLE_WINDOW = 20_000;

/**
 * Runs an open-text sample query so that it walks `survey_responses_counted_recent_idx` newest first
 * (`desc nulls last`, the index's order; completed_at is never null) and stops at its LIMIT. The
 * planner underestimates how many rows hold a text answer (a function in the filter) and would
 * otherwise read and sort every counted response of the survey.
 */
function newestFirst<T>(db: Db, query: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Nor JIT or parallel workers: the walk stops after a few thousand rows, while the planner costs
    // the whole survey; at a million, compiling took 170 ms and starting workers 100 ms of a 150 ms query.
    // One statement (`set_config(…, true)` is `set local`), so the settings cost one round trip.
    await tx.execute(
      sql`select set_config('enable_sort', 'off', true), set_config('jit', 'off', true),
            set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return query(tx);
  });
}

/** The newest written answers to a question in the view, with what safeguarding decided about each. */
export function openTextRows(db: Db, surveyId: string, filter: ResultsFilter, id: string, limit: number) {
  const scope = responseScope(surveyId, filter);
  const filtered = isFiltered(filter);
  return newestFirst(db, (tx) =>
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
                  where ${responseScope(surveyId, { includeSimulated: filter.includeSimulated })}
                  order by ${r.completedAt} desc nulls last offset ${FILTERED_SAMPLE_WINDOW} limit 1), '-infinity')`
              : sql``
          }
          order by ${r.completedAt} desc nulls last limit ${limit}`,
    ),
  );
}

/**
 * Counted responses answered in Spanish (decision 033), for the totals: null when the Spanish or the
 * English group has 1–4 respondents, since either would reveal the other by subtraction.
 */
export async function spanishCount(db: Db, surveyId: string, filter: ResultsFilter, completed: number) {
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
