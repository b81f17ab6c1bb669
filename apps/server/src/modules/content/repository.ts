import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interfaceCopy, termsVersions } from '../../db/schema/content';

export async function listTermsVersions(db: Db, ascending: boolean, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(termsVersions)
      .orderBy(ascending ? asc(termsVersions.versionTimestamp) : desc(termsVersions.versionTimestamp))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(termsVersions),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findTermsVersion(db: Db, versionTimestamp: string) {
  const rows = await db
    .select({ versionTimestamp: termsVersions.versionTimestamp })
    .from(termsVersions)
    .where(eq(termsVersions.versionTimestamp, versionTimestamp))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTermsVersion(db: Db, versionTimestamp: string, content: string) {
  await db.insert(termsVersions).values({ versionTimestamp, content }).onConflictDoNothing();
}

export async function readCopy(db: Db) {
  const rows = await db.select().from(interfaceCopy);
  const copy: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    copy[row.section] ??= {};
    copy[row.section]![row.key] = row.value;
  }
  return copy;
}

export async function insertCopy(db: Db, copy: Record<string, Record<string, string>>) {
  const values = Object.entries(copy).flatMap(([section, entries]) =>
    Object.entries(entries).map(([key, value]) => ({ section, key, value })),
  );
  if (values.length > 0) await db.insert(interfaceCopy).values(values).onConflictDoNothing();
}
