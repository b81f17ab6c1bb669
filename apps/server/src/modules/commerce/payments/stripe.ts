import Stripe from 'stripe';
import type { Config } from '../../../config';
import type { PaymentProvider } from './types';

export type StripeSettings = NonNullable<Config['commerce']['stripe']>;

const clients = new Map<string, Stripe>();

/** One client per key and address; STRIPE_API_URL points the official library at a stub in tests. */
export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const cacheKey = `${settings.secretKey}\n${settings.apiUrl ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const address = settings.apiUrl ? new URL(settings.apiUrl) : null;
    client = new Stripe(settings.secretKey, {
      // A retry after a lost answer reuses the idempotency key, so it never charges or refunds twice.
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

export const CARDS_NOT_ACCEPTED_MESSAGE =
  'We do not accept card payments at the moment. Pay by invoice instead.';

export const CARD_UNAVAILABLE_MESSAGE =
  'The card payment page could not be opened right now. Your cart is unchanged; please try again.';

/**
 * Card payments through Stripe Checkout, Stripe's hosted payment page: the order is placed waiting for
 * payment, the buyer pays on Stripe's page (no card field and no Stripe script on ours), and Stripe's
 * `checkout.session.completed` webhook marks it paid (payments/stripe-checkout.ts).
 */
export const stripeProvider: PaymentProvider = {
  code: 'stripe_payments',
  title: 'Credit or debit card',
  isAvailable: (totals, config) => stripeProvider.unavailableReason(totals, config) === null,
  unavailableReason: (totals, config) => {
    if (!config.commerce.stripe) return CARDS_NOT_ACCEPTED_MESSAGE;
    if (totals.grandTotalCents === 0) return 'This order is free: choose “No payment required” instead.';
    if (totals.grandTotalCents < STRIPE_MINIMUM_CENTS)
      return 'Card payments need a total of at least $0.50. Choose the invoice instead.';
    return null;
  },
  async pay() {
    return {
      outcome: 'pending_payment',
      reference: null,
      comment: 'Order placed; waiting for the card payment on Stripe Checkout.',
    };
  },
};
