import {
  type AddCartItemBody,
  type CartItemShape,
  type CartShape,
  type CartTotals,
  COMMERCE_CURRENCY,
  COMMERCE_STORE_ID,
} from '@tv/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { commerceCartItems, commerceCarts, commerceProducts } from '../../db/schema/commerce';
import type { Viewer } from '../identity/service';
import { type CouponRow, discountOn, findCouponById, isUsable } from './coupons';
import { customerIdOf } from './customers';
import { badRequest, CommerceError, noSuchEntity } from './errors';
import { magentoDate } from './magento-format';
import { taxOn, toAmount } from './money';
import { availablePaymentMethods, type PaymentTotals } from './payments';

export type CartRow = typeof commerceCarts.$inferSelect;

/** A cart line with the product as it is now (price, whether it can still be bought). */
export interface CartLine {
  itemId: number;
  cartId: number;
  productId: number;
  sku: string;
  name: string;
  priceCents: number;
  qty: number;
  productType: string;
  onSale: boolean;
  hasFile: boolean;
  numberOfDownloads: number;
}

export const NOT_AVAILABLE_MESSAGE = 'Product that you are trying to add is not available.';

/** Ids in paths and bodies are positive 32-bit integers; anything else names no entity. */
export function parseId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** What a path or body value is shown as in a 404: as sent, but never more than 64 characters. */
export const shown = (value: unknown) => String(value).slice(0, 64);

export async function findActiveCart(db: Db, userId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(commerceCarts)
    .where(and(eq(commerceCarts.userId, userId), eq(commerceCarts.isActive, true)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The caller's active cart, made when there is none. Race-safe: the partial unique index allows one
 * active cart per user, so of two parallel inserts one does nothing and both read the same row.
 */
export async function ensureActiveCart(db: Db, userId: string, options: { lock?: boolean } = {}) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await db.execute(
      sql`insert into commerce_carts (user_id) values (${userId}) on conflict (user_id) where is_active do nothing`,
    );
    const cart = await findActiveCart(db, userId, options);
    // Between the insert and the read an order may have been placed from the cart: make another.
    if (cart) return cart;
  }
  throw new Error('could not create an active cart');
}

export async function cartLines(db: Db, cartId: number): Promise<CartLine[]> {
  const rows = await db
    .select({
      itemId: commerceCartItems.id,
      cartId: commerceCartItems.cartId,
      productId: commerceCartItems.productId,
      sku: commerceProducts.sku,
      name: commerceProducts.name,
      priceCents: commerceProducts.priceCents,
      qty: commerceCartItems.qty,
      productType: commerceProducts.type,
      onSale: commerceProducts.onSale,
      fileKey: commerceProducts.fileKey,
      numberOfDownloads: commerceProducts.numberOfDownloads,
    })
    .from(commerceCartItems)
    .innerJoin(commerceProducts, eq(commerceProducts.id, commerceCartItems.productId))
    .where(eq(commerceCartItems.cartId, cartId))
    .orderBy(asc(commerceCartItems.id));
  return rows.map(({ fileKey, ...row }) => ({ ...row, hasFile: fileKey !== null }));
}

export interface Totals extends PaymentTotals {
  itemsQty: number;
  taxRateBasisPoints: number;
  /** What the coupon takes off the subtotal (positive cents), 0 without one. */
  discountCents: number;
  /** The applied coupon's code as staff wrote it, or null. */
  couponCode: string | null;
}

/**
 * Subtotal, the coupon's discount, tax at the configured rate on what is left (rounded to the cent)
 * and grand total, all in cents. The grand total is what the buyer is charged, whatever the method.
 */
export function computeTotals(
  lines: CartLine[],
  taxRateBasisPoints: number,
  coupon: Pick<CouponRow, 'code' | 'kind' | 'amount'> | null = null,
): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.qty, 0);
  const discountCents = coupon ? discountOn(coupon, subtotalCents) : 0;
  const taxCents = taxOn(subtotalCents - discountCents, taxRateBasisPoints);
  return {
    subtotalCents,
    taxCents,
    grandTotalCents: subtotalCents - discountCents + taxCents,
    itemsQty: lines.reduce((sum, line) => sum + line.qty, 0),
    taxRateBasisPoints,
    discountCents,
    couponCode: coupon?.code ?? null,
  };
}

/**
 * A cart's lines and totals with its coupon, the one way the cart screen, the totals call and checkout
 * price a cart. A coupon that stopped being usable (expired, used up, deactivated) takes nothing off;
 * it is still returned so checkout can say so.
 */
export async function cartTotals(db: Db, cart: CartRow, taxRateBasisPoints: number) {
  const [lines, coupon] = await Promise.all([cartLines(db, cart.id), findCouponById(db, cart.couponId)]);
  const usable = coupon && isUsable(coupon) ? coupon : null;
  return { lines, coupon, totals: computeTotals(lines, taxRateBasisPoints, usable) };
}

export function toCartItemShape(line: CartLine): CartItemShape {
  return {
    item_id: line.itemId,
    sku: line.sku,
    qty: line.qty,
    name: line.name,
    price: toAmount(line.priceCents),
    product_type: line.productType,
    quote_id: String(line.cartId),
    product_option: {
      extension_attributes: { downloadable_option: { downloadable_links: [line.productId] } },
    },
  };
}

export function toCartShape(cart: CartRow, lines: CartLine[], viewer: Viewer, customerId: number): CartShape {
  return {
    id: cart.id,
    store_id: COMMERCE_STORE_ID,
    created_at: magentoDate(cart.createdAt),
    updated_at: magentoDate(cart.updatedAt),
    is_active: cart.isActive,
    is_virtual: true,
    items: lines.map(toCartItemShape),
    items_count: lines.length,
    items_qty: lines.reduce((sum, line) => sum + line.qty, 0),
    currency: {
      global_currency_code: COMMERCE_CURRENCY,
      base_currency_code: COMMERCE_CURRENCY,
      store_currency_code: COMMERCE_CURRENCY,
      quote_currency_code: COMMERCE_CURRENCY,
    },
    customer: {
      id: customerId,
      email: viewer.user.email ?? '',
      firstname: viewer.user.firstName ?? '',
      lastname: viewer.user.lastName ?? '',
    },
  };
}

export function toTotalsShape(lines: CartLine[], totals: Totals, config: Config): CartTotals {
  const grandTotal = toAmount(totals.grandTotalCents);
  return {
    grand_total: grandTotal,
    base_grand_total: grandTotal,
    weee_tax_applied_amount: 0,
    subtotal: toAmount(totals.subtotalCents),
    // Magento writes a discount as a negative amount.
    discount_amount: totals.discountCents > 0 ? -toAmount(totals.discountCents) : 0,
    coupon_code: totals.couponCode,
    tax_amount: toAmount(totals.taxCents),
    base_currency_code: COMMERCE_CURRENCY,
    quote_currency_code: COMMERCE_CURRENCY,
    items_qty: totals.itemsQty,
    // Magento's totals items, with the fields its schema requires (no WEEE tax here: 0 and '[]').
    items: lines.map((line) => ({
      item_id: line.itemId,
      price: toAmount(line.priceCents),
      base_price: toAmount(line.priceCents),
      qty: line.qty,
      row_total: toAmount(line.priceCents * line.qty),
      base_row_total: toAmount(line.priceCents * line.qty),
      options: '[]',
      weee_tax_applied: '[]',
      weee_tax_applied_amount: 0,
      name: line.name,
      sku: line.sku,
    })),
    total_segments: [
      { code: 'subtotal', title: 'Subtotal', value: toAmount(totals.subtotalCents) },
      ...(totals.discountCents > 0
        ? [
            {
              code: 'discount' as const,
              title: `Discount (${totals.couponCode})`,
              value: -toAmount(totals.discountCents),
            },
          ]
        : []),
      { code: 'tax', title: 'Tax', value: toAmount(totals.taxCents), area: 'taxes' },
      { code: 'grand_total', title: 'Grand Total', value: grandTotal, area: 'footer' },
    ],
    extension_attributes: {
      tax_rate: totals.taxRateBasisPoints / 100,
      payment_methods: availablePaymentMethods(totals, config),
    },
  };
}

export function createCartsService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;

  async function requireActiveCart(viewer: Viewer) {
    const cart = await findActiveCart(db, viewer.user.id);
    if (!cart) throw noSuchEntity('customerId', viewer.user.id);
    return cart;
  }

  return {
    /** `POST /carts/mine`: the active cart's id, made on demand. */
    async open(viewer: Viewer): Promise<number> {
      return (await ensureActiveCart(db, viewer.user.id)).id;
    },

    async get(viewer: Viewer): Promise<CartShape> {
      const cart = await requireActiveCart(viewer);
      const [lines, customerId] = await Promise.all([
        cartLines(db, cart.id),
        customerIdOf(db, viewer.user.id),
      ]);
      return toCartShape(cart, lines, viewer, customerId);
    },

    async totals(viewer: Viewer): Promise<CartTotals> {
      const cart = await requireActiveCart(viewer);
      const { lines, totals } = await cartTotals(db, cart, config.commerce.taxRateBasisPoints);
      return toTotalsShape(lines, totals, config);
    },

    /**
     * Adds a report to the caller's active cart (made on demand when no quote_id is given). The cart
     * row is locked, so a parallel add or checkout waits; a SKU already in the cart answers its item.
     */
    async addItem(viewer: Viewer, body: AddCartItemBody): Promise<CartItemShape> {
      const { sku, quote_id: quoteId } = body.cartItem;
      if (/[\p{Cc}\p{Cs}]/u.test(sku))
        throw badRequest('SKU can only hold letters, numbers, spaces and punctuation', { fieldName: 'sku' });
      return db.transaction(async (tx) => {
        let cart: CartRow | null;
        if (quoteId !== undefined && quoteId !== '') {
          const id = parseId(quoteId);
          cart = await findActiveCart(tx, viewer.user.id, { lock: true });
          if (!cart || cart.id !== id) throw noSuchEntity('cartId', shown(quoteId));
        } else {
          cart = await ensureActiveCart(tx, viewer.user.id, { lock: true });
        }
        const [product] = await tx
          .select()
          .from(commerceProducts)
          .where(eq(commerceProducts.sku, sku))
          .limit(1);
        if (!product) throw noSuchEntity('sku', sku);
        if (!product.onSale || !product.fileKey) throw badRequest(NOT_AVAILABLE_MESSAGE);
        await tx
          .insert(commerceCartItems)
          .values({
            cartId: cart.id,
            productId: product.id,
            sku: product.sku,
            name: product.name,
            priceCents: product.priceCents,
            qty: 1,
          })
          .onConflictDoNothing({ target: [commerceCartItems.cartId, commerceCartItems.productId] });
        await tx.update(commerceCarts).set({ updatedAt: new Date() }).where(eq(commerceCarts.id, cart.id));
        const line = (await cartLines(tx, cart.id)).find((l) => l.productId === product.id);
        if (!line) throw new CommerceError(409, 'The cart changed while the report was added. Try again.');
        return toCartItemShape(line);
      });
    },

    /** Removes a line of the caller's active cart; any other id is no such entity. */
    async removeItem(viewer: Viewer, rawItemId: string): Promise<true> {
      const itemId = parseId(rawItemId);
      return db.transaction(async (tx) => {
        const cart = await findActiveCart(tx, viewer.user.id, { lock: true });
        if (!cart || itemId === null) throw noSuchEntity('itemId', shown(rawItemId));
        const removed = await tx
          .delete(commerceCartItems)
          .where(and(eq(commerceCartItems.id, itemId), eq(commerceCartItems.cartId, cart.id)))
          .returning({ id: commerceCartItems.id });
        if (removed.length === 0) throw noSuchEntity('itemId', shown(rawItemId));
        await tx.update(commerceCarts).set({ updatedAt: new Date() }).where(eq(commerceCarts.id, cart.id));
        return true as const;
      });
    },
  };
}
export type CartsService = ReturnType<typeof createCartsService>;

/** The caller's newest cart, active or not, locked for the rest of the transaction (checkout). */
export async function lockNewestCart(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(commerceCarts)
    .where(eq(commerceCarts.userId, userId))
    .orderBy(desc(commerceCarts.id))
    .limit(1)
    .for('update');
  return row ?? null;
}
