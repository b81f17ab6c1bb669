import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformSettings, redirects } from '../../db/schema/platform';

export interface RedirectRow {
  source: string;
  target: string;
  permanent: boolean;
}

/** The exact rule for a path, or else the longest `prefix/*` rule that covers it. */
export async function findRedirectRule(db: Db, path: string): Promise<RedirectRow | null> {
  const rows = await db
    .select({ source: redirects.source, target: redirects.target, permanent: redirects.permanent })
    .from(redirects)
    .where(
      sql`${redirects.source} = ${path} or (right(${redirects.source}, 2) = '/*' and starts_with(${path}, left(${redirects.source}, -1)))`,
    )
    .orderBy(sql`${redirects.source} = ${path} desc`, sql`length(${redirects.source}) desc`)
    .limit(1);
  return rows[0] ?? null;
}

export async function readPlatformSettings(db: Db) {
  const rows = await db.select().from(platformSettings).limit(1);
  return rows[0] ?? null;
}

export async function writeMaintenance(db: Db, maintenance: boolean, message: string | null) {
  await db
    .insert(platformSettings)
    .values({ id: 1, maintenance, maintenanceMessage: message })
    .onConflictDoUpdate({
      target: platformSettings.id,
      set: { maintenance, maintenanceMessage: message, updatedAt: new Date() },
    });
}

export async function upsertRedirects(db: Db, rows: RedirectRow[]) {
  if (rows.length === 0) return;
  await db.insert(redirects).values(rows).onConflictDoNothing({ target: redirects.source });
}
