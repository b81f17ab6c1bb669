import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import {
  commerceCreditNotes,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import { HttpError } from '../../plugins/errors';
import { enqueueCreditNoteMail } from './documents';
import { formatUsd } from './money';
import {
  ORDER_CHANGED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  type OrderActor,
  type OrderStateDeps,
  REFUND_FREE_MESSAGE,
  REFUND_STATE_MESSAGE,
} from './order-state';
import { stripeClient } from './payments/stripe';

type OrderRow = typeof commerceOrders.$inferSelect;
type ItemRow = typeof commerceOrderItems.$inferSelect;

export const REFUND_LINES_MESSAGE = 'Choose reports of this order that have not been refunded yet.';
export const STRIPE_REFUND_FAILED_MESSAGE =
  'Stripe did not take the refund, so nothing was changed. Try again in a minute.';

/** What refunding these lines gives back: their share of what was paid (tax and discount included). */
export function refundAmountCents(order: OrderRow, items: ItemRow[], chosen: ItemRow[]): number {
  const remaining = order.amountPaidCents - order.amountRefundedCents;
  const open = items.filter((item) => item.refundedAt === null);
  // The last lines give back whatever is left, so rounding never leaves (or takes) a cent.
  if (chosen.length === open.length) return remaining;
  if (order.subtotalCents <= 0) return 0;
  const share = chosen.reduce((sum, item) => sum + item.priceCents * item.qty, 0);
  return Math.min(remaining, Math.round((order.amountPaidCents * share) / order.subtotalCents));
}

async function nextCreditNoteNumber(tx: Db, order: OrderRow): Promise<string> {
  const [row] = await tx
    .select({ n: count() })
    .from(commerceCreditNotes)
    .where(eq(commerceCreditNotes.orderId, order.id));
  return `CN-${order.incrementId}-${Number(row?.n ?? 0) + 1}`;
}

/**
 * Writes a refund: the credit note, the lines refunded and their downloads stopped, the order's
 * refunded amount (closed once nothing is left), a history row and the credit note mail.
 */
async function writeRefund(
  tx: Db,
  deps: Pick<OrderStateDeps, 'mail' | 'config'>,
  order: OrderRow,
  refund: { amountCents: number; itemIds: number[]; reason: string; stripeRefundId: string | null },
  actor: OrderActor,
  allRefunded: boolean,
): Promise<string[]> {
  const number = await nextCreditNoteNumber(tx, order);
  const [note] = await tx
    .insert(commerceCreditNotes)
    .values({
      orderId: order.id,
      number,
      amountCents: refund.amountCents,
      itemIds: refund.itemIds,
      reason: refund.reason,
      stripeRefundId: refund.stripeRefundId,
      actorId: actor.userId,
    })
    .returning();
  const itemIds = allRefunded
    ? (
        await tx
          .select({ id: commerceOrderItems.id })
          .from(commerceOrderItems)
          .where(and(eq(commerceOrderItems.orderId, order.id), isNull(commerceOrderItems.refundedAt)))
      ).map((row) => row.id)
    : refund.itemIds;
  if (itemIds.length > 0) {
    await tx
      .update(commerceOrderItems)
      .set({ refundedAt: sql`now()` })
      .where(and(eq(commerceOrderItems.orderId, order.id), inArray(commerceOrderItems.id, itemIds)));
    await tx
      .update(commercePurchasedLinks)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(
        and(
          eq(commercePurchasedLinks.orderId, order.id),
          inArray(commercePurchasedLinks.orderItemId, itemIds),
        ),
      );
  }
  await tx
    .update(commerceOrders)
    .set({
      ...(allRefunded ? { state: 'closed' as const, status: 'closed' } : {}),
      amountRefundedCents: order.amountRefundedCents + refund.amountCents,
      refundReason: refund.reason,
      refundedAt: sql`now()`,
      version: order.version + 1,
      updatedAt: sql`now()`,
    })
    .where(eq(commerceOrders.id, order.id));
  await tx.insert(commerceOrderHistory).values({
    orderId: order.id,
    status: allRefunded ? 'closed' : order.status,
    comment: `Refunded ${formatUsd(refund.amountCents)} (credit note ${number}): ${refund.reason}`,
    actorId: actor.userId,
  });
  return [await enqueueCreditNoteMail(tx, deps, note!.id)];
}

/**
 * Staff refund a paid order, whole (no itemIds) or some of its lines, with a reason. A card order is
 * refunded through Stripe's refunds API first (idempotency key per order, version and lines: a double
 * click or a retry refunds once; if Stripe refuses, nothing changes); an invoice order is credited
 * without Stripe. The refunded downloads stop at once and the buyer is mailed a credit note.
 */
export async function refundOrder(
  deps: OrderStateDeps,
  orderId: number,
  actor: OrderActor,
  expectedVersion: number,
  reason: string,
  itemIds: number[] | null = null,
): Promise<void> {
  const why = reason.trim();
  if (why.length < 3 || why.length > 500 || /[\p{Cc}\p{Cs}]/u.test(why.replace(/[\n\t]/g, ' ')))
    throw new HttpError(400, 'Say why the order is refunded, in 3 to 500 characters.', 'REFUND_REASON');
  const mailIds = await deps.db.transaction(async (tx) => {
    const [order] =
      Number.isSafeInteger(orderId) && orderId >= 1 && orderId <= 2_147_483_647
        ? await tx.select().from(commerceOrders).where(eq(commerceOrders.id, orderId)).limit(1).for('update')
        : [];
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND_MESSAGE, 'ORDER_NOT_FOUND');
    if (order.version !== expectedVersion)
      throw new HttpError(409, ORDER_CHANGED_MESSAGE, 'ORDER_CHANGED', { version: order.version });
    if (order.state !== 'complete') throw new HttpError(409, REFUND_STATE_MESSAGE, 'ORDER_STATE');
    if (order.amountPaidCents <= 0) throw new HttpError(409, REFUND_FREE_MESSAGE, 'ORDER_STATE');
    const items = await tx
      .select()
      .from(commerceOrderItems)
      .where(eq(commerceOrderItems.orderId, order.id))
      .orderBy(asc(commerceOrderItems.id));
    const open = items.filter((item) => item.refundedAt === null);
    const wanted = itemIds === null ? open.map((item) => item.id) : [...new Set(itemIds)];
    const chosen = open.filter((item) => wanted.includes(item.id));
    if (chosen.length === 0 || chosen.length !== wanted.length)
      throw new HttpError(400, REFUND_LINES_MESSAGE, 'REFUND_LINES');
    const amountCents = refundAmountCents(order, items, chosen);
    if (amountCents <= 0) throw new HttpError(409, REFUND_FREE_MESSAGE, 'ORDER_STATE');

    let stripeRefundId: string | null = null;
    const settings = deps.config.commerce.stripe;
    if (order.paymentMethod === 'stripe_payments' && order.paymentReference?.startsWith('pi_')) {
      if (!settings)
        throw new HttpError(503, 'Card payments are not set up on this server, so Stripe cannot refund it.');
      try {
        const refund = await stripeClient(settings).refunds.create(
          {
            payment_intent: order.paymentReference,
            amount: amountCents,
            reason: 'requested_by_customer',
            metadata: { order_id: String(order.id), order_number: order.incrementId },
          },
          {
            idempotencyKey: `tv-refund-${order.id}-v${order.version}-${chosen.map((item) => item.id).join('.')}`,
          },
        );
        stripeRefundId = refund.id;
      } catch (error) {
        const message =
          error instanceof Stripe.errors.StripeInvalidRequestError && error.message
            ? `Stripe refused the refund: ${error.message}`
            : STRIPE_REFUND_FAILED_MESSAGE;
        throw new HttpError(502, message, 'STRIPE_REFUND_FAILED');
      }
    }
    return writeRefund(
      tx,
      deps,
      order,
      { amountCents, itemIds: chosen.map((item) => item.id), reason: why, stripeRefundId },
      actor,
      chosen.length === open.length,
    );
  });
  await deps.mail.dispatch(mailIds);
}

/**
 * Refunds Stripe reports on a charge (`charge.refunded`): ours are already on a credit note (by
 * Stripe's refund id) and change nothing; one made in Stripe's dashboard gets a credit note for its
 * amount, and closes the order once everything paid is refunded. Without the refund list, the
 * difference between Stripe's refunded total and ours is recorded. Runs in the caller's transaction.
 */
export async function recordStripeRefunds(
  tx: Db,
  deps: Pick<OrderStateDeps, 'mail' | 'config'>,
  orderId: number,
  refunds: Array<{ id: string; amountCents: number }>,
  amountRefundedCents: number,
): Promise<string[]> {
  const mailIds: string[] = [];
  const lock = async () =>
    (await tx.select().from(commerceOrders).where(eq(commerceOrders.id, orderId)).limit(1).for('update'))[0]!;
  // The order first: a staff refund of ours may be committing its credit note right now (Stripe reports
  // it on the charge at once); its lock is waited for, so the notes read next include it.
  await lock();
  const known = new Set(
    (
      await tx
        .select({ id: commerceCreditNotes.stripeRefundId })
        .from(commerceCreditNotes)
        .where(eq(commerceCreditNotes.orderId, orderId))
    ).map((row) => row.id),
  );
  const unknown =
    refunds.length > 0
      ? refunds.filter((refund) => !known.has(refund.id))
      : [
          {
            id: null as string | null,
            amountCents: amountRefundedCents - (await lock()).amountRefundedCents,
          },
        ];
  for (const refund of unknown) {
    const order = await lock();
    const amount = Math.min(refund.amountCents, order.amountPaidCents - order.amountRefundedCents);
    if (amount <= 0 || (order.state !== 'complete' && order.state !== 'closed')) continue;
    mailIds.push(
      ...(await writeRefund(
        tx,
        deps,
        order,
        { amountCents: amount, itemIds: [], reason: 'Refunded in Stripe.', stripeRefundId: refund.id },
        { userId: null },
        order.amountRefundedCents + amount >= order.amountPaidCents,
      )),
    );
  }
  return mailIds;
}
