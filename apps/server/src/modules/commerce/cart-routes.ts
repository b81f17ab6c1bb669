import { addCartItemBodySchema } from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCartsService } from './carts';
import { placeOrder } from './checkout';

/**
 * The customer's cart (Magento's quote) and checkout, inside the Magento prefix: paths are relative to
 * /commerce-content/rest/V1, every call needs a commerce token (`requireCustomer`).
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const carts = createCartsService({ db: app.database.db, config: app.config });
  const checkoutDeps = { db: app.database.db, mail: app.mail, config: app.config, log: app.log };
  const customer = { onRequest: app.requireCustomer };
  const tags = ['commerce'];

  app.post(
    '/carts/mine',
    { ...customer, schema: { tags, summary: "The customer's active cart id, made on demand" } },
    async (request) => carts.open(request.customer!),
  );

  app.get(
    '/carts/mine',
    { ...customer, schema: { tags, summary: "The customer's active cart" } },
    async (request) => carts.get(request.customer!),
  );

  app.get(
    '/carts/mine/totals',
    {
      ...customer,
      schema: { tags, summary: 'Subtotal, tax, grand total and the payment methods this cart can use' },
    },
    async (request) => carts.totals(request.customer!),
  );

  app.post(
    '/carts/mine/items',
    {
      ...customer,
      schema: { tags, summary: 'Add a report to the cart (once per SKU)', body: addCartItemBodySchema },
    },
    async (request) => carts.addItem(request.customer!, request.body),
  );

  app.delete(
    '/carts/mine/items/:itemId',
    {
      ...customer,
      schema: { tags, summary: 'Remove a line from the cart', params: z.object({ itemId: z.string() }) },
    },
    async (request) => carts.removeItem(request.customer!, request.params.itemId),
  );

  app.post(
    '/carts/mine/payment-information',
    {
      ...customer,
      schema: {
        tags,
        summary: "Place the order of the customer's cart: exactly once per cart; answers the order id",
        body: z.unknown(),
      },
    },
    async (request) => placeOrder(checkoutDeps, request.customer!, request.body),
  );
};
