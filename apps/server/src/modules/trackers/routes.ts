import {
  addWaveSchema,
  createTrackerSchema,
  okResponseSchema,
  organizationParamSchema,
  reorderWavesSchema,
  trackerCompareQuerySchema,
  trackerComparisonResponseSchema,
  trackerParamSchema,
  trackerResponseSchema,
  trackersResponseSchema,
  updateTrackerSchema,
  updateWaveSchema,
  waveParamSchema,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../plugins/route';
import { createTrackersService } from './service';

/**
 * Trackers (decision 032): list and create under the organisation, the rest by tracker id. Viewing
 * needs surveys~view in the tracker's organisation, changing surveys~create; anyone outside the
 * organisation is told it does not exist.
 */
export const trackerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTrackersService({
    db: app.database.db,
    // Folding runs on a PostgreSQL server only (decision 020).
    foldLongTail: app.database.kind === 'postgres',
  });

  const route = routesOf(app, ['trackers']);
  const access = 'session' as const;

  route.get(
    '/v2/organizations/:organizationId/trackers',
    {
      access,
      summary: "The organisation's trackers, with their number of waves",
      params: organizationParamSchema,
      response: trackersResponseSchema,
    },
    async (request) => ({ data: await service.list(request.viewer!, request.params.organizationId) }),
  );

  route.post(
    '/v2/organizations/:organizationId/trackers',
    {
      access,
      summary: 'Start a tracker (its waves are added next)',
      params: organizationParamSchema,
      body: createTrackerSchema,
      response: trackerResponseSchema,
    },
    async (request) => ({
      data: await service.create(request.viewer!, request.params.organizationId, request.body),
    }),
  );

  route.get(
    '/v2/trackers/:trackerId',
    {
      access,
      summary: 'A tracker with its waves in order and the questions of its first wave that can be compared',
      params: trackerParamSchema,
      response: trackerResponseSchema,
    },
    async (request) => ({ data: await service.get(request.viewer!, request.params.trackerId) }),
  );

  route.patch(
    '/v2/trackers/:trackerId',
    {
      access,
      summary: 'Rename a tracker or change its description',
      params: trackerParamSchema,
      body: updateTrackerSchema,
      response: trackerResponseSchema,
    },
    async (request) => ({
      data: await service.update(request.viewer!, request.params.trackerId, request.body),
    }),
  );

  route.delete(
    '/v2/trackers/:trackerId',
    {
      access,
      summary: 'Delete a tracker; its surveys and their results stay',
      params: trackerParamSchema,
      response: okResponseSchema,
    },
    async (request) => {
      await service.remove(request.viewer!, request.params.trackerId);
      return { data: { ok: true as const } };
    },
  );

  route.post(
    '/v2/trackers/:trackerId/waves',
    {
      access,
      summary: 'Add a survey of the same organisation as the last wave, with a label such as “Spring 2026”',
      params: trackerParamSchema,
      body: addWaveSchema,
      response: trackerResponseSchema,
    },
    async (request) => ({
      data: await service.addWave(request.viewer!, request.params.trackerId, request.body),
    }),
  );

  route.put(
    '/v2/trackers/:trackerId/waves/order',
    {
      access,
      summary: 'Put the waves in a new order (every wave once, first wave first)',
      params: trackerParamSchema,
      body: reorderWavesSchema,
      response: trackerResponseSchema,
    },
    async (request) => ({
      data: await service.reorderWaves(request.viewer!, request.params.trackerId, request.body.surveyIds),
    }),
  );

  route.patch(
    '/v2/trackers/:trackerId/waves/:surveyId',
    {
      access,
      summary: "Change a wave's label",
      params: waveParamSchema,
      body: updateWaveSchema,
      response: trackerResponseSchema,
    },
    async (request) => ({
      data: await service.relabelWave(
        request.viewer!,
        request.params.trackerId,
        request.params.surveyId,
        request.body.label,
      ),
    }),
  );

  route.delete(
    '/v2/trackers/:trackerId/waves/:surveyId',
    {
      access,
      summary: 'Take a survey out of the tracker (the survey stays)',
      params: waveParamSchema,
      response: trackerResponseSchema,
    },
    async (request) => ({
      data: await service.removeWave(request.viewer!, request.params.trackerId, request.params.surveyId),
    }),
  );

  route.get(
    '/v2/trackers/:trackerId/compare',
    {
      access,
      summary:
        'One question of the first wave across the waves with released results: bases, shares with 95% margins of error, z-tests per option and a chi-square test between consecutive waves; weighted as each wave’s results page by default (weighted=false: unweighted), with a note saying which',
      params: trackerParamSchema,
      querystring: trackerCompareQuerySchema,
      response: trackerComparisonResponseSchema,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        data: await service.compare(
          request.viewer!,
          request.params.trackerId,
          request.query.question,
          request.query.weighted,
        ),
      };
    },
  );
};
