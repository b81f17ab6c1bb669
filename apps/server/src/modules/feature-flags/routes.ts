import {
  enabledFeatureFlagsResponseSchema,
  type FeatureFlagKey,
  featureFlagKeySchema,
  featureFlagResponseSchema,
  featureFlagsResponseSchema,
  updateFeatureFlagSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { routesOf } from '../../plugins/route';

const keyParams = z.object({ key: z.string().max(100) });

function flagKey(key: string): FeatureFlagKey {
  const parsed = featureFlagKeySchema.safeParse(key);
  if (!parsed.success) throw new HttpError(404, 'There is no feature flag with this name.');
  return parsed.data;
}

export const featureFlagRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['platform']);

  route.get(
    '/v2/platform/feature-flags',
    {
      access: 'public',
      summary: 'The feature flags that are on, with what the browser needs to load their scripts',
      response: enabledFeatureFlagsResponseSchema,
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=5');
      return { data: await app.featureFlags.enabled() };
    },
  );

  route.get(
    '/v2/admin/feature-flags',
    {
      access: { platform: 'platform_users~manage' },
      summary: 'Every feature flag with its settings (Super Admin)',
      response: featureFlagsResponseSchema,
    },
    async () => ({ data: await app.featureFlags.list() }),
  );

  route.get(
    '/v2/admin/feature-flags/:key',
    {
      access: { platform: 'platform_users~manage' },
      summary: 'One feature flag with its settings (Super Admin)',
      params: keyParams,
      response: featureFlagResponseSchema,
    },
    async (request) => ({ data: await app.featureFlags.get(flagKey(request.params.key)) }),
  );

  route.put(
    '/v2/admin/feature-flags/:key',
    {
      access: { platform: 'platform_users~manage' },
      summary: 'Switch a feature flag on or off and change its settings (Super Admin)',
      params: keyParams,
      body: updateFeatureFlagSchema,
      response: featureFlagResponseSchema,
    },
    async (request) => {
      const flag = await app.featureFlags.update(
        flagKey(request.params.key),
        request.body,
        request.viewer?.user.id ?? null,
      );
      request.log.warn({ flag: flag.key, enabled: flag.enabled }, 'feature flag changed');
      return { data: flag };
    },
  );
};
