import { and, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commerceCoupons } from '../../db/schema/commerce';
import { CommerceError } from './errors';

export type CouponRow = typeof commerceCoupons.$inferSelect;

/** Magento's words (CouponManagement::set) for a code that does not exist, has expired or is used up. */
export const COUPON_NOT_VALID_MESSAGE = "The coupon code isn't valid. Verify the code and try again.";
/** Magento's words when the cart has nothing to discount. */
export const CART_EMPTY_TEMPLATE = 'The "%1" Cart doesn\'t contain products.';
/** Checkout, when the cart's coupon stopped being usable after it was applied (expired, used up). */
export const COUPON_GONE_MESSAGE =
  'The coupon code "%couponCode" can no longer be used. Remove it from your cart to check out.';
/** The longest code staff may give a coupon; anything longer names no coupon. */
export const MAX_COUPON_CODE = 64;

export const couponNotValid = () => new CommerceError(404, COUPON_NOT_VALID_MESSAGE);

/** Codes match without regard to case or surrounding spaces, as people type them. */
export const normalizeCouponCode = (code: string) => code.trim().toLowerCase();

/** A coupon that may still be used now: active, not expired, not used up. */
export function usableNow(now: Date = new Date()): SQL {
  return and(
    eq(commerceCoupons.isActive, true),
    or(isNull(commerceCoupons.expiresAt), gt(commerceCoupons.expiresAt, now)),
    or(isNull(commerceCoupons.usesLimit), lt(commerceCoupons.timesUsed, commerceCoupons.usesLimit)),
  ) as SQL;
}

export const isUsable = (coupon: CouponRow, now: Date = new Date()) =>
  coupon.isActive &&
  (coupon.expiresAt === null || coupon.expiresAt > now) &&
  (coupon.usesLimit === null || coupon.timesUsed < coupon.usesLimit);

/** What a coupon takes off a subtotal, in cents: a percentage (rounded to the cent) or an amount, never more than the subtotal. */
export function discountOn(coupon: Pick<CouponRow, 'kind' | 'amount'>, subtotalCents: number): number {
  const off = coupon.kind === 'percent' ? Math.round((subtotalCents * coupon.amount) / 100) : coupon.amount;
  return Math.max(0, Math.min(off, subtotalCents));
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | null> {
  const normalized = normalizeCouponCode(code);
  if (normalized === '' || normalized.length > MAX_COUPON_CODE || /[\p{Cc}\p{Cs}]/u.test(normalized))
    return null;
  const [row] = await db
    .select()
    .from(commerceCoupons)
    .where(sql`lower(${commerceCoupons.code}) = ${normalized}`)
    .limit(1);
  return row ?? null;
}

export async function findCouponById(db: Db, id: number | null): Promise<CouponRow | null> {
  if (id === null) return null;
  const [row] = await db.select().from(commerceCoupons).where(eq(commerceCoupons.id, id)).limit(1);
  return row ?? null;
}

/**
 * Counts one use of the coupon for an order, inside the order's transaction. The conditional update
 * locks the coupon's row, so of simultaneous orders only as many as the limit allows get it; the rest
 * find it used up and are refused before anything is charged or written.
 */
export async function claimCouponUse(db: Db, coupon: CouponRow): Promise<void> {
  const claimed = await db
    .update(commerceCoupons)
    .set({ timesUsed: sql`${commerceCoupons.timesUsed} + 1`, updatedAt: new Date() })
    .where(and(eq(commerceCoupons.id, coupon.id), usableNow()))
    .returning({ id: commerceCoupons.id });
  if (claimed.length === 0)
    throw new CommerceError(400, COUPON_GONE_MESSAGE, { couponCode: coupon.code, fieldName: 'coupon_code' });
}
