import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../plugins/route';
import { handleStripeWebhook } from './payments/stripe-webhook';

/** Where Stripe's webhook is pointed (README: "Card payments with Stripe"). */
export const STRIPE_WEBHOOK_PATH = '/commerce-content/webhooks/stripe';

/**
 * Stripe's webhook. The signature is over the exact bytes Stripe sent, so inside this plugin JSON is
 * kept as a raw Buffer; the route is public (Stripe has no session) and trusts only the signature.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, mail: app.mail, config: app.config, log: app.log };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  routesOf(app, ['commerce']).post(
    STRIPE_WEBHOOK_PATH,
    {
      access: 'public',
      summary: 'Stripe webhook (checkout.session.completed, charge.refunded), checked by its signature',
      body: z.unknown(),
      options: { config: { ownInputChecks: true }, bodyLimit: 1_048_576 },
    },
    async (request) => {
      const header = request.headers['stripe-signature'];
      return handleStripeWebhook(
        deps,
        Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
        Array.isArray(header) ? header[0] : header,
      );
    },
  );
};
