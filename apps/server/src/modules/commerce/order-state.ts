import { emailTemplates } from '@tv/emails';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  commerceCarts,
  commerceCoupons,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commercePurchasedLinks,
  type OrderState,
} from '../../db/schema/commerce';
import { HttpError } from '../../plugins/errors';
import type { MailService } from '../mail/service';
import { discountLine, formatUsd } from './money';
import { paymentTitle } from './payments';

/**
 * Order state changes, shared by checkout (free and card orders are paid at once) and the staff
 * screens (mark paid, cancel, refund). Each runs in one transaction with the order row locked
 * (`FOR UPDATE`, so two staff clicking at once make one change), checks the order's version
 * (optimistic concurrency, 409 on a stale one), writes a status history row, and sends its mail
 * through the outbox.
 */
export interface OrderActor {
  /** Staff member, or null for the customer / the system. */
  userId: string | null;
}

export interface OrderStateDeps {
  db: Db;
  mail: MailService;
  config: Config;
}

export const ORDER_CHANGED_MESSAGE = 'This order was changed by someone else. Reload it and try again.';
export const ORDER_NOT_FOUND_MESSAGE = 'That order does not exist.';
export const MARK_PAID_STATE_MESSAGE = 'Only an order waiting for payment can be marked paid.';
export const CANCEL_STATE_MESSAGE =
  'Only an order waiting for payment can be canceled. Refund a paid order instead.';
export const REFUND_STATE_MESSAGE = 'Only a paid order can be refunded.';
export const REFUND_FREE_MESSAGE = 'This order was free: there is no payment to refund.';

type OrderRow = typeof commerceOrders.$inferSelect;

/** The order locked for this transaction, its version and state checked. */
async function lockOrder(
  tx: Db,
  orderId: number,
  expectedVersion: number | null,
  allowedState: OrderState,
  stateMessage: string,
): Promise<OrderRow> {
  const [order] =
    Number.isSafeInteger(orderId) && orderId >= 1 && orderId <= 2_147_483_647
      ? await tx.select().from(commerceOrders).where(eq(commerceOrders.id, orderId)).limit(1).for('update')
      : [];
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND_MESSAGE, 'ORDER_NOT_FOUND');
  if (expectedVersion !== null && order.version !== expectedVersion)
    throw new HttpError(409, ORDER_CHANGED_MESSAGE, 'ORDER_CHANGED', { version: order.version });
  if (order.state !== allowedState) throw new HttpError(409, stateMessage, 'ORDER_STATE');
  return order;
}

async function writeHistory(tx: Db, orderId: number, status: string, comment: string, actor: OrderActor) {
  await tx.insert(commerceOrderHistory).values({ orderId, status, comment, actorId: actor.userId });
}

async function setLinkStatus(tx: Db, orderId: number, status: 'available' | 'expired') {
  await tx
    .update(commercePurchasedLinks)
    .set({ status, updatedAt: new Date() })
    .where(eq(commercePurchasedLinks.orderId, orderId));
}

/** The receipt mail of a paid order, queued in the transaction; its id is dispatched after commit. */
export async function enqueueReceiptMail(
  tx: Db,
  deps: Pick<OrderStateDeps, 'mail' | 'config'>,
  order: OrderRow,
): Promise<string> {
  const items = await tx
    .select({
      name: commerceOrderItems.name,
      priceCents: commerceOrderItems.priceCents,
      qty: commerceOrderItems.qty,
    })
    .from(commerceOrderItems)
    .where(eq(commerceOrderItems.orderId, order.id))
    .orderBy(asc(commerceOrderItems.id));
  const base = deps.config.publicUrl;
  return deps.mail.enqueue(tx, emailTemplates.orderReceipt, order.customerEmail, {
    firstName: order.customerFirstname,
    orderNumber: order.incrementId,
    receiptNumber: `R-${order.incrementId}`,
    paidAt: (order.paidAt ?? new Date()).toISOString(),
    items: items.map((item) => ({ name: item.name, price: formatUsd(item.priceCents * item.qty) })),
    subtotal: formatUsd(order.subtotalCents),
    discount: discountLine(order.discountCents),
    tax: formatUsd(order.taxCents),
    total: formatUsd(order.grandTotalCents),
    paymentMethodTitle: paymentTitle(order.paymentMethod),
    receiptUrl: `${base}/user/purchase-history/receipts/${order.id}`,
    downloadsUrl: `${base}/user/purchase-history`,
    salesEmail: deps.config.salesEmail,
  });
}

/**
 * pending_payment → complete inside the caller's transaction: the amount is paid in full, the
 * downloads become available, a history row and the receipt mail are written. Checkout calls this for
 * free and card orders; `markOrderPaid` for staff. Returns the mail ids to dispatch after commit.
 */
export async function markOrderPaidInTx(
  tx: Db,
  deps: Pick<OrderStateDeps, 'mail' | 'config'>,
  orderId: number,
  actor: OrderActor,
  expectedVersion: number | null,
  comment = 'Payment received.',
): Promise<string[]> {
  const order = await lockOrder(tx, orderId, expectedVersion, 'pending_payment', MARK_PAID_STATE_MESSAGE);
  const [paid] = await tx
    .update(commerceOrders)
    .set({
      state: 'complete',
      status: 'complete',
      amountPaidCents: order.grandTotalCents,
      paidAt: sql`now()`,
      version: order.version + 1,
      updatedAt: sql`now()`,
    })
    .where(eq(commerceOrders.id, order.id))
    .returning();
  await tx
    .update(commercePurchasedLinks)
    .set({ status: 'available', updatedAt: new Date() })
    .where(
      and(eq(commercePurchasedLinks.orderId, order.id), eq(commercePurchasedLinks.status, 'pending_payment')),
    );
  await writeHistory(tx, order.id, 'complete', comment, actor);
  return [await enqueueReceiptMail(tx, deps, paid!)];
}

/** pending_payment → complete: downloads become available, the receipt mail goes out. */
export async function markOrderPaid(
  deps: OrderStateDeps,
  orderId: number,
  actor: OrderActor,
  expectedVersion: number | null,
): Promise<void> {
  const mailIds = await deps.db.transaction((tx) =>
    markOrderPaidInTx(tx, deps, orderId, actor, expectedVersion, 'Payment received; marked paid by staff.'),
  );
  await deps.mail.dispatch(mailIds);
}

/** Only an unpaid order can be canceled; its download links expire. */
export async function cancelOrder(
  deps: OrderStateDeps,
  orderId: number,
  actor: OrderActor,
  expectedVersion: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, expectedVersion, 'pending_payment', CANCEL_STATE_MESSAGE);
    await cancelOrderInTx(tx, order, 'Order canceled; it will not be paid.', actor);
  });
}

/**
 * Cancels an unpaid order, already locked: its download links expire, the history says why, and a
 * coupon it used is given back. Answers the cart the order came from (its items, for a way back).
 */
export async function cancelOrderInTx(
  tx: Db,
  order: typeof commerceOrders.$inferSelect,
  comment: string,
  actor: OrderActor,
) {
  await tx
    .update(commerceOrders)
    .set({
      state: 'canceled',
      status: 'canceled',
      canceledAt: sql`now()`,
      version: order.version + 1,
      updatedAt: sql`now()`,
    })
    .where(eq(commerceOrders.id, order.id));
  await setLinkStatus(tx, order.id, 'expired');
  await writeHistory(tx, order.id, 'canceled', comment, actor);
  const [cart] = await tx.select().from(commerceCarts).where(eq(commerceCarts.id, order.cartId));
  if (order.couponCode && cart?.couponId) {
    await tx
      .update(commerceCoupons)
      .set({ timesUsed: sql`greatest(${commerceCoupons.timesUsed} - 1, 0)` })
      .where(eq(commerceCoupons.id, cart.couponId));
  }
  return cart;
}

// Refunds, whole or per line, with their credit notes: refunds.ts.
