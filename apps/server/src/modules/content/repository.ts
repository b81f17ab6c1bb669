import type { ContentStatus, ContentType } from '@tv/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  articleFeedback,
  contentEntries,
  contentMedia,
  interfaceCopy,
  termsVersions,
} from '../../db/schema/content';
import { processEvents } from '../../lib/events';

export type EntryRow = typeof contentEntries.$inferSelect;
export type MediaRow = typeof contentMedia.$inferSelect;

// ── Terms and conditions ────────────────────────────────────────────────────────────────────────

const publishedTerms = and(isNotNull(termsVersions.publishedAt), lte(termsVersions.publishedAt, sql`now()`));

/** Published versions only: a draft version is never shown to the public nor accepted at sign-up. */
export async function listTermsVersions(db: Db, ascending: boolean, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(termsVersions)
      .where(publishedTerms)
      .orderBy(ascending ? asc(termsVersions.versionTimestamp) : desc(termsVersions.versionTimestamp))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(termsVersions).where(publishedTerms),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Every version, drafts too, newest first: what staff manage. */
export async function listAllTermsVersions(db: Db) {
  return db.select().from(termsVersions).orderBy(desc(termsVersions.versionTimestamp));
}

export async function findTermsVersion(db: Db, versionTimestamp: string) {
  const rows = await db
    .select({ versionTimestamp: termsVersions.versionTimestamp })
    .from(termsVersions)
    .where(and(eq(termsVersions.versionTimestamp, versionTimestamp), publishedTerms))
    .limit(1);
  return rows[0] ?? null;
}

/** The newest published version: the one sign-up must accept and signed-in people are asked to accept. */
export async function currentTermsVersion(db: Db) {
  const rows = await db
    .select({ versionTimestamp: termsVersions.versionTimestamp })
    .from(termsVersions)
    .where(publishedTerms)
    .orderBy(desc(termsVersions.versionTimestamp))
    .limit(1);
  return rows[0]?.versionTimestamp ?? null;
}

/** Seeds and tests insert published versions; staff drafts pass `published: false`. */
export async function insertTermsVersion(
  db: Db,
  versionTimestamp: string,
  content: string,
  options: { published?: boolean } = {},
) {
  const publishedAt = options.published === false ? null : new Date();
  const rows = await db
    .insert(termsVersions)
    .values({ versionTimestamp, content, publishedAt })
    .onConflictDoNothing()
    .returning();
  if (publishedAt) await processEvents.emit('content.terms-published', {});
  return rows[0] ?? null;
}

export async function publishTermsVersion(db: Db, versionTimestamp: string) {
  const rows = await db
    .update(termsVersions)
    .set({ publishedAt: sql`coalesce(${termsVersions.publishedAt}, now())` })
    .where(eq(termsVersions.versionTimestamp, versionTimestamp))
    .returning();
  // Signed-in profiles compare against the current version, cached for a few seconds by identity.
  await processEvents.emit('content.terms-published', {});
  return rows[0] ?? null;
}

// ── Interface copy ──────────────────────────────────────────────────────────────────────────────

export async function readCopy(db: Db) {
  const rows = await db
    .select()
    .from(interfaceCopy)
    .orderBy(asc(interfaceCopy.section), asc(interfaceCopy.key));
  const copy: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    copy[row.section] ??= {};
    copy[row.section]![row.key] = row.value;
  }
  return copy;
}

export async function insertCopy(db: Db, copy: Record<string, Record<string, string>>) {
  const values = copyRows(copy);
  if (values.length > 0) await db.insert(interfaceCopy).values(values).onConflictDoNothing();
}

const copyRows = (copy: Record<string, Record<string, string>>) =>
  Object.entries(copy).flatMap(([section, entries]) =>
    Object.entries(entries).map(([key, value]) => ({ section, key, value })),
  );

/** Staff publish the whole document at once: what is not in it is gone. */
export async function replaceCopy(db: Db, copy: Record<string, Record<string, string>>) {
  await db.transaction(async (tx) => {
    await tx.delete(interfaceCopy);
    const values = copyRows(copy);
    if (values.length > 0) await tx.insert(interfaceCopy).values(values);
  });
}

// ── Entries ─────────────────────────────────────────────────────────────────────────────────────

/** Published and due: what the public may see. */
export const isPublicEntry = () =>
  and(isNotNull(contentEntries.publishedAt), lte(contentEntries.publishedAt, sql`now()`)) as SQL;

export async function findEntry(db: Db, type: ContentType, id: number) {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.type, type), eq(contentEntries.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPublicEntry(db: Db, type: ContentType, id: number) {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.type, type), eq(contentEntries.id, id), isPublicEntry()))
    .limit(1);
  return rows[0] ?? null;
}

export async function findEntryBySlug(db: Db, type: ContentType, slug: string, locale = 'en') {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(
      and(eq(contentEntries.type, type), eq(contentEntries.locale, locale), eq(contentEntries.slug, slug)),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The public query engine's page: `where` and `orderBy` are built from validated Strapi parameters. */
export async function queryPublicEntries(
  db: Db,
  input: {
    type: ContentType;
    locale: string;
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
  },
) {
  const condition = and(
    eq(contentEntries.type, input.type),
    eq(contentEntries.locale, input.locale),
    isPublicEntry(),
    input.where,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(contentEntries)
      .where(condition)
      .orderBy(...input.orderBy, asc(contentEntries.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(contentEntries).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

const statusCondition = (status: ContentStatus): SQL => {
  if (status === 'published') return isPublicEntry();
  if (status === 'scheduled') return isNotNull(contentEntries.scheduledAt);
  return and(
    isNull(contentEntries.scheduledAt),
    or(isNull(contentEntries.publishedAt), sql`${contentEntries.publishedAt} > now()`),
  ) as SQL;
};

export async function listEntriesForStaff(
  db: Db,
  input: { type: ContentType; q?: string; status?: ContentStatus; page: number; pageSize: number },
) {
  const search = input.q ? `%${input.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  const condition = and(
    eq(contentEntries.type, input.type),
    input.status ? statusCondition(input.status) : undefined,
    search
      ? or(
          ilike(contentEntries.slug, search),
          sql`coalesce(${contentEntries.attributes}->>'title', ${contentEntries.attributes}->>'question', ${contentEntries.attributes}->>'name', '') ilike ${search}`,
          sql`coalesce(${contentEntries.attributes}->>'quote', '') ilike ${search}`,
        )
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(contentEntries)
      .where(condition)
      .orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(contentEntries).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function insertEntry(
  db: Db,
  values: {
    type: ContentType;
    slug: string | null;
    locale?: string;
    attributes: Record<string, unknown>;
    publishedAt?: Date | null;
    createdBy?: string | null;
  },
) {
  const rows = await db
    .insert(contentEntries)
    .values({
      type: values.type,
      slug: values.slug,
      locale: values.locale ?? 'en',
      attributes: values.attributes,
      publishedAt: values.publishedAt ?? null,
      createdBy: values.createdBy ?? null,
      updatedBy: values.createdBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/**
 * For the demo seed: inserts the entry unless one with the same type, locale and slug exists (or, for
 * types without a slug, the same attributes), and never changes an existing one.
 */
export async function upsertSeedEntry(
  db: Db,
  input: {
    type: ContentType;
    slug: string | null;
    attributes: Record<string, unknown>;
    publishedAt: Date | null;
    locale?: string;
  },
) {
  const locale = input.locale ?? 'en';
  if (input.slug === null) {
    const same = await db
      .select({ id: contentEntries.id })
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.type, input.type),
          eq(contentEntries.locale, locale),
          isNull(contentEntries.slug),
          sql`${contentEntries.attributes} = ${JSON.stringify(input.attributes)}::jsonb`,
        ),
      )
      .limit(1);
    if (same.length > 0) return null;
  }
  return insertEntry(db, { ...input, locale });
}

/** Saves when `version` is still the stored one; null means someone else saved first. */
export async function updateEntryIfVersion(
  db: Db,
  id: number,
  version: number,
  values: { slug: string | null; attributes: Record<string, unknown>; updatedBy: string | null },
) {
  const rows = await db
    .update(contentEntries)
    .set({ ...values, version: sql`${contentEntries.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(contentEntries.id, id), eq(contentEntries.version, version)))
    .returning();
  return rows[0] ?? null;
}

export async function setEntryPublication(
  db: Db,
  id: number,
  values: { publishedAt: Date | null; scheduledAt: Date | null; updatedBy: string | null },
) {
  const rows = await db
    .update(contentEntries)
    .set({ ...values, version: sql`${contentEntries.version} + 1`, updatedAt: sql`now()` })
    .where(eq(contentEntries.id, id))
    .returning();
  return rows[0] ?? null;
}

/**
 * Publishes the entry only if it is still scheduled for exactly `scheduledAt`: an unscheduled or
 * rescheduled entry is left alone, and a second run finds nothing to do.
 */
export async function publishIfStillScheduled(db: Db, id: number, scheduledAt: Date) {
  const rows = await db
    .update(contentEntries)
    .set({
      publishedAt: contentEntries.scheduledAt,
      scheduledAt: null,
      version: sql`${contentEntries.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(contentEntries.id, id),
        eq(contentEntries.scheduledAt, scheduledAt),
        lte(contentEntries.scheduledAt, sql`now()`),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function listDueScheduledEntries(db: Db) {
  return db
    .select({ id: contentEntries.id, scheduledAt: contentEntries.scheduledAt })
    .from(contentEntries)
    .where(and(isNotNull(contentEntries.scheduledAt), lte(contentEntries.scheduledAt, sql`now()`)));
}

export async function deleteEntry(db: Db, id: number) {
  const rows = await db.delete(contentEntries).where(eq(contentEntries.id, id)).returning();
  return rows[0] ?? null;
}

// ── Media ───────────────────────────────────────────────────────────────────────────────────────

export async function findMediaByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(contentMedia).where(inArray(contentMedia.id, ids));
}

export async function findMedia(db: Db, id: number) {
  const rows = await db.select().from(contentMedia).where(eq(contentMedia.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findMediaByKey(db: Db, storageKey: string) {
  const rows = await db.select().from(contentMedia).where(eq(contentMedia.storageKey, storageKey)).limit(1);
  return rows[0] ?? null;
}

export async function listMedia(db: Db) {
  return db.select().from(contentMedia).orderBy(desc(contentMedia.createdAt), desc(contentMedia.id));
}

export async function updateMediaAlternativeText(db: Db, id: number, alternativeText: string) {
  const rows = await db
    .update(contentMedia)
    .set({ alternativeText })
    .where(eq(contentMedia.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteMedia(db: Db, id: number) {
  const rows = await db.delete(contentMedia).where(eq(contentMedia.id, id)).returning();
  return rows[0] ?? null;
}

// ── Article feedback ────────────────────────────────────────────────────────────────────────────

export async function upsertFeedback(
  db: Db,
  values: { entryId: number; visitorHash: string; useful: boolean; comment: string | null },
) {
  const rows = await db
    .insert(articleFeedback)
    .values(values)
    .onConflictDoUpdate({
      target: [articleFeedback.entryId, articleFeedback.visitorHash],
      // A vote counts at the click; the comment sent after it joins the same vote, and a click
      // without a comment keeps the comment already given.
      set: {
        useful: values.useful,
        comment: values.comment ?? sql`${articleFeedback.comment}`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return rows[0]!;
}

export async function findFeedback(db: Db, entryId: number, visitorHash: string) {
  const rows = await db
    .select()
    .from(articleFeedback)
    .where(and(eq(articleFeedback.entryId, entryId), eq(articleFeedback.visitorHash, visitorHash)))
    .limit(1);
  return rows[0] ?? null;
}

export async function feedbackCounts(db: Db, entryIds: number[]) {
  if (entryIds.length === 0)
    return new Map<number, { useful: number; notUseful: number; comments: number }>();
  const rows = await db
    .select({
      entryId: articleFeedback.entryId,
      useful: sql<number>`count(*) filter (where ${articleFeedback.useful})`.mapWith(Number),
      notUseful: sql<number>`count(*) filter (where not ${articleFeedback.useful})`.mapWith(Number),
      comments: sql<number>`count(*) filter (where coalesce(${articleFeedback.comment}, '') <> '')`.mapWith(
        Number,
      ),
    })
    .from(articleFeedback)
    .where(inArray(articleFeedback.entryId, entryIds))
    .groupBy(articleFeedback.entryId);
  return new Map(rows.map(({ entryId, ...counts }) => [entryId, counts]));
}

export async function listFeedbackComments(db: Db, entryId: number) {
  return db
    .select({
      useful: articleFeedback.useful,
      comment: articleFeedback.comment,
      createdAt: articleFeedback.updatedAt,
    })
    .from(articleFeedback)
    .where(and(eq(articleFeedback.entryId, entryId), sql`coalesce(${articleFeedback.comment}, '') <> ''`))
    .orderBy(desc(articleFeedback.updatedAt));
}
