import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { type Db, queryRows } from '../../db/client';
import type { EventBus } from '../../lib/events';

/**
 * Maintained result counts (decision 020). A submission never touches `result_aggregates`: a folder
 * adds stored responses to it shortly after, in the transaction that marks them folded. A summary
 * reads the aggregates plus the responses not folded yet (the tail), expanded the same way, in one
 * statement, so it is exact at any moment whatever the folder did.
 */

/**
 * Questions a results view cross-tabs by (the web offers these): each option gets its own filter
 * context. A cross-tab by another question is answered from raw rows (see summary.ts).
 */
export const FILTERABLE_TYPES = ['single_choice', 'dropdown', 'multiple_choice', 'image_choice'] as const;
const TEXT_TYPES = ['short_text', 'long_text'] as const;
const literals = (items: readonly string[]) => items.map((t) => `'${t}'`).join(', ');

/** The columns of survey_responses the expansion reads (`src` carries them and a `sign`). */
const SOURCE_COLUMNS =
  'id, survey_id, simulated, age, gender, region, status, excluded, duration_seconds, answers';
const KEY_COLUMNS = 'survey_id, fq, fv, simulated, kind, qid, k1, k2, age, gender, region';

/**
 * CTEs `ctx` and `delta` over a relation `src` (response columns and a sign, +1 or −1): every
 * aggregate row those responses add, grouped. A counted response (completed, not excluded) is
 * counted once for everyone (fq = fv = '') and once per option it chose of each filterable question.
 * Kinds (see the schema): s status, d duration, n respondents, a answered, v scalar answer, l list
 * answer at a position, m matrix cell. Open text is never counted by value (only as answered).
 * `contexts` narrows the filter contexts expanded (a summary's tail needs only the ones it reads).
 */
function expansionSql(contexts: SQL = sql`true`): SQL {
  return sql`
  ctx as (
    select * from (
      select s.survey_id, '' as fq, '' as fv, s.simulated, s.age, s.gender, s.region, s.answers, s.sign
        from src s where s.status = 'completed' and not s.excluded
      union all
      select s.survey_id, q.id, v.v, s.simulated, s.age, s.gender, s.region, s.answers, s.sign
        from src s
        join questions q on q.survey_id = s.survey_id
          and q.type in (${sql.raw(literals(FILTERABLE_TYPES))}) and s.answers ? q.id
        cross join lateral (
          select s.answers ->> q.id as v where jsonb_typeof(s.answers -> q.id) = 'string'
          union
          select el #>> '{}' from jsonb_array_elements(
            case when jsonb_typeof(s.answers -> q.id) = 'array' then s.answers -> q.id else '[]'::jsonb end
          ) el where jsonb_typeof(el) = 'string'
        ) v
        where s.status = 'completed' and not s.excluded
    ) c where ${contexts}
  ),
  texts as (
    select coalesce(array_agg(id), '{}') as ids from questions
      where survey_id in (select distinct survey_id from src) and type in (${sql.raw(literals(TEXT_TYPES))})
  ),
  delta as (
    select survey_id, '' as fq, '' as fv, simulated, 's' as kind, status as qid, excluded::text as k1,
        '' as k2, 0 as age, '' as gender, '' as region, sum(sign)::bigint as n
      from src group by survey_id, simulated, status, excluded
    union all
    select survey_id, '', '', simulated, 'd', '', duration_seconds::text, '', 0, '', '', sum(sign)::bigint
      from src where status = 'completed' and not excluded and duration_seconds is not null
      group by survey_id, simulated, duration_seconds
    union all
    select survey_id, fq, fv, simulated, 'n', '', '', '', age, gender, region, sum(sign)::bigint
      from ctx group by survey_id, fq, fv, simulated, age, gender, region
    union all
    select c.survey_id, c.fq, c.fv, c.simulated, x.kind, e.key, x.k1, x.k2, c.age, c.gender, c.region,
        sum(c.sign)::bigint
      from ctx c
      cross join lateral jsonb_each(c.answers) e
      cross join lateral (
        select 'a' as kind, '' as k1, '' as k2
        union all
        select 'v', e.value #>> '{}', '' where jsonb_typeof(e.value) in ('string', 'number', 'boolean')
          and e.key <> all ((select ids from texts)::text[])
        union all
        select 'l', coalesce(a.value, ''), a.position::text
          from jsonb_array_elements_text(case when jsonb_typeof(e.value) = 'array' then e.value else '[]'::jsonb end)
            with ordinality a(value, position)
        union all
        select 'm', m.key, coalesce(m.value, '')
          from jsonb_each_text(case when jsonb_typeof(e.value) = 'object' then e.value else '{}'::jsonb end) m
      ) x
      -- 'Other, please specify' texts (key '<question>.other') are free text: never aggregated.
      where right(e.key, 6) <> '.other'
      group by c.survey_id, c.fq, c.fv, c.simulated, x.kind, e.key, x.k1, x.k2, c.age, c.gender, c.region
  )`;
}

/**
 * Adds the expansion of `src` to the aggregates. Ordered by key, so two writers (a folder and an
 * exclusion) take the aggregate rows' locks in the same order and never deadlock.
 */
const applyDelta = sql.raw(`
  insert into result_aggregates (${KEY_COLUMNS}, n)
    select ${KEY_COLUMNS}, n from delta where n <> 0 order by ${KEY_COLUMNS}
  on conflict (${KEY_COLUMNS}) do update set n = result_aggregates.n + excluded.n`);

/**
 * Responses per fold transaction. Small: a fold costs a few milliseconds per response, and on the
 * embedded database (one connection) a transaction holds every other request back while it runs; 250
 * keeps that under a second even on a busy machine. Bulk loads pass a bigger batch.
 */
export const FOLD_BATCH = 250;

/**
 * Folds up to `limit` unfolded responses of a survey: marks them folded and adds them to the
 * aggregates, in one statement (so in one transaction). Rows another transaction holds (a concurrent
 * folder, an exclusion) are skipped and folded by a later pass; a response is counted in the
 * aggregates exactly when it is marked, so nothing is counted twice or lost, whatever crashes when.
 * Returns how many responses were folded.
 */
export async function foldSurvey(db: Db, surveyId: string, limit = FOLD_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    // Room to group a batch's expansion in memory instead of sorting it on disk.
    await tx.execute(sql`set local work_mem = '128MB'`);
    return foldStatement(tx, surveyId, limit);
  });
}

async function foldStatement(db: Db, surveyId: string, limit: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with src as (
        update survey_responses set folded = true
          where id in (
            select id from survey_responses where survey_id = ${surveyId} and folded = false
              limit ${limit} for update skip locked)
          returning ${sql.raw(SOURCE_COLUMNS)}, 1 as sign
      ), ${expansionSql()},
      applied as (${applyDelta} returning 1)
      select (select count(*) from src)::int as n, (select count(*) from applied)::int as rows`,
  );
  return row?.n ?? 0;
}

/** Folds a survey until its tail is empty (or only rows others hold are left). */
export async function foldSurveyAll(db: Db, surveyId: string, batch = FOLD_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await foldSurvey(db, surveyId, batch);
    total += n;
    if (n < batch) return total;
  }
}

/** Folds every survey's tail: the periodic job's sweep, for batches a debounced fold missed. */
export async function foldAll(db: Db, batch = FOLD_BATCH): Promise<number> {
  const pending = await queryRows<{ survey_id: string }>(
    db,
    sql`select distinct survey_id from survey_responses where folded = false`,
  );
  let total = 0;
  for (const { survey_id } of pending) total += await foldSurveyAll(db, survey_id, batch);
  return total;
}

/** How many responses of a survey are not folded yet, counted up to `cap`. */
export async function tailSize(db: Db, surveyId: string, cap: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
        select 1 from survey_responses where survey_id = ${surveyId} and folded = false limit ${cap}) t`,
  );
  return row?.n ?? 0;
}

/**
 * Sets a response's exclusion and keeps the aggregates exact, in one transaction holding the row's
 * lock: when the row is folded, its contribution as it was is taken away and its contribution as it
 * will be added (a −1 and a +1 delta); when it is not folded there is nothing to do, as the folder
 * and the tail read see its current state. The lock orders this against a concurrent folder (which
 * skips the locked row, or holds it until it has folded it; then `folded` is read as committed).
 * Returns whether the response was found.
 */
export async function setResponseExcluded(
  db: Db,
  where: { surveyId: string; responseId: string; completedOnly: boolean },
  values: { excluded: boolean; excludedReason: string | null; excludedBy: string | null },
  /** Runs in the same transaction, with the row locked, when the flag really changes. */
  onChange?: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ folded: boolean; excluded: boolean }>(
      tx,
      sql`select folded, excluded from survey_responses
          where id = ${where.responseId} and survey_id = ${where.surveyId}
            ${where.completedOnly ? sql`and status = 'completed'` : sql``}
          for update`,
    );
    if (!row) return false;
    if (row.folded && row.excluded !== values.excluded) {
      await tx.execute(
        sql`with src as (
            select ${sql.raw(SOURCE_COLUMNS)}, -1 as sign from survey_responses where id = ${where.responseId}
            union all
            select id, survey_id, simulated, age, gender, region, status, ${values.excluded}::boolean,
                duration_seconds, answers, 1 from survey_responses where id = ${where.responseId}
          ), ${expansionSql()}
          ${applyDelta}`,
      );
    }
    await tx.execute(
      sql`update survey_responses set excluded = ${values.excluded}, excluded_reason = ${values.excludedReason},
            excluded_by = ${values.excludedBy}
          where id = ${where.responseId}`,
    );
    if (onChange && row.excluded !== values.excluded) await onChange(tx);
    return true;
  });
}

export interface AggregateRow {
  part: 'total' | 'answer' | 'cell';
  kind: string;
  qid: string;
  fq: string;
  fv: string;
  k1: string;
  k2: string;
  age: number;
  gender: string;
  region: string;
  n: number;
}

export interface AggregateQuery {
  surveyId: string;
  includeSimulated: boolean;
  /** The filter context the answers are read in ('' and '' for everyone). */
  context: { fq: string; fv: string };
  /** Audience conditions (on age, gender, region) of the group the answers are counted for. */
  audience: SQL | null;
  /**
   * Respondents per audience cell (kinds n and a) for disclosure control, in the context of everyone
   * and in every option's context of this question (null: everyone only); false: none.
   */
  cells: false | { question: string | null };
  /**
   * The answers per audience cell (age, gender, region) instead of summed over them: what a weighted
   * summary multiplies by each cell's weight (raking weights depend only on the cell).
   */
  answerCells?: boolean;
}

/**
 * Everything a summary counts, in one statement (one snapshot): the aggregates plus the unfolded tail
 * expanded the same way, summed. Parts: 'total' (status and duration counts, the whole survey),
 * 'answer' (what the group answered: kinds n, a, v, l, m), 'cell' (per audience cell, if asked).
 */
export async function readAggregates(db: Db, q: AggregateQuery): Promise<AggregateRow[]> {
  const simulated = q.includeSimulated ? sql`` : sql`and simulated = false`;
  const cellQuestion = q.cells ? q.cells.question : null;
  const contexts = sql.join(
    [
      sql`(fq = '' and fv = '')`,
      ...(q.context.fq ? [sql`(fq = ${q.context.fq} and fv = ${q.context.fv})`] : []),
      ...(cellQuestion ? [sql`fq = ${cellQuestion}`] : []),
    ],
    sql` or `,
  );
  const inContext = sql`fq = ${q.context.fq} and fv = ${q.context.fv}`;
  const cellContexts = sql`((fq = '' and fv = '')${cellQuestion ? sql` or fq = ${cellQuestion}` : sql``})`;
  const columns = sql`fq, fv, kind, qid, k1, k2, age, gender, region, n`;
  // Each part reads its own range of the primary key (survey, context, simulated, kind, …), from the
  // aggregates and from the tail's expansion alike.
  const both = (where: SQL) =>
    sql`select ${columns} from result_aggregates where survey_id = ${q.surveyId} ${simulated} and ${where}
        union all select ${columns} from delta where ${where}`;
  const query = sql`with src as (
        select ${sql.raw(SOURCE_COLUMNS)}, 1 as sign from survey_responses
          where survey_id = ${q.surveyId} and folded = false ${simulated}
      ), ${expansionSql(sql`(${contexts})`)}
      select 'total' as part, kind, qid, '' as fq, '' as fv, k1, k2, 0 as age, '' as gender, '' as region,
          sum(n)::float8 as n
        from (${both(sql`fq = '' and fv = '' and kind in ('s', 'd')`)}) t
        group by kind, qid, k1, k2 having sum(n) <> 0
      union all
      ${
        q.answerCells
          ? sql`select 'answer', kind, qid, '', '', k1, k2, age, gender, region, sum(n)::float8
        from (${both(sql`${inContext} and kind in ('n', 'a', 'v', 'l', 'm') ${q.audience ? sql`and ${q.audience}` : sql``}`)}) t
        group by kind, qid, k1, k2, age, gender, region having sum(n) <> 0`
          : sql`select 'answer', kind, qid, '', '', k1, k2, 0, '', '', sum(n)::float8
        from (${both(sql`${inContext} and kind in ('n', 'a', 'v', 'l', 'm') ${q.audience ? sql`and ${q.audience}` : sql``}`)}) t
        group by kind, qid, k1, k2 having sum(n) <> 0`
      }
      ${
        q.cells
          ? sql`union all
      select 'cell', kind, qid, fq, fv, '', '', age, gender, region, sum(n)::float8
        from (${both(sql`${cellContexts} and kind in ('n', 'a')`)}) t
        group by kind, qid, fq, fv, age, gender, region having sum(n) <> 0`
          : sql``
      }`;
  return db.transaction(async (tx) => {
    // Room to group the tail's expansion in memory (a sort on disk costs seconds per thousand rows).
    await tx.execute(sql`set local work_mem = '64MB'`);
    return queryRows<AggregateRow>(tx, query);
  });
}

export interface AudienceCell {
  age: number;
  gender: string;
  region: string;
  n: number;
}

/**
 * Counted respondents per audience cell (age, gender, region), from the aggregates plus the tail not
 * folded yet, in one statement: what the weights are raked from. Its cost does not grow with the
 * number of responses, and it changes exactly when the counted responses do (a new response, an
 * exclusion or an inclusion), which makes it the key of the weights' cache.
 */
export async function audienceCells(
  db: Db,
  surveyId: string,
  includeSimulated: boolean,
): Promise<AudienceCell[]> {
  const simulated = includeSimulated ? sql`` : sql`and simulated = false`;
  return queryRows<AudienceCell>(
    db,
    sql`select age, gender, region, sum(n)::float8 as n from (
          select age, gender, region, n from result_aggregates
            where survey_id = ${surveyId} and fq = '' and fv = '' ${simulated} and kind = 'n'
          union all
          select age, gender, region, count(*) from survey_responses
            where survey_id = ${surveyId} and folded = false and status = 'completed' and not excluded ${simulated}
            group by age, gender, region
        ) t group by age, gender, region having sum(n) <> 0 order by age, gender, region`,
  );
}

/**
 * Completed responses of a survey per simulated and excluded, simulated or not, from the status
 * counts of the aggregates plus the tail not folded yet: the sample as fieldwork counts it, and what
 * a results view leaves out of it.
 */
export async function completedResponseCounts(
  db: Db,
  surveyId: string,
): Promise<{ simulated: boolean; excluded: boolean; n: number }[]> {
  return queryRows(
    db,
    sql`select simulated, excluded, sum(n)::float8 as n from (
          select simulated, k1 = 'true' as excluded, n from result_aggregates
            where survey_id = ${surveyId} and fq = '' and fv = '' and simulated in (false, true)
              and kind = 's' and qid = 'completed'
          union all
          select simulated, excluded, count(*) from survey_responses
            where survey_id = ${surveyId} and folded = false and status = 'completed'
            group by simulated, excluded
        ) t group by simulated, excluded having sum(n) <> 0`,
  );
}

const FOLD_QUEUE = 'results.fold';

/**
 * The periodic sweep: every minute, folds what the folds after each batch left (a crash between a
 * commit and its fold, a fold that failed). Summaries are exact without it; it keeps them fast.
 */
export async function startFoldJobs(boss: PgBoss, db: Db) {
  await boss.createQueue(FOLD_QUEUE);
  await boss.schedule(FOLD_QUEUE, '* * * * *');
  await boss.work(FOLD_QUEUE, async () => {
    await foldAll(db);
  });
}

/**
 * Folds a survey's new responses a moment after they are stored, at most one fold per survey at a
 * time (more submissions meanwhile are folded by the same run). A failure is logged and left to the
 * next run or the periodic sweep: no count depends on it.
 */
export function createFoldScheduler(db: Db, onError: (error: unknown) => void = () => {}, delayMs = 250) {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<string>();
  const again = new Set<string>();
  const run = async (surveyId: string) => {
    timers.delete(surveyId);
    if (running.has(surveyId)) {
      again.add(surveyId);
      return;
    }
    running.add(surveyId);
    try {
      await foldSurveyAll(db, surveyId);
    } catch (error) {
      onError(error);
    } finally {
      running.delete(surveyId);
      if (again.delete(surveyId)) schedule(surveyId);
    }
  };
  function schedule(surveyId: string) {
    if (timers.has(surveyId)) return;
    const timer = setTimeout(() => void run(surveyId), delayMs);
    timer.unref();
    timers.set(surveyId, timer);
  }
  return {
    schedule,
    /** Stops scheduling and waits for running folds (on close). */
    async stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      again.clear();
      while (running.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

/**
 * Folds each survey's answers a moment after responses announces them stored (decision 039), and
 * returns how to stop. Only on PostgreSQL: on the embedded database one connection would hold every
 * other request back while a fold runs, and summaries count the unfolded tail themselves (decision 020).
 */
export function foldWhenStored(db: Db, events: EventBus, onError?: (error: unknown) => void) {
  // A failed fold changes no count (summaries read the unfolded tail); the periodic sweep retries.
  const folds = createFoldScheduler(db, onError);
  const off = events.on('responses.stored', ({ surveyId }) => folds.schedule(surveyId));
  return async () => {
    off();
    await folds.stop();
  };
}
