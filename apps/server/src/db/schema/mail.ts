import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every message is written here first, then delivered by a job; without SMTP it stays here ('kept').
 * `html`, `text` and `props` never hold a secret: a reset or invitation link is replaced there by a
 * placeholder, and the link itself sits only in `secret`, encrypted, until delivery (decision 023).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    props: jsonb('props'),
    /** The template's secret props, AES-GCM encrypted; cleared once the message is sent, kept or failed. */
    secret: text('secret'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.toEmail)],
);
