import { adminCouponInputSchema, couponKinds } from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../plugins/route';
import { createCouponAdminService } from './coupon-admin';

const couponSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(couponKinds),
  amount: z.number(),
  expiresOn: z.string().nullable(),
  usesLimit: z.number().nullable(),
  timesUsed: z.number(),
  isActive: z.boolean(),
  status: z.enum(['active', 'expired', 'used_up', 'inactive']),
  createdAt: z.string(),
});
const couponResponse = z.object({ data: couponSchema });
const couponParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'The coupon id must be a whole number.')
    .transform(Number),
});

/** Staff's coupons (Magento's cart price rules with one code): reads need commerce~view, writes commerce~manage. */
export const couponAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCouponAdminService(app.database.db);
  const route = routesOf(app, ['commerce']);

  route.get(
    '/v2/admin/commerce/coupons',
    {
      access: { platform: 'commerce~view' },
      summary: 'Every coupon, newest first, with how often it was used',
      response: z.object({ data: z.array(couponSchema) }),
    },
    async () => ({ data: await service.list() }),
  );

  route.post(
    '/v2/admin/commerce/coupons',
    {
      access: { platform: 'commerce~manage' },
      summary: 'Create a coupon: a code, a percentage or an amount, an expiry date and a use limit',
      body: adminCouponInputSchema,
      otherResponses: { 201: couponResponse },
    },
    async (request, reply) => {
      const coupon = await service.create(request.body, request.viewer!.user.id);
      reply.status(201);
      return { data: coupon };
    },
  );

  route.post(
    '/v2/admin/commerce/coupons/:id/deactivate',
    {
      access: { platform: 'commerce~manage' },
      summary: 'Stop a coupon for good (carts holding it can no longer check out with it)',
      params: couponParams,
      response: couponResponse,
    },
    async (request) => ({ data: await service.deactivate(request.params.id) }),
  );
};
