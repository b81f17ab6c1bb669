import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listTermsVersions, readCopy } from './repository';

export const PRODUCT = 'teenvoice';

const strapiError = (status: number, name: string, message: string) => ({
  data: null,
  error: { status, name, message, details: {} },
});

const termsQuerySchema = z
  .object({
    sort: z.string().optional(),
    'pagination[page]': z.coerce.number().int().min(1).default(1),
    'pagination[pageSize]': z.coerce.number().int().min(1).max(100).default(25),
  })
  .catchall(z.string());

/**
 * The Strapi-compatible content API (v4 response shape). Terms and conditions come first, because
 * sign-up records the version a person accepted; articles and interface copy join it with their features.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `/cms/api/${PRODUCT}-terms-and-conditions`,
    {
      schema: {
        tags: ['content'],
        summary: 'Terms and conditions versions (Strapi collection)',
        querystring: termsQuerySchema,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const unknown = Object.keys(query).filter(
        (key) => !['sort', 'pagination[page]', 'pagination[pageSize]', 'populate', 'locale'].includes(key),
      );
      if (unknown.length > 0)
        return reply.status(400).send(strapiError(400, 'ValidationError', `Invalid key ${unknown[0]}`));
      const ascending = query.sort === 'versionTimestamp:asc';
      const page = query['pagination[page]'];
      const pageSize = query['pagination[pageSize]'];
      const { rows, total } = await listTermsVersions(app.database.db, ascending, page, pageSize);
      return {
        data: rows.map((row, index) => ({
          id: (page - 1) * pageSize + index + 1,
          attributes: {
            versionTimestamp: row.versionTimestamp,
            content: row.content,
            publishedAt: row.createdAt.toISOString(),
          },
        })),
        meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
      };
    },
  );

  app.get(
    `/cms/api/${PRODUCT}-copy.json`,
    { schema: { tags: ['content'], summary: 'Interface copy, by section then key' } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=600');
      return readCopy(app.database.db);
    },
  );

  app.get('/cms/api/*', { schema: { hide: true } }, async (_request, reply) =>
    reply.status(404).send(strapiError(404, 'NotFoundError', 'Not Found')),
  );
};
