import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Paths that lead somewhere else. `source` is an exact path or a prefix ending in `/*`;
 * for a prefix, a target ending in `/*` receives the rest of the path.
 */
export const redirects = pgTable('redirects', {
  id: uuid('id').primaryKey().defaultRandom(),
  source: text('source').notNull().unique(),
  target: text('target').notNull(),
  permanent: boolean('permanent').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row of service-wide switches, such as maintenance mode. */
export const platformSettings = pgTable('platform_settings', {
  id: integer('id').primaryKey().default(1),
  maintenance: boolean('maintenance').notNull().default(false),
  maintenanceMessage: text('maintenance_message'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
