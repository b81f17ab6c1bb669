import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { commerceCartItems, commerceCarts, commerceOrders } from '../../../db/schema/commerce';
import type { MailService } from '../../mail/service';
import { CommerceError } from '../errors';
import { cancelOrderInTx, markOrderPaidInTx } from '../order-state';
import { CARD_UNAVAILABLE_MESSAGE, stripeClient } from './stripe';

type OrderRow = typeof commerceOrders.$inferSelect;

export interface CardCheckoutDeps {
  db: Db;
  mail: MailService;
  config: Config;
}

/** The page Stripe sends the buyer back to after paying: Stripe fills in the session id. */
export const successUrl = (config: Config, orderId: number) =>
  `${config.publicUrl}/order-confirmation?order=${orderId}&session_id={CHECKOUT_SESSION_ID}`;
/** The page Stripe's "back" link leads to: the cart (with the checkout), which puts the reports back. */
export const cancelUrl = (config: Config, orderId: number) =>
  `${config.publicUrl}/cart?card_canceled=${orderId}`;

/**
 * Opens Stripe Checkout for a card order just placed (inside its transaction: if Stripe cannot be
 * reached nothing is written and the cart stays). The lines are the reports at their prices plus
 * tax; with a coupon the order is one line at its total, since Checkout takes no negative lines.
 * The idempotency key is the order's, so a retry opens the same session.
 */
export async function openCheckoutSession(
  tx: Db,
  config: Config,
  order: OrderRow,
  lines: Array<{ name: string; priceCents: number; qty: number }>,
): Promise<void> {
  const settings = config.commerce.stripe;
  if (!settings) throw new CommerceError(400, 'We do not accept card payments at the moment.');
  const usd = (name: string, cents: number, quantity = 1) => ({
    quantity,
    price_data: { currency: 'usd', unit_amount: cents, product_data: { name } },
  });
  const lineItems =
    order.discountCents > 0
      ? [
          usd(
            `TeenVoice order #${order.incrementId} (coupon ${order.couponCode ?? ''})`,
            order.grandTotalCents,
          ),
        ]
      : [
          ...lines.map((line) => usd(line.name, line.priceCents, line.qty)),
          ...(order.taxCents > 0 ? [usd('Sales tax', order.taxCents)] : []),
        ];
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(settings).checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: order.customerEmail,
        client_reference_id: String(order.id),
        line_items: lineItems,
        success_url: successUrl(config, order.id),
        cancel_url: cancelUrl(config, order.id),
        metadata: { order_id: String(order.id), order_number: order.incrementId },
        payment_intent_data: {
          description: `TeenVoice order #${order.incrementId}`,
          metadata: { order_id: String(order.id), order_number: order.incrementId },
        },
      },
      { idempotencyKey: `tv-order-${order.id}-checkout` },
    );
  } catch (cause) {
    throw Object.assign(new CommerceError(503, CARD_UNAVAILABLE_MESSAGE), { cause });
  }
  if (!session.url) throw new CommerceError(503, CARD_UNAVAILABLE_MESSAGE);
  await tx
    .update(commerceOrders)
    .set({ stripeSessionId: session.id, paymentUrl: session.url, updatedAt: sql`now()` })
    .where(eq(commerceOrders.id, order.id));
}

/**
 * A paid Checkout Session marks its order paid: downloads open and the receipt is mailed. Applied
 * once: an order no longer waiting for payment is left as it is. Answers the mail ids to dispatch.
 */
export async function applyCompletedSession(
  tx: Db,
  deps: Pick<CardCheckoutDeps, 'mail' | 'config'>,
  session: Pick<Stripe.Checkout.Session, 'id' | 'payment_status' | 'payment_intent' | 'amount_total'>,
): Promise<string[]> {
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return [];
  const [order] = await tx
    .select()
    .from(commerceOrders)
    .where(eq(commerceOrders.stripeSessionId, session.id))
    .limit(1)
    .for('update');
  if (order?.state !== 'pending_payment') return [];
  const intent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  if (intent) {
    await tx.update(commerceOrders).set({ paymentReference: intent }).where(eq(commerceOrders.id, order.id));
  }
  return markOrderPaidInTx(
    tx,
    deps,
    order.id,
    { userId: null },
    null,
    `Paid by card on Stripe Checkout${intent ? ` (${intent})` : ''}.`,
  );
}

/**
 * Where a card order's payment stands, for the page the buyer returns to. While the order waits, the
 * session is asked of Stripe once per call: a webhook that is late (or not set up in local work)
 * does not leave a paid buyer waiting.
 */
export async function cardPaymentStatus(
  deps: CardCheckoutDeps,
  order: OrderRow,
): Promise<{ order_id: number; state: OrderRow['state']; paid: boolean; url: string | null }> {
  let current = order;
  const settings = deps.config.commerce.stripe;
  if (order.state === 'pending_payment' && order.stripeSessionId && settings) {
    const session = await stripeClient(settings)
      .checkout.sessions.retrieve(order.stripeSessionId)
      .catch(() => null);
    if (session && session.payment_status === 'paid') {
      const mailIds = await deps.db.transaction((tx) => applyCompletedSession(tx, deps, session));
      await deps.mail.dispatch(mailIds);
      const [fresh] = await deps.db.select().from(commerceOrders).where(eq(commerceOrders.id, order.id));
      if (fresh) current = fresh;
    }
  }
  return {
    order_id: current.id,
    state: current.state,
    paid: current.paidAt !== null,
    url: current.state === 'pending_payment' ? current.paymentUrl : null,
  };
}

export const NOT_WAITING_FOR_CARD = 'This order is no longer waiting for a card payment.';

/**
 * The buyer left Stripe's page without paying: the order is canceled and its reports are put back in
 * a new cart (with the coupon, whose use is given back), so checkout starts again where it was.
 * Answers the new cart's id.
 */
export async function abandonCardCheckout(db: Db, order: OrderRow, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(commerceOrders)
      .where(eq(commerceOrders.id, order.id))
      .limit(1)
      .for('update');
    if (
      locked?.state !== 'pending_payment' ||
      locked.paymentMethod !== 'stripe_payments' ||
      locked.userId !== userId
    )
      throw new CommerceError(409, NOT_WAITING_FOR_CARD);
    const oldCart = await cancelOrderInTx(
      tx,
      locked,
      'The buyer left the card payment page without paying; the reports went back to the cart.',
      { userId: null },
    );
    // A cart opened meanwhile gets the reports; otherwise a new one.
    let [cart] = await tx
      .select()
      .from(commerceCarts)
      .where(and(eq(commerceCarts.userId, userId), eq(commerceCarts.isActive, true)))
      .limit(1);
    if (!cart) {
      [cart] = await tx
        .insert(commerceCarts)
        .values({ userId, couponId: oldCart?.couponId ?? null })
        .returning();
    }
    const items = await tx
      .select()
      .from(commerceCartItems)
      .where(eq(commerceCartItems.cartId, locked.cartId));
    if (items.length > 0) {
      await tx
        .insert(commerceCartItems)
        .values(
          items.map((item) => ({
            cartId: cart!.id,
            productId: item.productId,
            sku: item.sku,
            name: item.name,
            priceCents: item.priceCents,
            qty: item.qty,
          })),
        )
        .onConflictDoNothing();
    }
    return cart!.id;
  });
}

/**
 * Stripe's `checkout.session.expired`: the buyer never paid on Stripe's page (a day has passed, or the
 * session was expired). The order waiting for it is canceled, so it does not wait for ever and a
 * coupon it held is free again; the buyer's cart is left as it is now. Answers whether it applied.
 */
export async function applyExpiredSession(
  tx: Db,
  session: Pick<Stripe.Checkout.Session, 'id'>,
): Promise<boolean> {
  const [order] = await tx
    .select()
    .from(commerceOrders)
    .where(eq(commerceOrders.stripeSessionId, session.id))
    .limit(1)
    .for('update');
  if (order?.state !== 'pending_payment' || order.paymentMethod !== 'stripe_payments') return false;
  await cancelOrderInTx(
    tx,
    order,
    'The card payment page expired without payment; the order was canceled and its downloads will not open.',
    { userId: null },
  );
  return true;
}
