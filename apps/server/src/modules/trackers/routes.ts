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

  app.get(
    '/v2/organizations/:organizationId/trackers',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: "The organisation's trackers, with their number of waves",
        params: organizationParamSchema,
        response: { 200: trackersResponseSchema },
      },
    },
    async (request) => ({ data: await service.list(request.viewer!, request.params.organizationId) }),
  );

  app.post(
    '/v2/organizations/:organizationId/trackers',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: 'Start a tracker (its waves are added next)',
        params: organizationParamSchema,
        body: createTrackerSchema,
        response: { 200: trackerResponseSchema },
      },
    },
    async (request) => ({
      data: await service.create(request.viewer!, request.params.organizationId, request.body),
    }),
  );

  app.get(
    '/v2/trackers/:trackerId',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: 'A tracker with its waves in order and the questions of its first wave that can be compared',
        params: trackerParamSchema,
        response: { 200: trackerResponseSchema },
      },
    },
    async (request) => ({ data: await service.get(request.viewer!, request.params.trackerId) }),
  );

  app.patch(
    '/v2/trackers/:trackerId',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: 'Rename a tracker or change its description',
        params: trackerParamSchema,
        body: updateTrackerSchema,
        response: { 200: trackerResponseSchema },
      },
    },
    async (request) => ({
      data: await service.update(request.viewer!, request.params.trackerId, request.body),
    }),
  );

  app.delete(
    '/v2/trackers/:trackerId',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: 'Delete a tracker; its surveys and their results stay',
        params: trackerParamSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await service.remove(request.viewer!, request.params.trackerId);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/v2/trackers/:trackerId/waves',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: 'Add a survey of the same organisation as the last wave, with a label such as “Spring 2026”',
        params: trackerParamSchema,
        body: addWaveSchema,
        response: { 200: trackerResponseSchema },
      },
    },
    async (request) => ({
      data: await service.addWave(request.viewer!, request.params.trackerId, request.body),
    }),
  );

  app.put(
    '/v2/trackers/:trackerId/waves/order',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: 'Put the waves in a new order (every wave once, first wave first)',
        params: trackerParamSchema,
        body: reorderWavesSchema,
        response: { 200: trackerResponseSchema },
      },
    },
    async (request) => ({
      data: await service.reorderWaves(request.viewer!, request.params.trackerId, request.body.surveyIds),
    }),
  );

  app.patch(
    '/v2/trackers/:trackerId/waves/:surveyId',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: "Change a wave's label",
        params: waveParamSchema,
        body: updateWaveSchema,
        response: { 200: trackerResponseSchema },
      },
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

  app.delete(
    '/v2/trackers/:trackerId/waves/:surveyId',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary: 'Take a survey out of the tracker (the survey stays)',
        params: waveParamSchema,
        response: { 200: trackerResponseSchema },
      },
    },
    async (request) => ({
      data: await service.removeWave(request.viewer!, request.params.trackerId, request.params.surveyId),
    }),
  );

  app.get(
    '/v2/trackers/:trackerId/compare',
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['trackers'],
        summary:
          'One question of the first wave across the waves with released results: bases, shares with 95% margins of error, z-tests per option and a chi-square test between consecutive waves',
        params: trackerParamSchema,
        querystring: trackerCompareQuerySchema,
        response: { 200: trackerComparisonResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        data: await service.compare(request.viewer!, request.params.trackerId, request.query.question),
      };
    },
  );
};
