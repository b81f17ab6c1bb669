import Stripe from 'stripe';
import type { Config } from '../../../config';
import type { PaymentProvider, PaymentRequest, PaymentResult } from './types';

type StripeSettings = NonNullable<Config['commerce']['stripe']>;

const clients = new Map<string, Stripe>();

/** One client per key and address; STRIPE_API_URL points the official library at a stub in tests. */
export function stripeClient(settings: StripeSettings): Stripe {
  const cacheKey = `${settings.secretKey}\n${settings.apiUrl ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const address = settings.apiUrl ? new URL(settings.apiUrl) : null;
    client = new Stripe(settings.secretKey, {
      // A retry after a lost answer reuses the idempotency key, so it never charges twice.
      maxNetworkRetries: 1,
      timeout: 30_000,
      telemetry: false,
      ...(address
        ? {
            host: address.hostname,
            port: address.port || (address.protocol === 'http:' ? 80 : 443),
            protocol: address.protocol === 'http:' ? ('http' as const) : ('https' as const),
          }
        : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** Stripe's smallest USD charge. */
export const STRIPE_MINIMUM_CENTS = 50;

export const CARD_UNAVAILABLE_MESSAGE =
  'The card payment could not be taken right now. Your cart is unchanged; please try again.';

const cardFailed = (reason: string): PaymentResult => ({
  outcome: 'failed',
  status: 400,
  message: `The card payment failed: ${reason}`,
});

/**
 * The idempotency key of a card payment: per cart, amount and card. A double click or a retry after a
 * lost answer sends the same key, so Stripe answers the first PaymentIntent instead of charging again;
 * after a decline the buyer can still try another card (a key reused with other parameters would be
 * refused by Stripe, and a declined key keeps answering the decline).
 */
export const stripeIdempotencyKey = (request: PaymentRequest) =>
  `tv-cart-${request.cartId}-${request.totals.grandTotalCents}-${request.input.paymentMethodId ?? ''}`;

/** Card payments through Stripe: a PaymentIntent created and confirmed before the order is committed. */
export const stripeProvider: PaymentProvider = {
  code: 'stripe_payments',
  title: 'Credit or debit card',
  isAvailable: (totals, config) => stripeProvider.unavailableReason(totals, config) === null,
  unavailableReason: (totals, config) => {
    if (!config.commerce.stripe) return 'Card payments are not available. Choose another payment method.';
    if (totals.grandTotalCents === 0) return 'This order is free: choose “No payment required” instead.';
    if (totals.grandTotalCents < STRIPE_MINIMUM_CENTS)
      return 'Card payments need a total of at least $0.50. Choose the invoice instead.';
    return null;
  },
  async pay(request, config) {
    const settings = config.commerce.stripe;
    if (!settings) return { outcome: 'failed', status: 400, message: 'Card payments are not available.' };
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripeClient(settings).paymentIntents.create(
        {
          amount: request.totals.grandTotalCents,
          currency: 'usd',
          payment_method: request.input.paymentMethodId ?? undefined,
          // Cards only: no redirect-based methods, so no return_url is needed.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          description: `TeenVoice research reports (cart ${request.cartId})`,
          metadata: { cart_id: String(request.cartId), user_id: request.userId },
        },
        { idempotencyKey: stripeIdempotencyKey(request) },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return cardFailed(error.message || 'the card was declined.');
      }
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        (error.param === 'payment_method' || error.code === 'resource_missing')
      ) {
        return cardFailed('the card details could not be read. Enter them again.');
      }
      return { outcome: 'failed', status: 503, message: CARD_UNAVAILABLE_MESSAGE, cause: error };
    }
    switch (intent.status) {
      case 'succeeded':
        return { outcome: 'paid', reference: intent.id, comment: `Paid by card (${intent.id}).` };
      case 'processing':
        return {
          outcome: 'pending_payment',
          reference: intent.id,
          comment: `The card payment is processing (${intent.id}).`,
        };
      case 'requires_action':
        return cardFailed(
          'your bank asks for an extra check we cannot do here yet. Use another card or pay by invoice.',
        );
      default:
        return cardFailed('the card was not accepted. Use another card or pay by invoice.');
    }
  },
};
