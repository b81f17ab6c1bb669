import type { Audience, ChoiceOption, DisplayLogic, Estimate } from '@tv/contract';
import {
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

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_org_idx').on(t.organizationId)],
);

export const projectUsers = pgTable(
  'project_users',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/**
 * A survey belongs to its owner and, once made inside one, to an organisation (anonymous visitors'
 * drafts have none). `version` grows with every save so concurrent edits are detected, never lost.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['long_form', 'pulse_check', 'custom'] }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    audience: jsonb('audience').$type<Audience | null>(),
    estimate: jsonb('estimate').$type<Estimate | null>(),
    tags: text('tags').array().notNull().default([]),
    /** Completed responses so far; incremented under the row lock, so the sample size is hit exactly. */
    completedCount: integer('completed_count').notNull().default(0),
    /**
     * The Spanish (and any later) version of the respondent-facing texts, keyed by language, then by
     * question and option id; the structure (questions, options, logic) is the survey's own.
     */
    translations: jsonb('translations').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * What English each translated text was translated from: per language, per text key
     * (`q:<questionId>:option:<optionId>`), a hash of that English (decision 045). A text whose
     * English hash differs now is flagged 'English changed since translated'.
     */
    translationSources: jsonb('translation_sources')
      .$type<Record<string, Record<string, string>>>()
      .notNull()
      .default({}),
    /** When an approved survey opens by itself, and when a live one closes (decision 029). */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** Researcher-uploaded raking targets (attribute → value → share); null uses the Census margins. */
    weightingTargets: jsonb('weighting_targets').$type<Record<string, Record<string, number>> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('surveys_org_idx').on(t.organizationId),
    index('surveys_owner_idx').on(t.ownerId),
    index('surveys_status_idx').on(t.status),
  ],
);

export const questions = pgTable(
  'questions',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    required: boolean('required').notNull().default(false),
    randomizeOptions: boolean('randomize_options').notNull().default(false),
    options: jsonb('options').$type<ChoiceOption[]>().notNull().default([]),
    rows: jsonb('rows').$type<ChoiceOption[]>().notNull().default([]),
    scale: jsonb('scale').$type<{
      min: number;
      max: number;
      minLabel: string | null;
      maxLabel: string | null;
    } | null>(),
    displayLogic: jsonb('display_logic').$type<DisplayLogic | null>(),
    /**
     * The rest of a question's design that needs no column of its own: skip rules, screen-out,
     * minimum and maximum selections, a page's shuffle (decision 029).
     */
    design: jsonb('design').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.surveyId, t.id] }),
    uniqueIndex('questions_position_idx').on(t.surveyId, t.position),
  ],
);

export const surveyUsers = pgTable(
  'survey_users',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] })],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_org_name_idx').on(t.organizationId, t.name)],
);

/** Who moved a survey from which status to which, when and why. */
export const surveyStatusHistory = pgTable(
  'survey_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    action: text('action').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    details: jsonb('details').$type<{ reasons?: string[]; checklist?: Record<string, boolean> } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('survey_status_history_survey_idx').on(t.surveyId, t.createdAt)],
);

/** A question an organisation keeps to reuse: the question as it was saved, without its survey. */
export const questionBankItems = pgTable(
  'question_bank_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    question: jsonb('question').$type<Record<string, unknown>>().notNull(),
    tags: text('tags').array().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_bank_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A read-only link to a survey's results for people outside the organisation. Only the token's
 * sha256 is kept; the link expires and can be revoked, and shows only what disclosure control allows.
 */
export const resultShareLinks = pgTable(
  'result_share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    /** Whether the shared report is weighted (audience surveys default to weighted). */
    weighted: boolean('weighted').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('result_share_links_token_idx').on(t.tokenHash),
    index('result_share_links_survey_idx').on(t.surveyId),
  ],
);

/** A tracker: the same questions asked again in waves, compared across them. */
export const trackers = pgTable(
  'trackers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trackers_org_idx').on(t.organizationId)],
);

export const trackerWaves = pgTable(
  'tracker_waves',
  {
    trackerId: uuid('tracker_id')
      .notNull()
      .references(() => trackers.id, { onDelete: 'cascade' }),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.trackerId, t.surveyId] }),
    uniqueIndex('tracker_waves_survey_idx').on(t.surveyId),
  ],
);
