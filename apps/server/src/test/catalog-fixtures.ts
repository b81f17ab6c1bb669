import { randomBytes } from 'node:crypto';
import { COMMERCE_BASE } from '@tv/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { commerceCategories, commerceProducts } from '../db/schema/commerce';
import { contentEntries, contentMedia } from '../db/schema/content';
import type { TestApp } from './app';

/** The storefront catalog tests' fixtures (modules/commerce/catalog-*.test.ts). */

/** Our own categories under 3 'Reports' (ids far from the seed's), one of them switched off. */
export const THEME_A = 9101;
export const THEME_B = 9102;
export const THEME_OFF = 9103;

export type Entry = typeof contentEntries.$inferSelect;
export type Media = typeof contentMedia.$inferSelect;

/** This test file's mark in its SKUs, titles and slugs, and the SKU and slug of a product by name. */
export function catalogNames() {
  const run = randomBytes(3).toString('hex').toUpperCase();
  const sku = (name: string) => `CAT-${run}-${name}`;
  const urlKey = (name: string) => `catalog-test-${run.toLowerCase()}-${name.toLowerCase()}`;
  return { run, sku, urlKey };
}

/** A GET of the storefront API. */
export const storefrontGet = (getApp: () => TestApp) => (path: string) =>
  getApp().app.inject({ method: 'GET', url: `${COMMERCE_BASE}${path}` });

/**
 * Our categories, and products of every kind: listed or not, salable or not. Answers the published
 * reports of our own (newest of all content, each with a seeded cover), a draft report, a published
 * article, the cover, and the products' ids by name.
 */
export async function seedCatalog(t: TestApp, { run, sku, urlKey }: ReturnType<typeof catalogNames>) {
  const reports: Entry[] = [];
  const ids: Record<string, number> = {};
  const db = t.app.database.db;
  await db
    .insert(commerceCategories)
    .values([
      { id: 1, parentId: 0, name: 'Root Catalog', urlKey: 'root-catalog', position: 0 },
      { id: 2, parentId: 1, name: 'TeenVoice Research', urlKey: 'teenvoice-research', position: 1 },
      { id: 3, parentId: 2, name: 'Reports', urlKey: 'reports', position: 1 },
    ])
    .onConflictDoNothing();
  await db.insert(commerceCategories).values([
    { id: THEME_A, parentId: 3, name: 'Test theme A', urlKey: 'test-theme-a', position: 90 },
    { id: THEME_B, parentId: 3, name: 'Test theme B', urlKey: 'test-theme-b', position: 91 },
    {
      id: THEME_OFF,
      parentId: 3,
      name: 'Switched off',
      urlKey: 'switched-off',
      position: 92,
      isActive: false,
    },
  ]);

  // A seeded report is the template: our reports copy its attributes under their own titles and slugs.
  const [seeded] = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.type, 'report'), isNotNull(contentEntries.publishedAt)))
    .orderBy(desc(contentEntries.id))
    .limit(1);
  const [seededCover] = await db
    .select()
    .from(contentMedia)
    .where(eq(contentMedia.id, seeded!.attributes.cover as number));
  const cover = seededCover!;
  const now = Date.now();
  for (const [i, name] of ['Alpha', 'Bravo', 'Charlie', 'Delta'].entries()) {
    const [row] = await db
      .insert(contentEntries)
      .values({
        type: 'report',
        slug: urlKey(name),
        attributes: {
          ...seeded!.attributes,
          title: `${name} report ${run}`,
          slug: urlKey(name),
          summary: `What teens told us about ${name}.`,
          pageCount: 40 + i,
          format: 'PDF',
        },
        // Newest first: Alpha, Bravo, Charlie, Delta; all newer than the seed.
        publishedAt: new Date(now - 1000 * (i + 1)),
      })
      .returning();
    reports.push(row!);
  }
  const [draft] = await db
    .insert(contentEntries)
    .values({
      type: 'report',
      slug: urlKey('draft'),
      attributes: { title: 'Draft report' },
      publishedAt: null,
    })
    .returning();
  const draftReport = draft!;
  const [anArticle] = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.type, 'article'), isNotNull(contentEntries.publishedAt)))
    .limit(1);
  const article = anArticle!;

  const product = (name: string, values: Partial<typeof commerceProducts.$inferInsert>) => ({
    sku: sku(name),
    name: `${name} report`,
    urlKey: urlKey(name),
    priceCents: 0,
    ...values,
  });
  const rows = await db
    .insert(commerceProducts)
    .values([
      // On sale with a file and a sample: listed and salable.
      product('Alpha', {
        priceCents: 89_500,
        categoryId: THEME_A,
        contentEntryId: reports[0]!.id,
        fileKey: '0123456789abcdef/alpha.pdf',
        fileName: 'alpha.pdf',
        sampleFileKey: '0123456789abcdef/alpha-sample.pdf',
        numberOfDownloads: 5,
      }),
      // On sale without a file yet: listed, not salable.
      product('Bravo', { priceCents: 123_450, categoryId: THEME_B, contentEntryId: reports[1]!.id }),
      // Free, taken off sale: listed, not salable.
      product('Charlie', {
        priceCents: 0,
        categoryId: THEME_A,
        contentEntryId: reports[2]!.id,
        onSale: false,
        fileKey: '0123456789abcdef/charlie.pdf',
      }),
      // In a switched-off category: listed, but the tree does not show its category.
      product('Delta', {
        priceCents: 9_900,
        categoryId: THEME_OFF,
        contentEntryId: reports[3]!.id,
        fileKey: '0123456789abcdef/delta.pdf',
      }),
      // Never listed: no report, a draft report, an article instead of a report.
      product('Orphan', { priceCents: 100, categoryId: THEME_A, fileKey: '0123456789abcdef/orphan.pdf' }),
      product('Draft', { priceCents: 100, categoryId: THEME_A, contentEntryId: draftReport.id }),
      product('Article', { priceCents: 100, categoryId: THEME_A, contentEntryId: article.id }),
    ])
    .returning();
  for (const row of rows) ids[row.sku.split('-').at(-1)!] = row.id;
  return { reports, draftReport, article, cover, ids };
}
