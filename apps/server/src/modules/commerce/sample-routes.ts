import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commerceProducts } from '../../db/schema/commerce';
import { contentEntries } from '../../db/schema/content';
import { routesOf } from '../../plugins/route';
import * as content from '../content/service';
import { contentDisposition } from './downloads';
import { sellerWith } from './pdf/receipt-pdf';

/** The path of a product's free sample, by its URL key (the report's slug). */
export const samplePath = (urlKey: string) => `/commerce-content/samples/${encodeURIComponent(urlKey)}`;

/**
 * A report's free sample (Magento's downloadable `samples`): anyone may read it before buying, so it
 * needs no session; only a listed report's product that has a sample answers.
 */
export const commerceSampleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = routesOf(app, ['commerce']);

  route.get(
    '/commerce-content/samples/:urlKey',
    {
      access: 'public',
      summary: "A report's free sample PDF, by the product's URL key (no account needed)",
      params: z.object({ urlKey: z.string().max(200) }),
    },
    async (request, reply) => {
      const notFound = () =>
        reply
          .status(404)
          .type('text/plain; charset=utf-8')
          .send('This report has no free sample. Look inside on the report page instead.');
      const [row] = await db
        .select({ key: commerceProducts.sampleFileKey, name: commerceProducts.sampleFileName })
        .from(commerceProducts)
        .innerJoin(
          contentEntries,
          and(
            eq(contentEntries.id, commerceProducts.contentEntryId),
            eq(contentEntries.type, 'report'),
            content.isPublicEntry(),
          ),
        )
        .where(eq(commerceProducts.urlKey, request.params.urlKey))
        .limit(1);
      if (!row?.key) return notFound();
      const bytes = await app.content.storage.get(row.key);
      if (!bytes) return notFound();
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition('attachment', row.name ?? `${request.params.urlKey}-sample.pdf`),
        )
        .header('Cache-Control', 'public, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', bytes.length)
        .send(bytes);
    },
  );

  route.get(
    '/commerce-content/seller',
    {
      access: 'public',
      summary:
        'Who sells the reports: the name, postal address and sales address that receipts, invoices and credit notes give (the contact page shows the same)',
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { data: sellerWith(app.config.salesEmail) };
    },
  );
};
