import {
  idParamSchema,
  importTranslationFileSchema,
  surveySchema,
  XLIFF_MAX_BYTES,
  xliffFileName,
} from '@tv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../plugins/route';
import { createTranslationFiles } from './translation-service';

const importResponseSchema = z.object({
  data: z.object({
    survey: surveySchema,
    /** How many Spanish texts the file added or changed. */
    updated: z.number().int(),
  }),
});

/** Translation files (issue 26, point 8; decision 045): XLIFF 2.0 out for a translator and back in. */
export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = createTranslationFiles(app.database.db, app.surveys);
  const route = routesOf(app, ['surveys']);

  route.get(
    '/v2/surveys/:id/translations/xliff',
    {
      access: 'session',
      summary:
        'The survey’s texts as an XLIFF 2.0 file for a translator (English source, Spanish target, one unit per text)',
      params: idParamSchema,
    },
    async (request, reply) => {
      const exported = await files.exportFile(request.viewer!, request.params.id);
      return reply
        .header('Content-Type', 'application/xliff+xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${xliffFileName(exported.name)}"`)
        .header('Cache-Control', 'no-store')
        .send(exported.xliff);
    },
  );

  route.post(
    '/v2/surveys/:id/translations/xliff',
    {
      access: 'session',
      summary:
        'Import a translated XLIFF 2.0 file into the draft’s Spanish version (400 in words for a file it cannot take; nothing changes then)',
      params: idParamSchema,
      body: importTranslationFileSchema,
      response: importResponseSchema,
      // The file travels as a JSON string: room for the 2 MB file with its escapes; the file's own
      // size is checked by the import, in words.
      options: { bodyLimit: XLIFF_MAX_BYTES * 3 },
    },
    async (request) => ({
      data: await files.importFile(request.viewer!, request.params.id, request.body),
    }),
  );
};
