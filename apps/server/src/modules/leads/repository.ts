import type { LeadKind, LeadStatus } from '@tv/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leads } from '../../db/schema/platform';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;

export async function insertLead(db: Db, values: NewLeadRow): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}

export async function pageLeads(
  db: Db,
  filter: { status?: LeadStatus; kind?: LeadKind },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
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

export async function updateLeadStatus(db: Db, id: string, status: LeadStatus): Promise<LeadRow | null> {
  const [row] = await db
    .update(leads)
    .set({ status, updatedAt: new Date() })
    .where(eq(leads.id, id))
    .returning();
  return row ?? null;
}
