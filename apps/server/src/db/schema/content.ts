import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Terms and conditions versions a person can accept; the newest is current. */
export const termsVersions = pgTable('terms_versions', {
  versionTimestamp: text('version_timestamp').primaryKey(),
  content: text('content').notNull(),
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
