import { addCartItemBodySchema } from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../plugins/route';
import { createCartCouponsService } from './cart-coupons';
import { createCartsService } from './carts';
import { placeOrder } from './checkout';

/**
 * The customer's cart (Magento's quote) and checkout, inside the Magento prefix: paths are relative to
 * /commerce-content/rest/V1, every call needs a commerce token (`requireCustomer`).
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const carts = createCartsService({ db: app.database.db, config: app.config });
  const checkoutDeps = { db: app.database.db, mail: app.mail, config: app.config, log: app.log };
  const coupons = createCartCouponsService(app.database.db);
  const route = routesOf(app, ['commerce']);
  const access = { guard: app.requireCustomer };

  route.post(
    '/carts/mine',
    { access, summary: "The customer's active cart id, made on demand" },
    async (request) => carts.open(request.customer!),
  );

  route.get('/carts/mine', { access, summary: "The customer's active cart" }, async (request) =>
    carts.get(request.customer!),
  );

  route.get(
    '/carts/mine/totals',
    { access, summary: 'Subtotal, tax, grand total and the payment methods this cart can use' },
    async (request) => carts.totals(request.customer!),
  );

  route.post(
    '/carts/mine/items',
    { access, summary: 'Add a report to the cart (once per SKU)', body: addCartItemBodySchema },
    async (request) => carts.addItem(request.customer!, request.body),
  );

  route.delete(
    '/carts/mine/items/:itemId',
    { access, summary: 'Remove a line from the cart', params: z.object({ itemId: z.string() }) },
    async (request) => carts.removeItem(request.customer!, request.params.itemId),
  );

  route.get(
    '/carts/mine/coupons',
    { access, summary: "The coupon code applied to the customer's cart (a JSON string), or null" },
    // Magento answers the code as a JSON string ("SPRING25"); Fastify would send a bare string as text.
    async (request, reply) =>
      reply.type('application/json').send(JSON.stringify(await coupons.get(request.customer!))),
  );

  route.put(
    '/carts/mine/coupons/:couponCode',
    {
      access,
      summary:
        "Apply a coupon to the cart (404 in Magento's words when the code is unknown, expired or used up)",
      params: z.object({ couponCode: z.string() }),
    },
    async (request) => coupons.apply(request.customer!, request.params.couponCode),
  );

  route.delete('/carts/mine/coupons', { access, summary: "Remove the cart's coupon" }, async (request) =>
    coupons.remove(request.customer!),
  );

  route.post(
    '/carts/mine/payment-information',
    {
      access,
      summary: "Place the order of the customer's cart: exactly once per cart; answers the order id",
      body: z.unknown(),
    },
    async (request) => placeOrder(checkoutDeps, request.customer!, request.body),
  );
};
