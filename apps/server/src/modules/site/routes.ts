import type { FastifyPluginAsync } from 'fastify';
import { routesOf } from '../../plugins/route';

/** Public pages that exist whatever is published. */
const staticPages = ['/', '/why-us', '/about-us', '/quality', '/contact', '/products', '/research'];

/** Collections with a page each, and where that page lives. */
const collectionPages = [
  { plural: 'reports', path: (slug: string) => `/research/reports/${slug}` },
  { plural: 'articles', path: (slug: string) => `/research/articles/${slug}` },
  { plural: 'legal-pages', path: (slug: string) => `/legal/${slug}` },
] as const;

interface SitemapEntry {
  path: string;
  lastModified?: string;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * sitemap.xml and robots.txt for crawlers. The sitemap reads the published content through the
 * content service's own public API, so a draft can never leak into it.
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  const route = routesOf(app, ['site']);

  async function publishedPages(): Promise<SitemapEntry[]> {
    const entries: SitemapEntry[] = staticPages.map((path) => ({ path }));
    entries.push({ path: '/legal/terms-of-use' });
    for (const collection of collectionPages) {
      for (let page = 1; page <= 100; page++) {
        const response = await app.inject({
          method: 'GET',
          url: `/cms/api/teenvoice-${collection.plural}?fields[0]=slug&fields[1]=updatedAt&sort=publishedAt:desc&pagination[page]=${page}&pagination[pageSize]=100`,
        });
        if (response.statusCode !== 200) break;
        const body = response.json() as {
          data: { attributes: { slug?: string; updatedAt?: string } }[];
          meta: { pagination: { pageCount: number } };
        };
        for (const { attributes } of body.data) {
          if (!attributes.slug) continue;
          entries.push({
            path: collection.path(attributes.slug),
            ...(attributes.updatedAt ? { lastModified: attributes.updatedAt } : {}),
          });
        }
        if (page >= body.meta.pagination.pageCount) break;
      }
    }
    return entries;
  }

  route.get(
    '/sitemap.xml',
    { access: 'public', summary: 'The published pages, for crawlers', hide: true },
    async (_request, reply) => {
      const base = app.config.publicUrl;
      const urls = (await publishedPages()).map(
        (entry) =>
          `  <url><loc>${escapeXml(`${base}${entry.path}`)}</loc>${
            entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : ''
          }</url>`,
      );
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
        );
    },
  );

  route.get(
    '/robots.txt',
    { access: 'public', summary: 'What crawlers may index', hide: true },
    async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        // The signed-in app, respondents' survey links and the shop's private pages are not for indexes.
        'Disallow: /research/builder',
        'Disallow: /user/',
        'Disallow: /s/',
        'Disallow: /cart',
        'Disallow: /order-confirmation',
        'Disallow: /mail/',
        'Disallow: /utils/',
        'Disallow: /security/',
        'Disallow: /register/invitation',
        'Disallow: /register/confirm',
        // Shared results reports (read-only links, decision 031).
        'Disallow: /shared/',
        '',
        `Sitemap: ${app.config.publicUrl}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(lines.join('\n'));
    },
  );
};
