import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commerceCustomers } from '../../db/schema/commerce';

/**
 * The user's Magento customer id: a stable integer (a serial), made on first use. Race-safe: of two
 * parallel first calls one inserts, the other does nothing, and both read the same row.
 */
export async function customerIdOf(db: Db, userId: string): Promise<number> {
  const [existing] = await db
    .select({ id: commerceCustomers.id })
    .from(commerceCustomers)
    .where(eq(commerceCustomers.userId, userId))
    .limit(1);
  if (existing) return existing.id;
  await db.execute(
    sql`insert into commerce_customers (user_id) values (${userId}) on conflict (user_id) do nothing`,
  );
  const [row] = await db
    .select({ id: commerceCustomers.id })
    .from(commerceCustomers)
    .where(eq(commerceCustomers.userId, userId))
    .limit(1);
  return row!.id;
}
