import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { surveyResponses } from '../../db/schema/responses';
import { heldReason } from './holds';

export type ResponseRow = typeof surveyResponses.$inferInsert;

const recordOf = (row: ResponseRow) => ({
  survey_id: row.surveyId,
  client_response_id: row.clientResponseId,
  status: row.status,
  simulated: row.simulated ?? false,
  age: row.age,
  gender: row.gender,
  state: row.state,
  region: row.region,
  answers: row.answers ?? {},
  answers_hash: row.answersHash ?? null,
  started_at: row.startedAt instanceof Date ? row.startedAt.toISOString() : null,
  completed_at: row.completedAt instanceof Date ? row.completedAt.toISOString() : null,
  duration_seconds: row.durationSeconds ?? null,
  quality_flags: row.qualityFlags ?? [],
  device_hash: row.deviceHash ?? null,
  language: row.language ?? 'en',
  presentation: row.presentation ?? null,
  start_nonce: row.startNonce ?? null,
  excluded: row.excluded ?? false,
  excluded_reason: row.excludedReason ?? null,
});

const insertColumns = sql.raw(`survey_id, client_response_id, status, simulated, age, gender, state,
  region, answers, answers_hash, started_at, completed_at, duration_seconds, quality_flags, device_hash,
  language, presentation, start_nonce, excluded, excluded_reason`);
/**
 * The values of a row from the recordset, with its quality flags from `flags` and whether it is held
 * for review from `held` (issue 23: a held response is stored excluded, and takes no place).
 */
const recordValues = (
  flags: SQL,
  held: SQL = sql`excluded`,
  reason: SQL = sql`excluded_reason`,
) => sql`survey_id,
  client_response_id, status, simulated, age, gender, state, region, answers, answers_hash, started_at,
  coalesce(completed_at, now()), duration_seconds, ${flags}, device_hash, language, presentation, start_nonce,
  ${held}, ${reason}`;
const recordColumns = sql.raw(`survey_id uuid, client_response_id uuid, status text, simulated boolean,
  age integer, gender text, state text, region text, answers jsonb, answers_hash text, started_at timestamptz,
  completed_at timestamptz, duration_seconds integer, quality_flags text[], device_hash text, language text,
  presentation jsonb, start_nonce text, excluded boolean, excluded_reason text`);

/**
 * Writes response rows with one statement: the rows travel as one JSON parameter, expanded by
 * `jsonb_to_recordset`, so no parameter limit applies and building it costs little CPU (a multi-row
 * insert through the query builder cost more than the database spent on it). Used by the group
 * commit of submissions (decision 021) and by the simulator's bulk writer. With `skipConflicts`, a
 * row whose client id or device is stored already is left out; the rows stored come back.
 */
export function insertResponseRows(
  db: Db,
  rows: ResponseRow[],
  { skipConflicts = false }: { skipConflicts?: boolean } = {},
): Promise<{ id: string; clientResponseId: string }[]> {
  const onConflict: SQL = skipConflicts ? sql`on conflict do nothing` : sql``;
  return queryRows(
    db,
    sql`insert into survey_responses (${insertColumns})
        select ${recordValues(sql`quality_flags`)}
        from jsonb_to_recordset(${JSON.stringify(rows.map(recordOf))}::jsonb) as r(${recordColumns})
        ${onConflict}
        returning id, client_response_id as "clientResponseId"`,
  );
}

/**
 * The common case of a batch of completed responses in ONE statement, so one round trip and no
 * BEGIN/COMMIT (decision 021): the survey row is locked, and only when the survey is live, has no
 * quotas, has a response already and has more places left than the batch holds are the rows inserted
 * (a client id, device or start token stored before is skipped), flagged when their answers repeat
 * earlier ones (`checkDuplicate`, held for review with `holdDuplicate`), and counted unless held. Otherwise nothing is written and null comes back: the first
 * response, the last places and quotas take the transactional path, which sends the mails and
 * completes the survey.
 */
export async function insertCountedResponses(
  db: Db,
  surveyId: string,
  rows: (ResponseRow & { checkDuplicate: boolean; holdDuplicate?: boolean })[],
  duplicateReason = heldReason('duplicate'),
): Promise<Map<string, { id: string; held: boolean }> | null> {
  const records = rows.map((row, ord) => ({
    ...recordOf(row),
    ord,
    check_duplicate: row.checkDuplicate,
    hold_duplicate: row.holdDuplicate ?? false,
  }));
  const [result] = await queryRows<{ ok: boolean; inserted: [string, string, boolean][] }>(
    db,
    sql`with old as (
          select completed_count, status, audience from surveys where id = ${surveyId} for no key update
        ), ok as (
          select 1 from old
          where status = 'live' and coalesce(jsonb_array_length(audience->'quotas'), 0) = 0
            and completed_count > 0
            and (audience->>'sampleSize' is null
              or (audience->>'sampleSize')::int - completed_count > ${rows.length}::int)
        ), r as (
          select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
            as r(${recordColumns}, ord integer, check_duplicate boolean, hold_duplicate boolean)
        ), flagged as (
          select r.*, r.check_duplicate and (
              exists (select 1 from survey_responses d
                where d.survey_id = r.survey_id and d.answers_hash = r.answers_hash)
              or exists (select 1 from r e
                where e.check_duplicate and e.answers_hash = r.answers_hash and e.ord < r.ord)
            ) as dup
          from r where exists (select 1 from ok)
        ), ins as (
          insert into survey_responses (${insertColumns})
          select ${recordValues(
            sql`case when dup then quality_flags || array['duplicate'] else quality_flags end`,
            sql`excluded or (dup and hold_duplicate)`,
            sql`case when excluded then excluded_reason when dup and hold_duplicate then ${duplicateReason}::text end`,
          )}
          from flagged order by ord
          on conflict do nothing
          returning id, client_response_id, excluded
        ), counted as (
          -- A data-modifying CTE runs to completion whether or not the query below reads it. A
          -- response held for review takes no place (issue 23).
          update surveys set completed_count = completed_count + (select count(*) from ins where not excluded)::int
          where id = ${surveyId} and exists (select 1 from ok)
        )
        select exists (select 1 from ok) as ok,
          coalesce((select json_agg(json_build_array(client_response_id, id, excluded)) from ins), '[]'::json) as inserted`,
  );
  if (!result?.ok) return null;
  return new Map(result.inserted.map(([clientId, id, held]) => [clientId, { id, held }]));
}
