import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { featureFlags } from '../../db/schema/platform';

export type FeatureFlagRow = typeof featureFlags.$inferSelect;

export async function readFeatureFlags(db: Db): Promise<FeatureFlagRow[]> {
  return db.select().from(featureFlags);
}

export async function readFeatureFlag(db: Db, key: string): Promise<FeatureFlagRow | null> {
  return (await db.select().from(featureFlags).where(eq(featureFlags.key, key)).limit(1))[0] ?? null;
}

export async function writeFeatureFlag(
  db: Db,
  key: string,
  values: { enabled: boolean; settings: Record<string, string>; updatedBy: string | null },
): Promise<FeatureFlagRow> {
  const [row] = await db
    .insert(featureFlags)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: featureFlags.key, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Seeds a flag switched off; an existing row (a Super Admin's choice) is never changed. */
export async function insertFeatureFlagIfMissing(db: Db, key: string, settings: Record<string, string>) {
  await db.insert(featureFlags).values({ key, enabled: false, settings }).onConflictDoNothing();
}
