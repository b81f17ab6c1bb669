import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * Platform feature flags (the analytics tag manager, marketing automation), switched by a Super Admin.
 * `settings` holds what the flag needs to load its script, such as a container id or a script URL.
 */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A contact, speak-to-sales or newsletter sign-up from the public site, followed up by staff. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** contact | sales | newsletter */
    kind: text('kind').notNull(),
    company: text('company'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    /** A US state code. */
    state: text('state'),
    message: text('message'),
    /** new | contacted | qualified | closed */
    status: text('status').notNull().default('new'),
    /** Who last changed the status (a staff member's name and email, kept as text), and when. */
    statusChangedBy: text('status_changed_by'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The public page the form was sent from, and UTM parameters if any. */
    sourcePath: text('source_path'),
    utm: jsonb('utm').$type<Record<string, string>>().notNull().default({}),
    /** A library lead: the content entry it asked for, and its title then (the entry may change). */
    libraryItemId: integer('library_item_id'),
    libraryItemTitle: text('library_item_title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_status_created').on(t.status, t.createdAt)],
);
