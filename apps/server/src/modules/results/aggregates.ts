import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { type Db, queryRows } from '../../db/client';
import type { EventBus } from '../../lib/events';

/**
 * Maintained result counts (decision 020). A submission never touches `result_aggregates`: a folder
 * adds stored responses to it shortly after, in the transaction that takes them off the unfolded
 * queue (decision 051). A summary
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
 * Exported for the property test that holds `foldDelta` to it.
 */
export function expansionSql(contexts: SQL = sql`true`): SQL {
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
 * Responses per fold transaction. Small by default: on the embedded database (one connection) a
 * transaction holds every other request back while it runs; 250 keeps that short even on a busy
 * machine. The folder on a PostgreSQL server takes `SERVER_FOLD_BATCH`.
 */
export const FOLD_BATCH = 250;

/**
 * Responses per fold transaction on a PostgreSQL server (decision 051): a fold's cost is mostly one
 * upsert per aggregate row it touches, which a bigger batch shares among more responses, so the
 * folder keeps up with peak ingestion. A fold of this many takes about a second, which is how long
 * an exclusion of one of its responses may wait.
 */
export const SERVER_FOLD_BATCH = 20_000;

/** Responses read from the queue at a time within one fold: the page of answers held in memory. */
const FOLD_PAGE = 10_000;

/**
 * Folds up to `limit` unfolded responses of a survey: takes them off the queue and adds them to the
 * aggregates, in one transaction. Queue rows another transaction holds (a concurrent folder, an
 * exclusion) are skipped and folded by a later pass; a response is counted in the aggregates exactly
 * when it leaves the queue, so nothing is counted twice or lost, whatever crashes when.
 * Returns how many responses were folded.
 */
export async function foldSurvey(
  db: Db,
  surveyId: string,
  limit = FOLD_BATCH,
  /** Responses read at a time within the fold (the property test folds in pages of a few). */
  page = FOLD_PAGE,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Room to sort a batch's aggregate rows in memory; no JIT for statements that run once per batch.
    await tx.execute(sql`set local work_mem = '128MB'`);
    await tx.execute(sql`set local jit = off`);
    return foldStatement(tx, surveyId, limit, page);
  });
}

/**
 * The survey's responses not folded yet, as a condition on survey_responses: the ids in the queue,
 * looked up by primary key (an array, so the plan never scans the responses to join them).
 */
const unfolded = (surveyId: string) =>
  sql`id = any(array(select response_id from unfolded_responses where survey_id = ${surveyId}))
    and survey_id = ${surveyId}`;

/** A response as the fold reads it (the columns `expansionSql` reads from `src`). */
interface FoldRow {
  simulated: boolean;
  age: number;
  gender: string;
  region: string;
  status: string;
  excluded: boolean;
  duration_seconds: number | null;
  answers: Record<string, unknown>;
}

/**
 * A number as PostgreSQL writes a jsonb number as text: the decimal digits of the number it stored,
 * never an exponent. Answers are written from JavaScript values, so what it stored is the shortest
 * decimal that reads back as the same double, which is what `String` gives, exponent expanded.
 */
export function pgNumberText(x: number): string {
  const text = String(x);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const [whole = '', fraction = ''] = text.slice(sign.length, e).split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(text.slice(e + 1));
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const utf8Order = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length - y.length || Buffer.compare(x, y);
};

/**
 * A JSON value as PostgreSQL's jsonb output writes it ('{"a": 1, "bb": [1, 2]}': object keys by
 * length then bytes, a space after each colon and comma), for answers nested inside lists or grids.
 */
export function pgJsonbText(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return pgNumberText(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(pgJsonbText).join(', ')}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .sort(utf8Order)
    .map((key) => `${JSON.stringify(key)}: ${pgJsonbText(object[key])}`)
    .join(', ')}}`;
}

/** A jsonb value as `->>`, `#>> '{}'` and the `_text` set functions write it (null: none). */
const pgText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value
      : typeof value === 'number'
        ? pgNumberText(value)
        : typeof value === 'boolean'
          ? String(value)
          : pgJsonbText(value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Aggregate rows to add, as columns (what `unnest` reads). */
interface Delta {
  fq: string[];
  fv: string[];
  simulated: boolean[];
  kind: string[];
  qid: string[];
  k1: string[];
  k2: string[];
  age: number[];
  gender: string[];
  region: string[];
  n: number[];
}

/**
 * The aggregate rows a batch of responses adds: exactly the rows `expansionSql`'s `delta` groups
 * (the property test holds the two to each other), counted in memory. A counted response adds one to
 * its audience cell in every filter context it is in (kind n), and one per answer item in each of
 * those contexts. Contexts, items and cells are interned once, so the product of a response's
 * contexts and items costs an array increment per pair, where the SQL expansion grouped a row each.
 */
export function foldCounter(questions: { filterable: ReadonlySet<string>; text: ReadonlySet<string> }) {
  /** Interns `key` in `map`, making its value with `make` the first time; returns its id. */
  const intern = <T>(map: Map<string, number>, list: T[], key: string, make: () => T) => {
    let id = map.get(key);
    if (id === undefined) {
      id = list.length;
      map.set(key, id);
      list.push(make());
    }
    return id;
  };
  // NUL cannot occur in PostgreSQL text, so it separates the parts of a key.
  const totalKeys = new Map<string, number>();
  const totals: {
    simulated: boolean;
    item: { kind: string; qid: string; k1: string; k2: string };
    n: number;
  }[] = [];
  const total = (simulated: boolean, kind: string, qid: string, k1: string) => {
    totals[
      intern(totalKeys, totals, `${simulated}\0${kind}\0${qid}\0${k1}`, () => ({
        simulated,
        item: { kind, qid, k1, k2: '' },
        n: 0,
      }))
    ]!.n++;
  };
  const cellKeys = new Map<string, number>();
  const cells: { simulated: boolean; age: number; gender: string; region: string }[] = [];
  const contexts: { fq: string; fv: string }[] = [{ fq: '', fv: '' }];
  const items: { kind: string; qid: string; k1: string; k2: string }[] = [];
  const newItem = (kind: string, qid: string, k1: string, k2: string) =>
    items.push({ kind, qid, k1, k2 }) - 1;
  /** A question's items by kind, then k1, then k2: looked up without building a key per answer. */
  const byQuestion = new Map<string, { a: number; v: Map<string, number>; l: Nested; m: Nested }>();
  type Nested = Map<string, Map<string, number>>;
  const itemsOf = (qid: string) => {
    let found = byQuestion.get(qid);
    if (!found) {
      found = { a: newItem('a', qid, '', ''), v: new Map(), l: new Map(), m: new Map() };
      byQuestion.set(qid, found);
    }
    return found;
  };
  const nested = (map: Nested, kind: string, qid: string, k1: string, k2: string) => {
    let inner = map.get(k1);
    if (!inner) {
      inner = new Map();
      map.set(k1, inner);
    }
    let id = inner.get(k2);
    if (id === undefined) {
      id = newItem(kind, qid, k1, k2);
      inner.set(k2, id);
    }
    return id;
  };
  const positions: string[] = [];
  const position = (i: number) => (positions[i] ??= String(i + 1));
  const contextsOf = new Map<string, Map<string, number>>();
  const context = (fq: string, fv: string) => {
    let inner = contextsOf.get(fq);
    if (!inner) {
      inner = new Map();
      contextsOf.set(fq, inner);
    }
    let id = inner.get(fv);
    if (id === undefined) {
      id = contexts.push({ fq, fv }) - 1;
      inner.set(fv, id);
    }
    return id;
  };
  /** Per (context, cell): respondents, and counts by item id. */
  const groups = new Map<number, { n: number; counts: number[] }>();
  const CELLS = 1_048_576;
  const contextIds = new Set<number>();
  const itemIds: number[] = [];
  return {
    /** Counts a page of responses. */
    add(rows: readonly FoldRow[]) {
      for (const row of rows) {
        total(row.simulated, 's', row.status, String(row.excluded));
        if (row.status !== 'completed' || row.excluded) continue;
        if (row.duration_seconds !== null) total(row.simulated, 'd', '', String(row.duration_seconds));
        const cell = intern(
          cellKeys,
          cells,
          `${row.simulated}\0${row.age}\0${row.gender}\0${row.region}`,
          () => ({
            simulated: row.simulated,
            age: row.age,
            gender: row.gender,
            region: row.region,
          }),
        );
        contextIds.clear();
        contextIds.add(0);
        itemIds.length = 0;
        const answers = isObject(row.answers) ? row.answers : {};
        for (const key of Object.keys(answers)) {
          const value = answers[key];
          if (questions.filterable.has(key)) {
            if (typeof value === 'string') contextIds.add(context(key, value));
            else if (Array.isArray(value)) {
              for (const v of value) if (typeof v === 'string') contextIds.add(context(key, v));
            }
          }
          // 'Other, please specify' texts are free text: never aggregated.
          if (key.endsWith('.other')) continue;
          const own = itemsOf(key);
          itemIds.push(own.a);
          if (
            (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
            !questions.text.has(key)
          ) {
            const k1 = pgText(value)!;
            let id = own.v.get(k1);
            if (id === undefined) {
              id = newItem('v', key, k1, '');
              own.v.set(k1, id);
            }
            itemIds.push(id);
          }
          if (Array.isArray(value)) {
            for (let i = 0; i < value.length; i++) {
              itemIds.push(nested(own.l, 'l', key, pgText(value[i]) ?? '', position(i)));
            }
          } else if (isObject(value)) {
            for (const k of Object.keys(value))
              itemIds.push(nested(own.m, 'm', key, k, pgText(value[k]) ?? ''));
          }
        }
        for (const id of contextIds) {
          const key = id * CELLS + cell;
          let group = groups.get(key);
          if (!group) {
            group = { n: 0, counts: [] };
            groups.set(key, group);
          }
          group.n++;
          const counts = group.counts;
          for (const id of itemIds) counts[id] = (counts[id] ?? 0) + 1;
        }
      }
    },
    /** The aggregate rows counted so far. */
    delta(): Delta {
      const out: Delta = {
        fq: [],
        fv: [],
        simulated: [],
        kind: [],
        qid: [],
        k1: [],
        k2: [],
        age: [],
        gender: [],
        region: [],
        n: [],
      };
      const push = (
        context: { fq: string; fv: string },
        cell: { simulated: boolean; age: number; gender: string; region: string },
        item: { kind: string; qid: string; k1: string; k2: string },
        n: number,
      ) => {
        out.fq.push(context.fq);
        out.fv.push(context.fv);
        out.simulated.push(cell.simulated);
        out.kind.push(item.kind);
        out.qid.push(item.qid);
        out.k1.push(item.k1);
        out.k2.push(item.k2);
        out.age.push(cell.age);
        out.gender.push(cell.gender);
        out.region.push(cell.region);
        out.n.push(n);
      };
      const everyone = contexts[0]!;
      for (const t of totals)
        push(everyone, { simulated: t.simulated, age: 0, gender: '', region: '' }, t.item, t.n);
      const respondents = { kind: 'n', qid: '', k1: '', k2: '' };
      for (const [key, group] of groups) {
        const context = contexts[Math.floor(key / CELLS)]!;
        const cell = cells[key % CELLS]!;
        push(context, cell, respondents, group.n);
        group.counts.forEach((n, id) => {
          if (n) push(context, cell, items[id]!, n);
        });
      }
      return out;
    },
  };
}

/** The aggregate rows `rows` add (one page: `foldCounter` counts many). */
export const foldDelta = (
  rows: readonly FoldRow[],
  questions: { filterable: ReadonlySet<string>; text: ReadonlySet<string> },
): Delta => {
  const counter = foldCounter(questions);
  counter.add(rows);
  return counter.delta();
};

/**
 * Takes up to `limit` responses of a survey off the unfolded queue (rows another transaction holds,
 * a concurrent folder or an exclusion, are skipped) and returns them as the fold reads them.
 */
const foldSource = (surveyId: string, limit: number) => sql`
  with taken as (
    delete from unfolded_responses
      where ctid = any(array(
        select ctid from unfolded_responses where survey_id = ${surveyId}
          limit ${limit} for update skip locked))
      returning response_id
  )
  select simulated, age, gender, region, status, excluded, duration_seconds, answers
    from survey_responses where id = any(array(select response_id from taken))`;

async function foldStatement(db: Db, surveyId: string, limit: number, pageSize: number): Promise<number> {
  const types = await queryRows<{ id: string; type: string }>(
    db,
    sql`select id, type from questions where survey_id = ${surveyId}`,
  );
  const counter = foldCounter({
    filterable: new Set(
      types.filter((q) => (FILTERABLE_TYPES as readonly string[]).includes(q.type)).map((q) => q.id),
    ),
    text: new Set(types.filter((q) => (TEXT_TYPES as readonly string[]).includes(q.type)).map((q) => q.id)),
  });
  // Pages of answers are counted and dropped; the counts are written once, so a big fold pays for each
  // aggregate row once rather than once per page.
  // The next page is asked for before this one is counted, so the database reads while this counts.
  let folded = 0;
  let page = Math.min(pageSize, limit);
  let next = queryRows<FoldRow>(db, foldSource(surveyId, page));
  for (;;) {
    const rows = await next;
    folded += rows.length;
    const more = rows.length === page && folded < limit;
    if (more) {
      page = Math.min(pageSize, limit - folded);
      next = queryRows<FoldRow>(db, foldSource(surveyId, page));
    }
    counter.add(rows);
    if (!more) break;
  }
  if (folded === 0) return 0;
  const d = counter.delta();
  // Ordered by key, as `applyDelta` is, so a folder and an exclusion take row locks in one order.
  await db.execute(sql`
    insert into result_aggregates (${sql.raw(KEY_COLUMNS)}, n)
      select ${surveyId}::uuid as survey_id, fq, fv, simulated, kind, qid, k1, k2, age, gender, region, n
        from unnest(${sql.param(d.fq)}::text[], ${sql.param(d.fv)}::text[], ${sql.param(d.simulated)}::boolean[],
          ${sql.param(d.kind)}::text[], ${sql.param(d.qid)}::text[], ${sql.param(d.k1)}::text[],
          ${sql.param(d.k2)}::text[], ${sql.param(d.age)}::int[], ${sql.param(d.gender)}::text[],
          ${sql.param(d.region)}::text[], ${sql.param(d.n)}::bigint[])
          as t(fq, fv, simulated, kind, qid, k1, k2, age, gender, region, n)
        order by fq, fv, simulated, kind, qid, k1, k2, age, gender, region
    on conflict (${sql.raw(KEY_COLUMNS)}) do update set n = result_aggregates.n + excluded.n`);
  return folded;
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
    sql`select distinct survey_id from unfolded_responses`,
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
        select 1 from unfolded_responses where survey_id = ${surveyId} limit ${cap}) t`,
  );
  return row?.n ?? 0;
}

/**
 * Sets a response's exclusion and keeps the aggregates exact, in one transaction holding the row's
 * lock: when the row is folded, its contribution as it was is taken away and its contribution as it
 * will be added (a −1 and a +1 delta); when it is not folded there is nothing to do, as the folder
 * and the tail read see its current state. Whether it is folded is read by locking its row in the
 * unfolded queue, which orders this against a concurrent folder: the folder skips a queue row this
 * holds, and if the folder took it first this waits for the fold to commit, then finds it gone.
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
    const [row] = await queryRows<{ excluded: boolean }>(
      tx,
      sql`select excluded from survey_responses
          where id = ${where.responseId} and survey_id = ${where.surveyId}
            ${where.completedOnly ? sql`and status = 'completed'` : sql``}
          for update`,
    );
    if (!row) return false;
    const queued = await queryRows(
      tx,
      sql`select 1 from unfolded_responses where survey_id = ${where.surveyId} and response_id = ${where.responseId}
          for update`,
    );
    if (queued.length === 0 && row.excluded !== values.excluded) {
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
  /** Answers: Σ n·weight and Σ n·weight² (the cells' weights, or 1 unweighted); 0 for other parts. */
  w: number;
  w2: number;
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
   * Raked cells and their weights: the answers come back summed over cells with their weighted sums
   * (`w`, `w2`) worked out in the query, every other cell weighing 1.
   */
  cellWeights?: readonly { age: number; gender: string; region: string; weight: number }[];
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
  // Weighted: each answer count times its cell's weight (1 for a cell not raked), summed in the query.
  const weight = q.cellWeights ? sql`coalesce(cw.weight, 1)` : sql`1`;
  const weightsJoin = q.cellWeights
    ? sql`left join unnest(${sql.param(q.cellWeights.map((c) => c.age))}::int[],
          ${sql.param(q.cellWeights.map((c) => c.gender))}::text[],
          ${sql.param(q.cellWeights.map((c) => c.region))}::text[],
          ${sql.param(q.cellWeights.map((c) => c.weight))}::float8[]) as cw(age, gender, region, weight)
        using (age, gender, region)`
    : sql``;
  const query = sql`with src as (
        select ${sql.raw(SOURCE_COLUMNS)}, 1 as sign from survey_responses
          where ${unfolded(q.surveyId)} ${simulated}
      ), ${expansionSql(sql`(${contexts})`)}
      select 'total' as part, kind, qid, '' as fq, '' as fv, k1, k2, 0 as age, '' as gender, '' as region,
          sum(n)::float8 as n, 0::float8 as w, 0::float8 as w2
        from (${both(sql`fq = '' and fv = '' and kind in ('s', 'd')`)}) t
        group by kind, qid, k1, k2 having sum(n) <> 0
      union all
      select 'answer', kind, qid, '', '', k1, k2, 0, '', '', sum(n)::float8, sum(n * ${weight})::float8,
          sum(n * ${weight} * ${weight})::float8
        from (${both(sql`${inContext} and kind in ('n', 'a', 'v', 'l', 'm') ${q.audience ? sql`and ${q.audience}` : sql``}`)}) t
        ${weightsJoin}
        group by kind, qid, k1, k2 having sum(n) <> 0
      ${
        q.cells
          ? sql`union all
      select 'cell', kind, qid, fq, fv, '', '', age, gender, region, sum(n)::float8, 0::float8, 0::float8
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
            where ${unfolded(surveyId)} and status = 'completed' and not excluded ${simulated}
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
            where ${unfolded(surveyId)} and status = 'completed'
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
    await foldAll(db, SERVER_FOLD_BATCH);
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
      await foldSurveyAll(db, surveyId, SERVER_FOLD_BATCH);
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
