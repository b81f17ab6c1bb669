import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../plugins/route';
import { listDocuments } from './documents';
import { listDownloadables } from './downloads';
import { CommerceError } from './errors';
import { parseOrderSearch, requireVisibleOrder, searchOrders } from './orders';
import { abandonCardCheckout, cardPaymentStatus } from './payments/stripe-checkout';
import { receiptFor } from './receipts';
import { rawQueryOf } from './search-criteria';

/**
 * The customer's orders, downloads and receipts, inside the Magento prefix (commerce token). A
 * customer sees what they bought and what was bought for an organisation they belong to.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = routesOf(app, ['commerce']);
  const access = { guard: app.requireCustomer };

  route.get(
    '/customers/me/asa_orders',
    { access, summary: "The customer's orders, newest first (search criteria: quote_id, store_id)" },
    async (request) => searchOrders(db, request.customer!, parseOrderSearch(rawQueryOf(request))),
  );

  route.get(
    '/customers/me/asa_downloadable_products',
    { access, summary: 'Purchased reports, with a signed download address when usable' },
    async (request) => listDownloadables(db, app.sessionSecret, request.customer!, app.config.publicUrl),
  );

  route.get(
    '/customers/me/asa_receipt/:id',
    { access, summary: 'The receipt of a paid order', params: z.object({ id: z.string() }) },
    async (request) => receiptFor(db, request.customer!, request.params.id, app.config.salesEmail),
  );

  route.get(
    '/customers/me/asa_documents',
    { access, summary: "Every invoice, receipt and credit note of the customer's orders, with its PDF" },
    async (request) => listDocuments(db, request.customer!),
  );

  const cardDeps = { db, mail: app.mail, config: app.config };
  const notCard = () => new CommerceError(400, 'This order is not paid by card.');

  route.get(
    '/customers/me/asa_orders/:id/card-payment',
    {
      access,
      summary: "Where a card order's payment stands, and Stripe Checkout's page while it waits",
      params: z.object({ id: z.string() }),
    },
    async (request) => {
      const order = await requireVisibleOrder(db, request.customer!, request.params.id);
      if (order.paymentMethod !== 'stripe_payments') throw notCard();
      return cardPaymentStatus(cardDeps, order);
    },
  );

  route.post(
    '/customers/me/asa_orders/:id/card-payment/cancel',
    {
      access,
      summary:
        'The buyer left the card payment page: cancel the unpaid order and put its reports back in the cart',
      params: z.object({ id: z.string() }),
    },
    async (request) => {
      const order = await requireVisibleOrder(db, request.customer!, request.params.id);
      if (order.paymentMethod !== 'stripe_payments') throw notCard();
      return abandonCardCheckout(db, order, request.customer!.user.id);
    },
  );
};
