import type { LeadKind, LeadStatus } from '@tv/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leads } from '../../db/schema/platform';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;

export interface LeadFilter {
  status?: LeadStatus;
  kind?: LeadKind;
  /** Words found in the name, email, organisation or message (case-insensitive). */
  q?: string;
}

export async function insertLead(db: Db, values: NewLeadRow): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}

/** `%`, `_` and `\` in what staff typed are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(filter: LeadFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = likePattern(word);
    conditions.push(
      or(
        ilike(leads.firstName, pattern),
        ilike(leads.lastName, pattern),
        ilike(leads.email, pattern),
        ilike(leads.company, pattern),
        ilike(leads.message, pattern),
        ilike(leads.libraryItemTitle, pattern),
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function pageLeads(db: Db, filter: LeadFilter, page: number, pageSize: number) {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Every lead the filter matches, newest first, for the CSV export (at most `limit`). */
export async function allLeads(db: Db, filter: LeadFilter, limit: number) {
  return db
    .select()
    .from(leads)
    .where(whereOf(filter))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

export async function updateLeadStatus(
  db: Db,
  id: string,
  status: LeadStatus,
  changedBy: string,
): Promise<LeadRow | null> {
  const now = new Date();
  const [row] = await db
    .update(leads)
    .set({ status, statusChangedBy: changedBy, statusChangedAt: now, updatedAt: now })
    .where(eq(leads.id, id))
    .returning();
  return row ?? null;
}
