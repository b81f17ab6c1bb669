import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commerceCarts } from '../../db/schema/commerce';
import type { Viewer } from '../identity/service';
import { cartLines, findActiveCart } from './carts';
import { CART_EMPTY_TEMPLATE, couponNotValid, findCouponByCode, findCouponById, isUsable } from './coupons';
import { CommerceError, noSuchEntity } from './errors';

/** Magento's `/carts/mine/coupons` calls on the caller's active cart. */
export function createCartCouponsService(db: Db) {
  /** The caller's active cart with at least one line, locked; Magento's 404s otherwise. */
  async function cartWithItems(tx: Db, viewer: Viewer) {
    const cart = await findActiveCart(tx, viewer.user.id, { lock: true });
    if (!cart) throw noSuchEntity('cartId', 'mine');
    if ((await cartLines(tx, cart.id)).length === 0)
      throw new CommerceError(404, CART_EMPTY_TEMPLATE, [String(cart.id)]);
    return cart;
  }

  return {
    /** `GET /carts/mine/coupons`: the applied code, or null when there is none (as Magento answers). */
    async get(viewer: Viewer): Promise<string | null> {
      const cart = await findActiveCart(db, viewer.user.id);
      if (!cart) throw noSuchEntity('cartId', 'mine');
      return (await findCouponById(db, cart.couponId))?.code ?? null;
    },

    /** `PUT /carts/mine/coupons/{couponCode}`: applies a usable coupon to the cart; anything else is Magento's 404. */
    async apply(viewer: Viewer, code: string): Promise<true> {
      return db.transaction(async (tx) => {
        const cart = await cartWithItems(tx, viewer);
        const coupon = await findCouponByCode(tx, code);
        if (!coupon || !isUsable(coupon)) throw couponNotValid();
        await tx
          .update(commerceCarts)
          .set({ couponId: coupon.id, updatedAt: new Date() })
          .where(eq(commerceCarts.id, cart.id));
        return true as const;
      });
    },

    /** `DELETE /carts/mine/coupons`: removes whatever coupon the cart has. */
    async remove(viewer: Viewer): Promise<true> {
      return db.transaction(async (tx) => {
        const cart = await cartWithItems(tx, viewer);
        await tx
          .update(commerceCarts)
          .set({ couponId: null, updatedAt: new Date() })
          .where(eq(commerceCarts.id, cart.id));
        return true as const;
      });
    },
  };
}
