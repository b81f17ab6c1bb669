import {
  CODES_PER_QUESTION_MAX,
  type CodingResponse,
  codedQuestionOf,
  codesKey,
  MIN_CELL_SIZE,
  type OpenTextCode,
  type Question,
  type ResultsFilter,
} from '@tv/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import {
  answerReviews,
  incidents,
  openTextCodeLinks,
  openTextCodes,
  surveyResponses,
} from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import { disclosedText, isWithheldText } from '../privacy/service';
import { cell, NONE, plus, type Tally, weightedCell } from './tally';
import type { CellWeights } from './weighting';

// Coding open text (issue 26, decision 046): a researcher's codes (themes) for an open-text question,
// applied to answers, and read back as a closed variable by the summary, filters, cross-tabs and exports.
// A code applied to an answer that is withheld for safeguarding counts nowhere until it is released.

const r = surveyResponses;
const l = openTextCodeLinks;

/**
 * Whether the answer a link codes may be read by the organisation, in SQL: a moderator released it
 * (as written or redacted), or it raised no incident and no moderator withheld it. An answer the
 * safeguarding model would withhold before its scan has run cannot be coded (setAnswerCodes refuses
 * it), and its scan then raises the incident this reads.
 */
const readableLink = sql`(
  exists (select 1 from ${answerReviews} ar where ar.response_id = ${l.responseId} and ar.question_id = ${l.questionId} and ar.decision in ('released', 'redacted'))
  or (
    not exists (select 1 from ${answerReviews} ar where ar.response_id = ${l.responseId} and ar.question_id = ${l.questionId} and ar.decision = 'withheld')
    and not exists (select 1 from ${incidents} i where i.response_id = ${l.responseId} and i.question_id = ${l.questionId})
  ))`;

/** A response's codes for a question (a jsonb list of code ids, null when none), readable ones only. */
export const codedAnswerSql = (questionId: string) =>
  sql`(select jsonb_agg(${l.codeId}::text order by ${l.codeId}) from ${l}
    where ${l.responseId} = ${r.id} and ${l.questionId} = ${questionId} and ${readableLink})`;

/**
 * A response's answer to a question key, in SQL: the stored answer, or for `<questionId>.codes` the
 * codes applied to its answer (decision 046), so filters, atoms and cross-tabs read codes as a closed
 * multiple-answer question.
 */
export function answerSql(key: string) {
  const coded = codedQuestionOf(key);
  return coded === null ? sql`${r.answers} -> ${key}` : codedAnswerSql(coded);
}

/** The `answer` filter's condition: the answer is the option, or a list holding it (codes included). */
export function answerFilterSql(answer: string) {
  const [key, value] = answer.split(':') as [string, string];
  const coded = codedQuestionOf(key);
  if (coded !== null) {
    return sql`exists (select 1 from ${l} where ${l.responseId} = ${r.id} and ${l.questionId} = ${coded}
      and ${l.codeId}::text = ${value} and ${readableLink})`;
  }
  return sql`(${r.answers} -> ${key} = to_jsonb(${value}::text) or (jsonb_typeof(${r.answers} -> ${key}) = 'array' and ${r.answers} -> ${key} ? ${value}))`;
}

/** Whether a filter narrows by a code ('coded as'), which the maintained aggregates do not hold. */
export const isCodeFilter = (filter: Pick<ResultsFilter, 'answer'>) =>
  filter.answer !== undefined && codedQuestionOf(filter.answer.split(':')[0] ?? '') !== null;

export interface SurveyCode {
  id: string;
  questionId: string;
  label: string;
  position: number;
}

/** Every code of a survey, by question then position. */
export function surveyCodes(db: Db, surveyId: string): Promise<SurveyCode[]> {
  return db
    .select({
      id: openTextCodes.id,
      questionId: openTextCodes.questionId,
      label: openTextCodes.label,
      position: openTextCodes.position,
    })
    .from(openTextCodes)
    .where(eq(openTextCodes.surveyId, surveyId))
    .orderBy(asc(openTextCodes.questionId), asc(openTextCodes.position), asc(openTextCodes.createdAt));
}

/** Codes grouped by the question they code. */
export function codesByQuestion(codes: readonly SurveyCode[]): Map<string, SurveyCode[]> {
  const out = new Map<string, SurveyCode[]>();
  for (const code of codes) out.set(code.questionId, [...(out.get(code.questionId) ?? []), code]);
  return out;
}

export const isOpenText = (q: Question) => q.type === 'short_text' || q.type === 'long_text';

/**
 * A question's codes as the closed multiple-answer question they are read as (`<questionId>.codes`):
 * what the filter check, cross-tabs and the .sav read. Never shown as a question of its own.
 */
export function codeQuestions(questions: readonly Question[], codes: readonly SurveyCode[]): Question[] {
  const grouped = codesByQuestion(codes);
  return questions.flatMap((q) => {
    const mine = grouped.get(q.id);
    if (!mine?.length || !isOpenText(q)) return [];
    return [
      {
        ...q,
        id: codesKey(q.id),
        type: 'multiple_choice' as const,
        title: `${q.title} (codes)`,
        options: mine.map((c) => ({ id: c.id, label: c.label })),
        rows: [],
        displayLogic: null,
      } as Question,
    ];
  });
}

const parseList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? (JSON.parse(value) as unknown[]).map(String)
      : [];

/** A coded question's chart: each code's share of the coded answers, and how many are coded. */
export interface CodeChart {
  codes: {
    id: string;
    label: string;
    count: number | null;
    percent: number | null;
    marginOfError: number | null;
  }[];
  codedBase: number | null;
}

/**
 * Each coded question's chart (decision 046): every code's share of the coded answers in the view, the
 * organisation may read, weighted as the summary is. Hidden (no shares) when 1–4 answers are coded.
 */
export async function codeCounts(
  db: Db,
  surveyId: string,
  scope: ReturnType<typeof sql>,
  codes: readonly SurveyCode[],
  weights: CellWeights | null,
): Promise<Map<string, CodeChart>> {
  const out = new Map<string, CodeChart>();
  if (codes.length === 0) return out;
  const rows = await queryRows<{
    question_id: string;
    code_id: string;
    response_id: string;
    age: number;
    gender: string;
    region: string;
  }>(
    db,
    sql`select ${l.questionId} as question_id, ${l.codeId}::text as code_id, ${r.id}::text as response_id,
          ${r.age} as age, ${r.gender} as gender, ${r.region} as region
        from ${l} join ${r} on ${r.id} = ${l.responseId}
        where ${l.surveyId} = ${surveyId} and ${scope} and ${readableLink}`,
  );
  const weightOf = (row: (typeof rows)[number]) =>
    weights ? weights.of({ age: row.age, gender: row.gender, region: row.region }) : 1;
  const one = (w: number): Tally => ({ n: 1, w, w2: w * w });
  for (const [questionId, mine] of codesByQuestion(codes)) {
    const coded = rows.filter((row) => row.question_id === questionId);
    let base = NONE;
    for (const id of new Set(coded.map((row) => row.response_id))) {
      base = plus(base, one(weightOf(coded.find((row) => row.response_id === id)!)));
    }
    const hidden = base.n > 0 && base.n < MIN_CELL_SIZE;
    out.set(questionId, {
      codedBase: hidden ? null : base.n,
      codes: hidden
        ? []
        : mine.map((code) => {
            const part = coded
              .filter((row) => row.code_id === code.id)
              .reduce((sum, row) => plus(sum, one(weightOf(row))), NONE);
            return {
              id: code.id,
              label: code.label,
              ...(weights ? weightedCell(part, base) : cell(part.n, base.n)),
            };
          }),
    });
  }
  return out;
}

// ── Coding: the researcher's screen ────────────────────────────────────────────────────────────────

/** The survey statuses that have answers to code. */
const CODABLE_STATUSES = ['live', 'paused', 'complete', 'in_review', 'results_ready', 'archived'];

export const NOT_OPEN_TEXT_MESSAGE = 'Only the answers to an open-text question of this survey can be coded.';

/** The open-text question a path names, or a 400 in the user's words. */
export function openTextQuestion(questions: readonly Question[], questionId: string): Question {
  const question = questions.find((q) => q.id === questionId);
  if (!question || !isOpenText(question)) {
    throw new HttpError(400, NOT_OPEN_TEXT_MESSAGE, 'NOT_OPEN_TEXT', {
      fields: { questionId: [NOT_OPEN_TEXT_MESSAGE] },
    });
  }
  return question;
}

/** Refuses a change to codes before the survey has answers (a draft, or in moderation). */
export function assertCodable(survey: { status: string }) {
  if (!CODABLE_STATUSES.includes(survey.status)) {
    throw new HttpError(
      409,
      'Answers can be coded once the survey is live and has answers to code.',
      'NOTHING_TO_CODE',
    );
  }
}

/** The codes of one question, each with the readable answers coded with it. */
export async function questionCodes(db: Db, surveyId: string, questionId: string): Promise<OpenTextCode[]> {
  const rows = await queryRows<{ id: string; label: string; position: number; answers: number }>(
    db,
    sql`select c.id::text as id, c.label, c.position,
          (select count(*)::int from ${l} where ${l.codeId} = c.id and ${readableLink}) as answers
        from ${openTextCodes} c where c.survey_id = ${surveyId} and c.question_id = ${questionId}
        order by c.position, c.created_at`,
  );
  return rows.map((row) => ({
    ...row,
    questionId,
    position: Number(row.position),
    answers: Number(row.answers),
  }));
}

const DUPLICATE_MESSAGE = 'This question already has a code with that name.';

/** A new code at the end of the question's list; names are unique per question, in any case. */
export async function createCode(
  db: Db,
  survey: { id: string },
  questionId: string,
  label: string,
  userId: string | null,
): Promise<OpenTextCode> {
  const existing = await questionCodes(db, survey.id, questionId);
  if (existing.length >= CODES_PER_QUESTION_MAX) {
    throw new HttpError(
      409,
      `A question can have up to ${CODES_PER_QUESTION_MAX} codes. Merge or delete some first.`,
      'TOO_MANY_CODES',
    );
  }
  if (existing.some((c) => c.label.toLowerCase() === label.toLowerCase())) {
    throw new HttpError(409, DUPLICATE_MESSAGE, 'DUPLICATE_CODE', { fields: { label: [DUPLICATE_MESSAGE] } });
  }
  const [row] = await db
    .insert(openTextCodes)
    .values({
      surveyId: survey.id,
      questionId,
      label,
      position: Math.max(-1, ...existing.map((c) => c.position)) + 1,
      createdBy: userId,
    })
    .returning();
  return { id: row!.id, questionId, label: row!.label, position: row!.position, answers: 0 };
}

/** The survey's code a path names, or 404. */
async function codeOf(db: Db, surveyId: string, codeId: string) {
  const [code] = await db
    .select()
    .from(openTextCodes)
    .where(and(eq(openTextCodes.id, codeId), eq(openTextCodes.surveyId, surveyId)));
  if (!code)
    throw new HttpError(404, 'That code does not exist. It may have been deleted.', 'CODE_NOT_FOUND');
  return code;
}

export async function renameCode(db: Db, survey: { id: string }, codeId: string, label: string) {
  const code = await codeOf(db, survey.id, codeId);
  const others = await questionCodes(db, survey.id, code.questionId);
  if (others.some((c) => c.id !== code.id && c.label.toLowerCase() === label.toLowerCase())) {
    throw new HttpError(409, DUPLICATE_MESSAGE, 'DUPLICATE_CODE', { fields: { label: [DUPLICATE_MESSAGE] } });
  }
  await db.update(openTextCodes).set({ label }).where(eq(openTextCodes.id, code.id));
  return (await questionCodes(db, survey.id, code.questionId)).find((c) => c.id === code.id)!;
}

/** Deletes a code and its links: the answers keep their other codes. */
export async function deleteCode(db: Db, survey: { id: string }, codeId: string) {
  const code = await codeOf(db, survey.id, codeId);
  await db.delete(openTextCodes).where(eq(openTextCodes.id, code.id));
}

interface AnswerRow {
  id: string;
  value: string;
  flagged: boolean;
  decision: 'withheld' | 'released' | 'redacted' | null;
  released_text: string | null;
  codes: unknown;
}

/** The counted answers to one question, newest first, with what safeguarding decided and their codes. */
function answerRows(
  db: Db,
  surveyId: string,
  questionId: string,
  filter: ResultsFilter,
  responseId?: string,
) {
  return queryRows<AnswerRow>(
    db,
    sql`select ${r.id}::text as id, ${r.answers} ->> ${questionId} as value,
          exists (select 1 from ${incidents} i where i.response_id = ${r.id} and i.question_id = ${questionId}) as flagged,
          ar.decision, ar.released_text,
          (select jsonb_agg(${l.codeId}::text order by ${l.codeId}) from ${l}
            where ${l.responseId} = ${r.id} and ${l.questionId} = ${questionId}) as codes
        from ${r} left join ${answerReviews} ar on ar.response_id = ${r.id} and ar.question_id = ${questionId}
        where ${r.surveyId} = ${surveyId} and ${r.status} = 'completed' and ${r.excluded} = false
          ${filter.includeSimulated ? sql`` : sql`and ${r.simulated} = false`}
          ${responseId ? sql`and ${r.id}::text = ${responseId}` : sql``}
          and jsonb_typeof(${r.answers} -> ${questionId}) = 'string'
        order by ${r.completedAt} desc, ${r.id}`,
  );
}

const disclosedOf = (row: AnswerRow) =>
  disclosedText(
    row.value,
    { flagged: row.flagged, decision: row.decision, releasedText: row.released_text },
    isWithheldText,
  );

/**
 * The coding screen's page: the answers the organisation may read (withheld ones are counted, never
 * shown nor coded), searched in those readable words only, by code or uncoded, newest first.
 */
export async function codingPage(
  db: Db,
  surveyId: string,
  question: Question,
  query: { search?: string; code?: string; page: number; pageSize: number; includeSimulated?: boolean },
): Promise<CodingResponse> {
  const codes = await questionCodes(db, surveyId, question.id);
  const known = new Set(codes.map((c) => c.id));
  const rows = await answerRows(db, surveyId, question.id, { includeSimulated: query.includeSimulated });
  let withheld = 0;
  const readable: CodingResponse['data']['answers'] = [];
  for (const row of rows) {
    const shown = disclosedOf(row);
    if (shown.withheld) {
      withheld += 1;
      continue;
    }
    readable.push({
      responseId: row.id,
      text: shown.text,
      codeIds: parseList(row.codes).filter((id) => known.has(id)),
    });
  }
  const search = query.search?.trim().toLowerCase();
  const matching = readable.filter(
    (answer) =>
      (!search || answer.text.toLowerCase().includes(search)) &&
      (query.code === undefined ||
        (query.code === 'uncoded' ? answer.codeIds.length === 0 : answer.codeIds.includes(query.code))),
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    data: { questionId: question.id, codes, answers: matching.slice(start, start + query.pageSize) },
    meta: {
      page: query.page,
      pageSize: query.pageSize,
      total: matching.length,
      readable: readable.length,
      coded: readable.filter((a) => a.codeIds.length > 0).length,
      withheld,
    },
  };
}

export const WITHHELD_CODING_MESSAGE =
  'This answer is withheld for safeguarding. It can be coded once a moderator releases it.';
const UNKNOWN_CODE_MESSAGE = "Choose codes of this question; one of them isn't.";

/**
 * Sets the codes of one answer (several per answer; none removes them). The answer must be a counted
 * response's answer to the question that the organisation may read: a withheld one is refused.
 */
export async function setAnswerCodes(
  db: Db,
  survey: { id: string },
  question: Question,
  responseId: string,
  codeIds: string[],
  userId: string | null,
): Promise<string[]> {
  const [row] = await answerRows(db, survey.id, question.id, { includeSimulated: true }, responseId);
  if (!row) {
    throw new HttpError(404, 'That answer does not exist, or is no longer counted.', 'ANSWER_NOT_FOUND');
  }
  if (disclosedOf(row).withheld) throw new HttpError(409, WITHHELD_CODING_MESSAGE, 'ANSWER_WITHHELD');
  const codes = new Set((await questionCodes(db, survey.id, question.id)).map((c) => c.id));
  const wanted = [...new Set(codeIds)];
  if (wanted.some((id) => !codes.has(id))) {
    throw new HttpError(400, UNKNOWN_CODE_MESSAGE, 'UNKNOWN_CODE', {
      fields: { codeIds: [UNKNOWN_CODE_MESSAGE] },
    });
  }
  await db.transaction(async (tx) => {
    await tx.delete(l).where(and(eq(l.responseId, responseId), eq(l.questionId, question.id)));
    if (wanted.length > 0) {
      await tx.insert(l).values(
        wanted.map((codeId) => ({
          codeId,
          responseId,
          surveyId: survey.id,
          questionId: question.id,
          codedBy: userId,
        })),
      );
    }
  });
  return wanted.sort();
}

/**
 * Every readable code of a response, in SQL: a jsonb object `{ "<questionId>.codes": [codeIds] }`
 * (null when none), merged into its answers where a whole response is read (banner tables, exports).
 */
export const codedAnswersSql = () =>
  sql`(select jsonb_object_agg(x.k, x.v) from (
    select ${l.questionId} || ${'.codes'} as k, jsonb_agg(${l.codeId}::text order by ${l.codeId}) as v
    from ${l} where ${l.responseId} = ${r.id} and ${readableLink} group by ${l.questionId}) x)`;

/** A response's answers with its readable codes merged in as `<questionId>.codes` lists. */
export function withCodes<T extends Record<string, unknown>>(answers: T, coded: unknown): T {
  if (coded === null || coded === undefined) return answers;
  const parsed = typeof coded === 'string' ? (JSON.parse(coded) as Record<string, unknown>) : coded;
  return { ...answers, ...(parsed as Record<string, unknown>) };
}
