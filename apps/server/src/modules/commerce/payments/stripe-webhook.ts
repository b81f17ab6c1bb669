import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { commerceOrders, commerceStripeEvents } from '../../../db/schema/commerce';
import type { Logger } from '../../../lib/logger';
import { HttpError } from '../../../plugins/errors';
import { recordStripeRefunds } from '../refunds';
import { stripeClient } from './stripe';
import { applyCompletedSession, applyExpiredSession, type CardCheckoutDeps } from './stripe-checkout';

export const BAD_SIGNATURE_MESSAGE = 'The Stripe signature of this event could not be verified.';

/**
 * One delivery of Stripe's webhook. The signature (Stripe-Signature over the raw body, with
 * STRIPE_WEBHOOK_SECRET) is checked first: without it, 400 and nothing changes. Each event id is
 * stored in the same transaction as its change, so a redelivery is answered 200 and applied once;
 * the changes themselves are idempotent too (an order already paid stays as it is, a refund already
 * on a credit note is not recorded again).
 */
export async function handleStripeWebhook(
  deps: CardCheckoutDeps & { log: Logger },
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; applied: boolean }> {
  const settings = deps.config.commerce.stripe;
  if (!settings?.webhookSecret)
    throw new HttpError(404, 'Card payments are not set up on this server.', 'STRIPE_NOT_CONFIGURED');
  let event: Stripe.Event;
  try {
    event = stripeClient(settings).webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
  } catch {
    throw new HttpError(400, BAD_SIGNATURE_MESSAGE, 'BAD_SIGNATURE');
  }
  const handled =
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.expired' ||
    event.type === 'charge.refunded';
  if (!handled) return { received: true, applied: false };

  const { applied, mailIds } = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(commerceStripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { applied: false, mailIds: [] as string[] };
    if (event.type === 'checkout.session.completed') {
      return { applied: true, mailIds: await applyCompletedSession(tx, deps, event.data.object) };
    }
    if (event.type === 'checkout.session.expired') {
      await applyExpiredSession(tx, event.data.object);
      return { applied: true, mailIds: [] as string[] };
    }
    const charge = event.data.object as Stripe.Charge;
    const intent =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
    const [order] = intent
      ? await tx.select().from(commerceOrders).where(eq(commerceOrders.paymentReference, intent)).limit(1)
      : [];
    if (!order) {
      deps.log.warn({ eventId: event.id, intent }, 'a Stripe refund for no order of ours');
      return { applied: true, mailIds: [] as string[] };
    }
    const refunds = (charge.refunds?.data ?? []).map((refund) => ({
      id: refund.id,
      amountCents: refund.amount,
    }));
    return {
      applied: true,
      mailIds: await recordStripeRefunds(tx, deps, order.id, refunds, charge.amount_refunded),
    };
  });
  await deps.mail.dispatch(mailIds);
  return { received: true, applied };
}
