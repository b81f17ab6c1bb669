import { exportJobFormats, exportJobStatuses } from '@tv/contract';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { organizations } from './organizations';
import { surveys } from './surveys';

/**
 * A results file prepared in the background (issue 27, decision 050). The file itself lies in the data
 * directory (`exports/<id>`), never in the database or in memory; the row says how far it got, for whom
 * it is, and when it is deleted. Only the person who started it may read it.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** The survey's organisation when the job started (null for an anonymous visitor's own survey). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format', { enum: exportJobFormats }).notNull(),
    /** The results filters as the query string gave them (weighted, ageMin, …), re-read when it runs. */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: exportJobStatuses }).notNull().default('queued'),
    rowsWritten: integer('rows_written').notNull().default(0),
    total: integer('total'),
    fileName: text('file_name'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Written with each page: a queued or running job whose heartbeat stops is marked failed. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('export_jobs_owner_idx').on(t.surveyId, t.userId, t.createdAt),
    index('export_jobs_status_idx').on(t.status, t.heartbeatAt),
  ],
);
