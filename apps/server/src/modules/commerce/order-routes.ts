import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../plugins/route';
import { listDownloadables } from './downloads';
import { parseOrderSearch, searchOrders } from './orders';
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
    async (request) => listDownloadables(db, app.sessionSecret, request.customer!),
  );

  route.get(
    '/customers/me/asa_receipt/:id',
    { access, summary: 'The receipt of a paid order', params: z.object({ id: z.string() }) },
    async (request) => receiptFor(db, request.customer!, request.params.id),
  );
};
