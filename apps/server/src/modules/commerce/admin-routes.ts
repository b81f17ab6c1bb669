import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Filled in by the storefront work. */
export const commerceAdminRoutes: FastifyPluginAsyncZod = async () => {};
