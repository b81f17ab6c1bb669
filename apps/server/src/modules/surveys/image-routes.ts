import { surveyImagesResponseSchema } from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../plugins/route';
import { listImages, mediaUrl } from '../content/service';

/**
 * The pictures an image choice may use (decision 048): the images platform staff uploaded to the media
 * library, for anyone building a survey. They are public files already (/cms/uploads), so listing
 * them reveals nothing; uploading and describing them stays with staff (content~manage).
 */
export const surveyImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['surveys']);
  route.get(
    '/v2/survey-images',
    {
      access: 'session',
      summary: 'Images of the media library that an image choice question may show',
      response: surveyImagesResponseSchema,
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rows = await listImages(app.database.db);
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          url: mediaUrl(row),
          alternativeText: row.alternativeText,
          width: row.width,
          height: row.height,
        })),
      };
    },
  );
};
