import {
  type ActionItem,
  type AnswerValue,
  incidentCategories,
  incidentKinds,
  incidentSeverities,
  type Presentation,
} from '@tv/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { organizations } from './organizations';
import { surveys } from './surveys';

/**
 * One respondent's answers. No name, email, IP address or device id is ever stored: only the
 * screener answers the audience needs, and an id the respondent's browser made for this attempt.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    clientResponseId: uuid('client_response_id').notNull(),
    status: text('status', { enum: ['completed', 'screened_out', 'quota_full'] }).notNull(),
    age: integer('age').notNull(),
    gender: text('gender').notNull(),
    state: text('state').notNull(),
    region: text('region').notNull(),
    answers: jsonb('answers').$type<Record<string, AnswerValue>>().notNull().default({}),
    /** Hash of the screener and answers, to flag duplicates without comparing every response. */
    answersHash: text('answers_hash'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    durationSeconds: integer('duration_seconds'),
    qualityFlags: text('quality_flags').array().notNull().default(sql`'{}'::text[]`),
    excluded: boolean('excluded').notNull().default(false),
    excludedReason: text('excluded_reason'),
    excludedBy: uuid('excluded_by').references(() => users.id, { onDelete: 'set null' }),
    simulated: boolean('simulated').notNull().default(false),
    /**
     * sha256 of a random token the respondent's device keeps (never linked to anyone), on completed
     * responses only, so a device answers a survey once unless the survey allows repeats.
     */
    deviceHash: text('device_hash'),
    /**
     * The nonce of the start token this response used (issue 23): a start token starts one response,
     * so a script cannot replay one token for many.
     */
    startNonce: text('start_nonce'),
    /** The language the respondent answered in ('en' or 'es'). */
    language: text('language').notNull().default('en'),
    /**
     * The order this respondent saw, where the survey shuffles: option ids by question, question ids
     * by page (decision 029).
     */
    presentation: jsonb('presentation').$type<Presentation | null>(),
  },
  (t) => [
    uniqueIndex('survey_responses_client_idx').on(t.surveyId, t.clientResponseId),
    uniqueIndex('survey_responses_device_idx')
      .on(t.surveyId, t.deviceHash)
      .where(sql`${t.deviceHash} is not null`),
    uniqueIndex('survey_responses_start_idx')
      .on(t.surveyId, t.startNonce)
      .where(sql`${t.startNonce} is not null`),
    index('survey_responses_survey_status_idx').on(t.surveyId, t.status),
    index('survey_responses_hash_idx').on(t.surveyId, t.answersHash),
    // The count of Spanish answers a summary shows (decision 033): read from the Spanish rows only, not
    // by scanning every counted response (300 ms at a million).
    index('survey_responses_spanish_idx')
      .on(t.surveyId, t.simulated)
      .where(sql`${t.language} = 'es' and ${t.status} = 'completed' and ${t.excluded} = false`),
    // Open-text samples: the newest counted responses first, without reading the others. `simulated`
    // rides along so a filtered view's window (the 20,000th newest real response) is found from the
    // index alone: read from the heap, it took 400–500 ms at a million (issue 27).
    index('survey_responses_counted_recent_idx')
      .on(t.surveyId, t.completedAt.desc(), t.simulated)
      .where(sql`${t.status} = 'completed' and ${t.excluded} = false`),
  ],
);

/**
 * Responses not counted in result_aggregates yet (decision 051): the folder's queue and a summary's
 * unfolded tail. A trigger adds every stored response here in its own insert statement, whatever
 * wrote it; the folder deletes a response's row in the transaction that adds it to the aggregates.
 * The response itself is never rewritten by the fold. No foreign key and no unique key: a row whose
 * response is gone is simply dropped by the next fold, and only the trigger adds rows.
 */
export const unfoldedResponses = pgTable(
  'unfolded_responses',
  {
    surveyId: uuid('survey_id').notNull(),
    responseId: uuid('response_id').notNull(),
  },
  // By survey only: a response id is random, and a unique index on it made every stored response cost
  // a random B-tree insert (~30 µs); equal keys go to the survey's rightmost leaf instead.
  (t) => [index('unfolded_responses_survey_idx').on(t.surveyId)],
);

/**
 * Maintained counts a results summary reads instead of raw answers (decision 020). One row per
 * survey, simulated or not, audience cell (age, gender, region), filter context (fq, fv: '' and ''
 * for everyone, else the respondents whose answer to closed question fq includes option fv), kind
 * and answer key. Kinds: s = responses per status (qid) and excluded (k1 'true'/'false', no cell or
 * context); d = counted responses per duration in seconds (k1); n = counted respondents; a = counted
 * respondents who answered qid; v = scalar answer k1 to qid; l = list answer k1 at position k2;
 * m = matrix row k1, column k2. Counts can pass through 0 when a response is excluded again.
 */
export const resultAggregates = pgTable(
  'result_aggregates',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    fq: text('fq').notNull(),
    fv: text('fv').notNull(),
    simulated: boolean('simulated').notNull(),
    kind: text('kind').notNull(),
    qid: text('qid').notNull(),
    k1: text('k1').notNull(),
    k2: text('k2').notNull(),
    age: integer('age').notNull(),
    gender: text('gender').notNull(),
    region: text('region').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.surveyId, t.fq, t.fv, t.simulated, t.kind, t.qid, t.k1, t.k2, t.age, t.gender, t.region],
    }),
  ],
);

/**
 * A safeguarding signal from an open answer; the respondent stays anonymous throughout. `kind`
 * 'incident': raised (help shown, moderators mailed); 'concern': the grey band just below, held for a
 * moderator's look with no help and no mail, until it is escalated to an incident or closed.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: incidentKinds }).notNull().default('incident'),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => surveyResponses.id, { onDelete: 'set null' }),
    questionId: text('question_id'),
    category: text('category', { enum: incidentCategories }).notNull(),
    severity: text('severity', { enum: incidentSeverities }).notNull(),
    status: text('status', { enum: ['open', 'triaged', 'resolved'] })
      .notNull()
      .default('open'),
    excerpt: text('excerpt').notNull(),
    notes: jsonb('notes').$type<{ at: string; by: string | null; text: string }[]>().notNull().default([]),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('incidents_kind_status_idx').on(t.kind, t.status, t.createdAt),
    uniqueIndex('incidents_response_question_idx').on(t.responseId, t.questionId, t.category),
  ],
);

/**
 * A moderator's decision on an open answer that raised a safeguarding incident. Until a row says
 * 'released' or 'redacted', organisations see the answer as withheld. `history` keeps who decided
 * what and when (audit trail); `releasedText` is the moderator's redacted text.
 */
export const answerReviews = pgTable(
  'answer_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    decision: text('decision', { enum: ['withheld', 'released', 'redacted'] }).notNull(),
    releasedText: text('released_text'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    history: jsonb('history')
      .$type<
        { at: string; by: string; decision: 'withheld' | 'released' | 'redacted'; text: string | null }[]
      >()
      .notNull()
      .default([]),
  },
  (t) => [uniqueIndex('answer_reviews_response_question_idx').on(t.responseId, t.questionId)],
);

export const actionPlans = pgTable(
  'action_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary'),
    items: jsonb('items').$type<ActionItem[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('action_plans_survey_idx').on(t.surveyId)],
);

/**
 * Codes (themes) a researcher defines for one open-text question (issue 26, decision 046). A code is a
 * closed variable made by the organisation: its label is the researcher's words, never a teen's.
 */
export const openTextCodes = pgTable(
  'open_text_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('open_text_codes_survey_question_idx').on(t.surveyId, t.questionId, t.position),
    uniqueIndex('open_text_codes_label_idx').on(t.surveyId, t.questionId, sql`lower(${t.label})`),
  ],
);

/** Which answers a code is applied to: several codes per answer, one row each (decision 046). */
export const openTextCodeLinks = pgTable(
  'open_text_code_links',
  {
    codeId: uuid('code_id')
      .notNull()
      .references(() => openTextCodes.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    /** The code's survey and question, kept here so results read a response's codes without a join. */
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    codedBy: uuid('coded_by').references(() => users.id, { onDelete: 'set null' }),
    codedAt: timestamp('coded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.codeId, t.responseId] }),
    index('open_text_code_links_response_idx').on(t.responseId, t.questionId),
    index('open_text_code_links_survey_idx').on(t.surveyId, t.questionId),
  ],
);
