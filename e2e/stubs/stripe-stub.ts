import { startStripeStub } from '../../apps/server/src/test/stripe-stub';

/**
 * The e2e run's Stripe: the same stand-in the API tests use (apps/server/src/test/stripe-stub.ts), on a
 * fixed port. Checkout sessions' hosted page is here; its Pay button sends the signed
 * checkout.session.completed to the server's webhook and the browser back to our success URL.
 *
 *   STRIPE_STUB_PORT         where STRIPE_API_URL points
 *   STRIPE_STUB_WEBHOOK_URL  the server's /commerce-content/webhooks/stripe
 *   STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET  the same values the server has
 */
const stub = await startStripeStub({
  port: Number(process.env.STRIPE_STUB_PORT ?? 12111),
  secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_e2e',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e',
  webhookUrl: process.env.STRIPE_STUB_WEBHOOK_URL,
});
console.log(`Stripe stand-in on ${stub.url}`);
