import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Terms and conditions versions a person can accept; the newest is current. */
export const termsVersions = pgTable('terms_versions', {
  versionTimestamp: text('version_timestamp').primaryKey(),
  content: text('content').notNull(),
  /** Null while staff draft a new version; sign-up and the acceptance check use the newest published one. */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Interface copy served as `/cms/api/{product}-copy.json`: section → key → text. */
export const interfaceCopy = pgTable(
  'interface_copy',
  {
    section: text('section').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.section, t.key] })],
);

/**
 * Every collection entry of the content service (articles, reports, library items, FAQs, testimonials,
 * legal pages) in one table: the attributes are validated per type by the contract's zod schemas, so
 * one Strapi-style query engine serves every collection. `publishedAt` null is a draft.
 */
export const contentEntries = pgTable(
  'content_entries',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    slug: text('slug'),
    locale: text('locale').notNull().default('en'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A publish planned by staff; a pg-boss job publishes the entry at this time. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** Optimistic concurrency: every save must name the version it edited. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_entries_type_locale_slug').on(t.type, t.locale, t.slug),
    index('content_entries_type_published').on(t.type, t.publishedAt),
  ],
);

/** Uploaded images and PDFs; the bytes live under DATA_DIR/files or in an S3-compatible bucket. */
export const contentMedia = pgTable('content_media', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** Where the bytes are: a path under the files directory, or the object key in the bucket. */
  storageKey: text('storage_key').notNull().unique(),
  sha256: text('sha256').notNull(),
  alternativeText: text('alternative_text'),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'Was this useful?' on an article: one vote per visitor (a hash of the visitor cookie), changeable. */
export const articleFeedback = pgTable(
  'article_feedback',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => contentEntries.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    useful: boolean('useful').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.visitorHash] })],
);
