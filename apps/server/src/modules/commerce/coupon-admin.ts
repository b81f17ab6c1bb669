import type { AdminCoupon, AdminCouponInput } from '@tv/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commerceCoupons } from '../../db/schema/commerce';
import { HttpError } from '../../plugins/errors';
import { type CouponRow, findCouponByCode } from './coupons';
import { toAmount } from './money';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' (the last day a coupon works) as the moment it stops: the next midnight, UTC. */
export const expiryOf = (expiresOn: string) => new Date(Date.parse(`${expiresOn}T00:00:00Z`) + DAY_MS);
const lastDayOf = (expiresAt: Date) => new Date(expiresAt.getTime() - DAY_MS).toISOString().slice(0, 10);

export function toAdminCoupon(row: CouponRow, now = new Date()): AdminCoupon {
  const status: AdminCoupon['status'] = !row.isActive
    ? 'inactive'
    : row.expiresAt && row.expiresAt <= now
      ? 'expired'
      : row.usesLimit !== null && row.timesUsed >= row.usesLimit
        ? 'used_up'
        : 'active';
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.kind === 'percent' ? row.amount : toAmount(row.amount),
    expiresOn: row.expiresAt ? lastDayOf(row.expiresAt) : null,
    usesLimit: row.usesLimit,
    timesUsed: row.timesUsed,
    isActive: row.isActive,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Staff's coupons: list with uses, create, deactivate. Callers check commerce~view / commerce~manage. */
export function createCouponAdminService(db: Db) {
  return {
    async list(): Promise<AdminCoupon[]> {
      const rows = await db
        .select()
        .from(commerceCoupons)
        .orderBy(desc(commerceCoupons.createdAt), desc(commerceCoupons.id));
      return rows.map((row) => toAdminCoupon(row));
    },

    async create(input: AdminCouponInput, staffId: string): Promise<AdminCoupon> {
      const fields: Record<string, string[]> = {};
      const expiresAt = input.expiresOn === null ? null : expiryOf(input.expiresOn);
      if (
        expiresAt !== null &&
        (Number.isNaN(expiresAt.getTime()) || lastDayOf(expiresAt) !== input.expiresOn)
      )
        fields.expiresOn = ['Enter a real date, like 2026-12-31.'];
      else if (expiresAt !== null && expiresAt <= new Date())
        fields.expiresOn = ['Choose an expiry date from today on.'];
      if (Object.keys(fields).length > 0)
        throw new HttpError(400, Object.values(fields)[0]![0]!, 'VALIDATION_FAILED', { fields });
      if (await findCouponByCode(db, input.code)) throw duplicate(input.code);
      const amount = input.kind === 'percent' ? input.amount : Math.round(input.amount * 100);
      const [row] = await db
        .insert(commerceCoupons)
        .values({
          code: input.code,
          kind: input.kind,
          amount,
          expiresAt,
          usesLimit: input.usesLimit,
          createdBy: staffId,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw duplicate(input.code);
      return toAdminCoupon(row);
    },

    /** Stops a coupon for good: carts that hold it can no longer check out with it. */
    async deactivate(id: number): Promise<AdminCoupon> {
      const [row] = await db
        .update(commerceCoupons)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(commerceCoupons.id, id))
        .returning();
      if (!row) throw new HttpError(404, 'This coupon does not exist.', 'NOT_FOUND');
      return toAdminCoupon(row);
    },
  };
}

const duplicate = (code: string) =>
  new HttpError(409, `A coupon with the code ${code} already exists. Choose another code.`, 'DUPLICATE', {
    fields: { code: [`A coupon with the code ${code} already exists. Choose another code.`] },
  });
