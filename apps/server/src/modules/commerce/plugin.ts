import { COMMERCE_BASE } from '@tv/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenFromAuthorization } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';
import { parseJsonBody } from '../../plugins/safe-input';
import { loadViewer, type Viewer } from '../identity/service';
import { commerceAdminRoutes } from './admin-routes';
import { cartRoutes } from './cart-routes';
import { catalogRoutes } from './catalog-routes';
import { couponAdminRoutes } from './coupon-admin-routes';
import { customerRoutes } from './customer-routes';
import { CommerceError, unauthorizedConsumer } from './errors';
import { commerceFileRoutes } from './file-routes';
import { orderRoutes } from './order-routes';
import { commerceSampleRoutes } from './sample-routes';
import { signCommerceToken, verifyCommerceToken } from './token';
import { stripeWebhookRoutes } from './webhook-routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer behind the commerce token (set by `requireCustomer`). */
    customer: Viewer | null;
  }
  interface FastifyInstance {
    /** preHandler for customer calls: a valid commerce token of a live, registered user's session. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
  }
}

/** The Magento-compatible API: every answer, error or not, is in Magento's shape. */
const magentoApi: FastifyPluginAsyncZod = async (app) => {
  // Magento takes `POST /carts/mine` with no body even when a client labels it JSON, as many do.
  // Magento's API checks its own input, in Magento's words (search criteria, addresses, ids): the
  // door's text checks (plugins/safe-input.ts) leave its routes to it, and the fuzz suite holds both.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), ownInputChecks: true };
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    parseJsonBody(body as string, done, { allowEmpty: true }),
  );

  app.setErrorHandler((error: FastifyError | CommerceError | HttpError, request, reply) => {
    if (error instanceof CommerceError) return reply.status(error.statusCode).send(error.toBody());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        message: issue.message ?? 'Invalid input',
        parameters: { fieldName: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body' },
      }));
      return reply
        .status(400)
        .send({ message: errors[0]!.message, parameters: errors[0]!.parameters, errors });
    }
    // Input refused at the door (plugins/safe-input.ts): Magento's shape, naming the first field.
    const fields =
      error instanceof HttpError ? (error.data as { fields?: Record<string, string[]> })?.fields : null;
    if (fields && Object.keys(fields).length > 0) {
      const errors = Object.entries(fields).map(([fieldName, messages]) => ({
        message: messages[0] ?? 'Invalid input',
        parameters: { fieldName },
      }));
      return reply
        .status(400)
        .send({ message: errors[0]!.message, parameters: errors[0]!.parameters, errors });
    }
    const statusCode = error instanceof HttpError ? error.statusCode : (error as FastifyError).statusCode;
    if (statusCode && statusCode < 500) {
      if (statusCode === 401) return reply.status(401).send(unauthorizedConsumer().toBody());
      return reply.status(statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'commerce request failed');
    // Magento's generic message for anything unexpected: nothing about the cause leaks.
    return reply.status(500).send({
      message: 'Internal Error. Details are available in Magento log file. Report ID: %1',
      parameters: [request.id],
    });
  });

  await app.register(catalogRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(customerRoutes);

  // Magento's answer to an address it has no route for, for every method.
  // Left as it is: routesOf has no `all` (every method) and this hidden catch-all has no summary.
  app.all('/*', { schema: { hide: true } }, async (_request, reply) =>
    reply.status(404).send({ message: 'Request does not match any route.' }),
  );
};

export const commerceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.decorateRequest('customer', null);
  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const token = tokenFromAuthorization(request.headers.authorization);
    const claims = token ? await verifyCommerceToken(app.sessionSecret, token) : null;
    const viewer = claims ? await loadViewer(db, claims.userId, claims.sessionId) : null;
    if (!viewer || viewer.isAnonymous) throw unauthorizedConsumer();
    request.customer = viewer;
  });

  // The core API hands the signed-in user a commerce token (spec §7); an anonymous one gets none.
  routesOf(app, ['commerce']).get(
    '/ecommerce/customer-token',
    {
      access: 'session',
      summary: 'A short-lived commerce token for the signed-in user',
      response: z.object({ data: z.object({ token: z.string(), expiresIn: z.number() }) }),
    },
    async (request) => {
      const viewer = request.viewer!;
      if (viewer.isAnonymous) throw new HttpError(403, 'User is anonymous', 'USER_IS_ANONYMOUS');
      const token = await signCommerceToken(app.sessionSecret, {
        userId: viewer.user.id,
        sessionId: viewer.sessionId,
      });
      return { data: { token, expiresIn: 15 * 60 } };
    },
  );

  await app.register(magentoApi, { prefix: COMMERCE_BASE });
  await app.register(commerceFileRoutes);
  await app.register(commerceSampleRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(commerceAdminRoutes);
  await app.register(couponAdminRoutes);
};

export type CommerceApp = FastifyInstance;
