import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminProduct } from '@tv/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceCategories, commerceProducts } from '../../db/schema/commerce';
import { contentEntries, contentMedia } from '../../db/schema/content';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { harness } from '../../test/commerce-admin-fixtures';
import { type CookieJar, signIn } from '../../test/session';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000080806000000b8adee6a0000000049454e44ae426082',
  'hex',
);

/** Magento's category tree, as the seed makes it (inserted here too, so the tests do not depend on it). */
async function ensureCategories(t: TestApp) {
  await t.app.database.db
    .insert(commerceCategories)
    .values([
      { id: 1, parentId: 0, name: 'Root Catalog', urlKey: 'root-catalog' },
      { id: 2, parentId: 1, name: 'TeenVoice Research', urlKey: 'teenvoice-research' },
      { id: 3, parentId: 2, name: 'Reports', urlKey: 'reports' },
      { id: 10, parentId: 3, name: 'Digital life', urlKey: 'digital-life' },
    ])
    .onConflictDoNothing();
}

async function insertReport(t: TestApp, slug: string, title: string) {
  const [row] = await t.app.database.db
    .insert(contentEntries)
    .values({ type: 'report', slug, attributes: { title, slug }, publishedAt: new Date() })
    .returning({ id: contentEntries.id });
  return row!.id;
}

const productInput = (overrides: Record<string, unknown> = {}) => ({
  sku: 'TV-RPT-TEST-01',
  name: 'Teens and Money 2026',
  price: 495,
  categoryId: 10,
  contentEntryId: null,
  onSale: false,
  numberOfDownloads: 10,
  ...overrides,
});

describe('staff commerce API', () => {
  let t: TestApp;
  let admin: CookieJar;
  let superAdmin: CookieJar;
  let moderator: CookieJar;
  let orgAdmin: CookieJar;
  let reportId: number;
  let articleId: number;
  /** Category 10's name, as the seed (or this test) made it. */
  let categoryTen: string;
  const { call, upload } = harness(() => t);

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-commerce-admin-')) });
    await ensureCategories(t);
    const [ten] = await t.app.database.db
      .select({ name: commerceCategories.name })
      .from(commerceCategories)
      .where(eq(commerceCategories.id, 10));
    categoryTen = ten!.name;
    admin = await signIn(t.app, demoAccounts.platformAdmin.email);
    superAdmin = await signIn(t.app, demoAccounts.superAdmin.email);
    moderator = await signIn(t.app, demoAccounts.moderator.email);
    orgAdmin = await signIn(t.app, demoAccounts.northsideAdmin.email);
    reportId = await insertReport(t, 'teens-and-money-2026-test', 'Teens and Money 2026');
    const [article] = await t.app.database.db
      .insert(contentEntries)
      .values({ type: 'article', slug: 'pocket-money-test', attributes: { title: 'Pocket money' } })
      .returning({ id: contentEntries.id });
    articleId = article!.id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('permissions', () => {
    const reads = [
      '/v2/admin/commerce/products',
      '/v2/admin/commerce/categories',
      '/v2/admin/commerce/orders',
      '/v2/admin/commerce/orders/1',
      '/v2/admin/commerce/sales',
    ];

    it('lets Super Admins and Platform Admins read, refuses the moderator and organization admins', async () => {
      for (const url of reads) {
        expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
        expect((await call(moderator, 'GET', url)).statusCode, url).toBe(403);
        expect((await call(orgAdmin, 'GET', url)).statusCode, url).toBe(403);
        expect([200, 404], url).toContain((await call(superAdmin, 'GET', url)).statusCode);
        expect([200, 404], url).toContain((await call(admin, 'GET', url)).statusCode);
      }
    });

    it('refuses every write to the moderator and organization admins, and changes nothing', async () => {
      const before = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(commerceProducts);
      for (const jar of [moderator, orgAdmin]) {
        const created = await call(
          jar,
          'POST',
          '/v2/admin/commerce/products',
          productInput({ sku: 'TV-NOPE' }),
        );
        expect(created.statusCode).toBe(403);
        expect(created.json().message).toBe("You don't have permission to do that.");
        expect(
          (await call(jar, 'PUT', '/v2/admin/commerce/products/1', { ...productInput(), version: 1 }))
            .statusCode,
        ).toBe(403);
        expect(
          (await upload(jar, '/v2/admin/commerce/products/1/file', { name: 'r.pdf', bytes: pdf })).statusCode,
        ).toBe(403);
        for (const action of ['mark-paid', 'cancel']) {
          expect(
            (await call(jar, 'POST', `/v2/admin/commerce/orders/1/${action}`, { version: 1 })).statusCode,
          ).toBe(403);
        }
        expect(
          (await call(jar, 'POST', '/v2/admin/commerce/orders/1/refund', { version: 1, reason: 'Because' }))
            .statusCode,
        ).toBe(403);
      }
      const after = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(commerceProducts);
      expect(after).toEqual(before);
    });
  });

  describe('products', () => {
    let product: AdminProduct;

    it('creates a product off sale, refuses a duplicate SKU, and lists it', async () => {
      const created = await call(admin, 'POST', '/v2/admin/commerce/products', productInput({ price: 4.95 }));
      expect(created.statusCode, created.body).toBe(201);
      product = created.json().data;
      expect(product).toMatchObject({
        sku: 'TV-RPT-TEST-01',
        name: 'Teens and Money 2026',
        urlKey: 'tv-rpt-test-01',
        price: 4.95,
        categoryId: 10,
        categoryName: categoryTen,
        contentEntryId: null,
        contentTitle: null,
        onSale: false,
        file: null,
        sample: null,
        numberOfDownloads: 10,
        ordersCount: 0,
        version: 1,
      });
      const [row] = await t.app.database.db
        .select()
        .from(commerceProducts)
        .where(eq(commerceProducts.id, product.id));
      expect(row!.priceCents).toBe(495);

      const duplicate = await call(
        admin,
        'POST',
        '/v2/admin/commerce/products',
        productInput({ name: 'Other' }),
      );
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe('Another product already uses the SKU TV-RPT-TEST-01.');

      const list = await call(admin, 'GET', '/v2/admin/commerce/products');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.filter((p: AdminProduct) => p.sku === 'TV-RPT-TEST-01')).toEqual([product]);
    });

    it('lists the categories with their path, without the root catalog', async () => {
      const response = await call(admin, 'GET', '/v2/admin/commerce/categories');
      expect(response.statusCode).toBe(200);
      const categories = response.json().data as { id: number; path: string }[];
      expect(categories.find((c) => c.id === 10)?.path).toBe(`TeenVoice Research › Reports › ${categoryTen}`);
      expect(categories.some((c) => c.id === 1)).toBe(false);
    });

    it('refuses a product put on sale before it has a file', async () => {
      const response = await call(
        admin,
        'POST',
        '/v2/admin/commerce/products',
        productInput({ sku: 'TV-ON-SALE', onSale: true }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Upload the report file before putting it on sale.');
      const update = await call(admin, 'PUT', `/v2/admin/commerce/products/${product.id}`, {
        ...productInput({ onSale: true }),
        version: product.version,
      });
      expect(update.statusCode).toBe(400);
      expect(update.json().message).toBe('Upload the report file before putting it on sale.');
    });

    it('links only a report that exists, and takes its slug as the product page address', async () => {
      const article = await call(admin, 'PUT', `/v2/admin/commerce/products/${product.id}`, {
        ...productInput({ contentEntryId: articleId }),
        version: product.version,
      });
      expect(article.statusCode).toBe(400);
      expect(article.json().message).toBe('Only a report can be sold. Choose a report to link.');
      const missing = await call(admin, 'PUT', `/v2/admin/commerce/products/${product.id}`, {
        ...productInput({ contentEntryId: 2_000_000 }),
        version: product.version,
      });
      expect(missing.statusCode).toBe(400);
      const badCategory = await call(admin, 'PUT', `/v2/admin/commerce/products/${product.id}`, {
        ...productInput({ categoryId: 1 }),
        version: product.version,
      });
      expect(badCategory.statusCode).toBe(400);
      expect(badCategory.json().message).toBe('Choose a category from the list.');

      const linked = await call(admin, 'PUT', `/v2/admin/commerce/products/${product.id}`, {
        ...productInput({ contentEntryId: reportId, price: 12.5, numberOfDownloads: 0 }),
        version: product.version,
      });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().data).toMatchObject({
        contentEntryId: reportId,
        contentTitle: 'Teens and Money 2026',
        urlKey: 'teens-and-money-2026-test',
        price: 12.5,
        numberOfDownloads: 0,
        version: product.version + 1,
      });
      product = linked.json().data;

      // A second product cannot sell the same report.
      const second = await call(
        admin,
        'POST',
        '/v2/admin/commerce/products',
        productInput({ sku: 'TV-RPT-TEST-02', contentEntryId: reportId }),
      );
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('The product TV-RPT-TEST-01 already sells this report.');
    });

    it('answers 409 to a save from a stale version, and keeps the newer one', async () => {
      const stale = await call(admin, 'PUT', `/v2/admin/commerce/products/${product.id}`, {
        ...productInput({ contentEntryId: reportId, price: 1 }),
        version: product.version - 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('This product was changed by someone else. Reload it and try again.');
      const current = (await call(admin, 'GET', '/v2/admin/commerce/products')).json().data as AdminProduct[];
      expect(current.find((p) => p.id === product.id)).toEqual(product);
    });

    it('refuses an SKU another product uses when saving', async () => {
      const other = await call(
        admin,
        'POST',
        '/v2/admin/commerce/products',
        productInput({ sku: 'TV-RPT-OTHER', name: 'Another report' }),
      );
      expect(other.statusCode).toBe(201);
      const clash = await call(admin, 'PUT', `/v2/admin/commerce/products/${other.json().data.id}`, {
        ...productInput({ sku: 'TV-RPT-TEST-01' }),
        version: 1,
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe('Another product already uses the SKU TV-RPT-TEST-01.');
    });

    it('refuses bad input with a 4xx and changes nothing', async () => {
      const url = `/v2/admin/commerce/products/${product.id}`;
      const bad: [string, unknown][] = [
        ['NUL byte', { ...productInput({ name: 'Teens\u0000 and money' }), version: product.version }],
        ['lone surrogate', { ...productInput({ name: 'Teens \ud800 money' }), version: product.version }],
        ['huge price', { ...productInput({ price: 1e308 }), version: product.version }],
        ['negative price', { ...productInput({ price: -1 }), version: product.version }],
        ['sub-cent price', { ...productInput({ price: 4.955 }), version: product.version }],
        ['huge version', { ...productInput(), version: 1e20 }],
        ['huge downloads', { ...productInput({ numberOfDownloads: 1e9 }), version: product.version }],
        ['lower-case SKU', { ...productInput({ sku: 'tv-lower' }), version: product.version }],
        ['huge category', { ...productInput({ categoryId: 2 ** 40 }), version: product.version }],
        ['huge report id', { ...productInput({ contentEntryId: 2 ** 45 }), version: product.version }],
        ['no body', undefined],
      ];
      for (const [label, body] of bad) {
        const response = await call(admin, 'PUT', url, body);
        expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
      }
      const nul = await call(admin, 'PUT', url, bad[0]![1]);
      expect(nul.json().message).toBe('Text must not contain NUL characters. Remove them and try again.');

      for (const id of ['1.5', '1e3', '-1', '0', 'abc', '99999999999', '2147483648']) {
        const response = await call(admin, 'PUT', `/v2/admin/commerce/products/${id}`, {
          ...productInput(),
          version: 1,
        });
        expect(response.statusCode, id).toBe(400);
      }
      const missing = await call(admin, 'PUT', '/v2/admin/commerce/products/2147483647', {
        ...productInput({ sku: 'TV-MISSING' }),
        version: 1,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('This product does not exist. It may have been removed.');

      const current = (await call(admin, 'GET', '/v2/admin/commerce/products')).json().data as AdminProduct[];
      expect(current.find((p) => p.id === product.id)).toEqual(product);
    });

    it('stores an uploaded PDF privately, refuses anything else, then lets the product go on sale', async () => {
      const url = `/v2/admin/commerce/products/${product.id}/file`;
      const notPdf = await upload(admin, url, { name: 'chart.pdf', bytes: png });
      expect(notPdf.statusCode).toBe(400);
      expect(notPdf.json().message).toBe(
        'Only PDF files can be uploaded here. Export the report as a PDF and try again.',
      );
      const html = await upload(admin, url, {
        name: 'report.pdf',
        bytes: Buffer.from('<html>%PDF-1.7</html>'),
      });
      expect(html.statusCode).toBe(400);
      const empty = await upload(admin, url, { name: 'report.pdf', bytes: Buffer.alloc(0) });
      expect(empty.statusCode).toBe(400);
      const wrongField = await upload(admin, url, { name: 'report.pdf', bytes: pdf, field: 'files' });
      expect(wrongField.statusCode).toBe(400);
      const two = await upload(admin, url, { name: 'report.pdf', bytes: pdf, second: true });
      expect(two.statusCode).toBe(400);
      const json = await call(admin, 'PUT', url, { file: 'x' });
      expect(json.statusCode).toBe(400);
      const huge = await upload(admin, url, {
        name: 'huge.pdf',
        bytes: Buffer.concat([pdf, Buffer.alloc(50 * 1024 * 1024)]),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe('A report PDF can be at most 50 MB.');
      expect(
        (await upload(admin, '/v2/admin/commerce/products/2147483647/file', { name: 'a.pdf', bytes: pdf }))
          .statusCode,
      ).toBe(404);
      expect(
        (await upload(admin, '/v2/admin/commerce/products/abc/file', { name: 'a.pdf', bytes: pdf }))
          .statusCode,
      ).toBe(400);
      let current = (await call(admin, 'GET', '/v2/admin/commerce/products')).json().data as AdminProduct[];
      expect(current.find((p) => p.id === product.id)).toEqual(product);

      const stored = await upload(admin, url, { name: 'Teens & Money (final).PDF', bytes: pdf });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json().data).toMatchObject({
        file: { name: 'teens-money-final.pdf', size: pdf.length },
        version: product.version + 1,
      });
      const key = `${createHash('sha256').update(pdf).digest('hex').slice(0, 16)}/teens-money-final.pdf`;
      const [row] = await t.app.database.db
        .select()
        .from(commerceProducts)
        .where(eq(commerceProducts.id, product.id));
      expect(row).toMatchObject({ fileKey: key, fileName: 'teens-money-final.pdf', fileSize: pdf.length });
      expect(await t.app.content.storage.get(key)).toEqual(pdf);
      // Private: not a media row, so the public uploads route does not serve it.
      expect(
        await t.app.database.db.select().from(contentMedia).where(eq(contentMedia.storageKey, key)),
      ).toEqual([]);
      expect((await call(null, 'GET', `/cms/uploads/${key}`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/cms/uploads/${key}`)).statusCode).toBe(404);

      const sample = await upload(admin, `/v2/admin/commerce/products/${product.id}/sample`, {
        name: 'sample pages.pdf',
        bytes: Buffer.concat([pdf, Buffer.from('% sample\n')]),
      });
      expect(sample.statusCode, sample.body).toBe(200);
      expect(sample.json().data).toMatchObject({
        sample: { name: 'sample-pages.pdf' },
        file: { name: 'teens-money-final.pdf' },
        version: product.version + 2,
      });
      product = sample.json().data;

      const onSale = await call(admin, 'PUT', `/v2/admin/commerce/products/${product.id}`, {
        ...productInput({ contentEntryId: reportId, price: 12.5, numberOfDownloads: 0, onSale: true }),
        version: product.version,
      });
      expect(onSale.statusCode, onSale.body).toBe(200);
      expect(onSale.json().data.onSale).toBe(true);
      current = (await call(admin, 'GET', '/v2/admin/commerce/products')).json().data as AdminProduct[];
      expect(current.find((p) => p.id === product.id)?.onSale).toBe(true);
    });
  });
});
