import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { surveyResponses } from '../../db/schema/responses';

export type ResponseRow = typeof surveyResponses.$inferInsert;

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
  const records = rows.map((row) => ({
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
  }));
  const onConflict: SQL = skipConflicts ? sql`on conflict do nothing` : sql``;
  return queryRows(
    db,
    sql`insert into survey_responses (survey_id, client_response_id, status, simulated, age, gender, state,
          region, answers, answers_hash, started_at, completed_at, duration_seconds, quality_flags, device_hash,
          language, presentation)
        select survey_id, client_response_id, status, simulated, age, gender, state,
          region, answers, answers_hash, started_at, coalesce(completed_at, now()), duration_seconds,
          quality_flags, device_hash, language, presentation
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(
          survey_id uuid, client_response_id uuid, status text, simulated boolean, age integer, gender text,
          state text, region text, answers jsonb, answers_hash text, started_at timestamptz,
          completed_at timestamptz, duration_seconds integer, quality_flags text[], device_hash text,
          language text, presentation jsonb)
        ${onConflict}
        returning id, client_response_id as "clientResponseId"`,
  );
}
