import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminOrderDetail, AdminProduct, SalesOverview } from '@tv/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commerceCarts,
  commerceCategories,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commerceProducts,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import { contentEntries, contentMedia } from '../../db/schema/content';
import { users } from '../../db/schema/identity';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, cookieJar, signIn } from '../../test/session';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000080806000000b8adee6a0000000049454e44ae426082',
  'hex',
);

type Method = 'GET' | 'POST' | 'PUT';

function harness(getApp: () => TestApp) {
  const call = (jar: CookieJar | null, method: Method, url: string, payload?: unknown) =>
    getApp().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: jar ? { cookie: jar.header } : {},
    });

  const multipart = (field: string, name: string, bytes: Buffer, extra?: { field: string; name: string }) => {
    const boundary = '----tvshopboundary';
    const part = (fieldName: string, fileName: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n'),
      ]);
    return {
      payload: Buffer.concat([
        part(field, name, bytes),
        ...(extra ? [part(extra.field, extra.name, bytes)] : []),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  const upload = (
    jar: CookieJar | null,
    url: string,
    file: { name: string; bytes: Buffer; field?: string; second?: boolean },
  ) => {
    const body = multipart(
      file.field ?? 'file',
      file.name,
      file.bytes,
      file.second ? { field: 'file', name: 'second.pdf' } : undefined,
    );
    return getApp().app.inject({
      method: 'PUT',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(jar ? { cookie: jar.header } : {}) },
    });
  };

  return { call, upload };
}

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

async function userId(t: TestApp, email: string) {
  const [row] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

interface OrderSeed {
  state: 'pending_payment' | 'complete' | 'closed' | 'canceled';
  items: { product: { id: number; sku: string; name: string }; priceCents: number }[];
  taxCents?: number;
  paidAt?: Date | null;
  createdAt?: Date;
  refundedCents?: number;
  organizationId?: string | null;
  customer?: { firstname: string; lastname: string; email: string; company: string };
  paymentMethod?: 'free' | 'purchaseorder' | 'stripe_payments';
}

/** An order as checkout would leave it, written straight into the tables. */
async function insertOrder(t: TestApp, buyerId: string, seed: OrderSeed) {
  const db = t.app.database.db;
  const [cart] = await db
    .insert(commerceCarts)
    .values({ userId: buyerId, isActive: false })
    .returning({ id: commerceCarts.id });
  const subtotal = seed.items.reduce((sum, item) => sum + item.priceCents, 0);
  const tax = seed.taxCents ?? 0;
  const grand = subtotal + tax;
  const paid = seed.state === 'complete' || seed.state === 'closed' ? grand : 0;
  const customer = seed.customer ?? {
    firstname: 'Priya',
    lastname: 'Shah',
    email: 'priya@northside.test',
    company: 'Northside Youth Trust',
  };
  const createdAt = seed.createdAt ?? seed.paidAt ?? new Date();
  const [order] = await db
    .insert(commerceOrders)
    .values({
      cartId: cart!.id,
      userId: buyerId,
      organizationId:
        seed.organizationId === undefined ? demoOrganizations.northside.id : seed.organizationId,
      state: seed.state,
      status: seed.state,
      customerEmail: customer.email,
      customerFirstname: customer.firstname,
      customerLastname: customer.lastname,
      billingAddress: {
        company: customer.company,
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        street: ['100 Market Street'],
        city: 'San Francisco',
        region_code: 'CA',
        region: 'California',
        postcode: '94105',
        country_id: 'US',
      },
      paymentMethod: seed.paymentMethod ?? (grand === 0 ? 'free' : 'purchaseorder'),
      paymentReference: 'PO-7781',
      subtotalCents: subtotal,
      taxCents: tax,
      grandTotalCents: grand,
      amountPaidCents: paid,
      amountRefundedCents: seed.refundedCents ?? (seed.state === 'closed' ? paid : 0),
      refundReason: seed.state === 'closed' ? 'Bought twice by mistake' : null,
      paidAt: seed.paidAt ?? (paid > 0 || seed.state === 'complete' ? createdAt : null),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  for (const item of seed.items) {
    const [row] = await db
      .insert(commerceOrderItems)
      .values({
        orderId: order!.id,
        productId: item.product.id,
        sku: item.product.sku,
        name: item.product.name,
        priceCents: item.priceCents,
      })
      .returning({ id: commerceOrderItems.id });
    await db.insert(commercePurchasedLinks).values({
      orderId: order!.id,
      orderItemId: row!.id,
      productId: item.product.id,
      linkHash: randomBytes(32).toString('hex'),
      linkTitle: item.product.name,
      numberOfDownloadsBought: 10,
      numberOfDownloadsUsed: 2,
      status:
        seed.state === 'complete'
          ? 'available'
          : seed.state === 'pending_payment'
            ? 'pending_payment'
            : 'expired',
    });
  }
  await db.insert(commerceOrderHistory).values({
    orderId: order!.id,
    status: seed.state,
    comment: 'Order placed',
    actorId: null,
    createdAt,
  });
  return order!;
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
  let buyerId: string;
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
    buyerId = await userId(t, demoAccounts.northsideAdmin.email);
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

  describe('orders', () => {
    let products: { id: number; sku: string; name: string }[];

    beforeAll(async () => {
      products = await t.app.database.db
        .insert(commerceProducts)
        .values([
          { sku: 'TV-ORD-A', name: 'Always On 2026', urlKey: 'tv-ord-a', priceCents: 49_500 },
          { sku: 'TV-ORD-B', name: 'Future Jobs 2026', urlKey: 'tv-ord-b', priceCents: 29_900 },
        ])
        .returning({ id: commerceProducts.id, sku: commerceProducts.sku, name: commerceProducts.name });
    });

    const pending = () =>
      insertOrder(t, buyerId, {
        state: 'pending_payment',
        items: [{ product: products[0]!, priceCents: 49_500 }],
      });

    it('lists orders newest first, searches them and filters by status, a page at a time', async () => {
      const older = await insertOrder(t, buyerId, {
        state: 'complete',
        items: [
          { product: products[0]!, priceCents: 49_500 },
          { product: products[1]!, priceCents: 29_900 },
        ],
        createdAt: new Date(Date.now() - 86_400_000),
        customer: {
          firstname: 'Dana',
          lastname: 'Ruiz',
          email: 'dana.ruiz@brightpath.test',
          company: 'BrightPath Learning',
        },
        organizationId: demoOrganizations.brightpath.id,
        paymentMethod: 'stripe_payments',
      });
      const newer = await pending();

      const all = await call(admin, 'GET', '/v2/admin/commerce/orders?pageSize=100');
      expect(all.statusCode).toBe(200);
      const ids = all.json().data.items.map((o: { id: number }) => o.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(all.json().data.items.find((o: { id: number }) => o.id === older.id)).toEqual({
        id: older.id,
        incrementId: older.incrementId,
        createdAt: older.createdAt.toISOString(),
        state: 'complete',
        status: 'complete',
        customerName: 'Dana Ruiz',
        customerEmail: 'dana.ruiz@brightpath.test',
        organizationName: 'BrightPath Learning',
        paymentMethod: 'stripe_payments',
        grandTotal: 794,
        itemsCount: 2,
      });

      const search = async (query: string) =>
        (await call(admin, 'GET', `/v2/admin/commerce/orders?${query}`))
          .json()
          .data.items.map((o: { id: number }) => o.id) as number[];
      expect(await search(`q=${older.incrementId}`)).toEqual([older.id]);
      expect(await search(`q=%23${older.incrementId}`)).toEqual([older.id]);
      expect(await search('q=dana.ruiz%40brightpath')).toEqual([older.id]);
      expect(await search('q=dana%20ruiz')).toEqual([older.id]);
      expect(await search('q=brightpath%20learning')).toEqual([older.id]);
      expect(await search('q=%25')).toEqual([]);
      expect(await search('q=_')).toEqual([]);
      expect(await search('status=complete&q=ruiz')).toEqual([older.id]);
      expect(await search('status=pending_payment&q=ruiz')).toEqual([]);
      expect(await search('status=pending_payment')).toContain(newer.id);

      const firstPage = (await call(admin, 'GET', '/v2/admin/commerce/orders?pageSize=1')).json().data;
      expect(firstPage).toMatchObject({ page: 1, pageSize: 1, total: ids.length });
      expect(firstPage.items.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
      const secondPage = (await call(admin, 'GET', '/v2/admin/commerce/orders?pageSize=1&page=2')).json()
        .data;
      expect(secondPage.items.map((o: { id: number }) => o.id)).toEqual([ids[1]]);
    });

    it('refuses a bad search, status or page with a 400', async () => {
      for (const query of [
        'q=%00',
        `q=${'x'.repeat(201)}`,
        'status=paid',
        'page=0',
        'page=1.5',
        'page=abc',
        'page=1e9',
        'pageSize=1000',
      ]) {
        const response = await call(admin, 'GET', `/v2/admin/commerce/orders?${query}`);
        expect(response.statusCode, query).toBe(400);
      }
      expect((await call(admin, 'GET', '/v2/admin/commerce/orders?q=%00')).json().message).toMatch(
        /q \(Contains a NUL character/,
      );
    });

    it('shows an order with its items, address, history with staff names and downloads, never a link hash', async () => {
      const order = await insertOrder(t, buyerId, {
        state: 'complete',
        items: [{ product: products[1]!, priceCents: 29_900 }],
        taxCents: 2_467,
      });
      const adminId = await userId(t, demoAccounts.platformAdmin.email);
      await t.app.database.db
        .insert(commerceOrderHistory)
        .values({ orderId: order.id, status: 'complete', comment: 'Payment received', actorId: adminId });
      const response = await call(admin, 'GET', `/v2/admin/commerce/orders/${order.id}`);
      expect(response.statusCode).toBe(200);
      const detail = response.json().data as AdminOrderDetail;
      expect(detail).toMatchObject({
        id: order.id,
        incrementId: order.incrementId,
        state: 'complete',
        customerName: 'Priya Shah',
        organizationName: 'Northside Youth Trust',
        subtotal: 299,
        taxAmount: 24.67,
        grandTotal: 323.67,
        amountPaid: 323.67,
        amountRefunded: 0,
        refundReason: null,
        paymentReference: 'PO-7781',
        billingAddress: {
          company: 'Northside Youth Trust',
          street: ['100 Market Street'],
          region_code: 'CA',
          region: 'California',
          postcode: '94105',
          country_id: 'US',
        },
        items: [{ sku: 'TV-ORD-B', name: 'Future Jobs 2026', price: 299, qty: 1 }],
        downloads: [{ linkTitle: 'Future Jobs 2026', status: 'available', used: 2, bought: 10 }],
        version: 1,
      });
      expect(detail.history).toEqual([
        expect.objectContaining({ status: 'complete', comment: 'Order placed', actorName: null }),
        expect.objectContaining({
          status: 'complete',
          comment: 'Payment received',
          actorName: 'Marcus Bell',
        }),
      ]);
      const [link] = await t.app.database.db
        .select()
        .from(commercePurchasedLinks)
        .where(eq(commercePurchasedLinks.orderId, order.id));
      expect(response.body).not.toContain(link!.linkHash);
      expect(response.body).not.toContain('linkHash');

      expect((await call(admin, 'GET', '/v2/admin/commerce/orders/2147483647')).statusCode).toBe(404);
      expect((await call(admin, 'GET', '/v2/admin/commerce/orders/2147483647')).json().message).toBe(
        'This order does not exist.',
      );
      for (const id of ['abc', '1.5', '0', '1e2', '9999999999999']) {
        expect((await call(admin, 'GET', `/v2/admin/commerce/orders/${id}`)).statusCode, id).toBe(400);
      }
    });

    it('marks an invoice paid once: downloads open, the history names the staff member', async () => {
      const order = await pending();
      const stale = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/mark-paid`, {
        version: 2,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('This order was changed by someone else. Reload it and try again.');

      const paid = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/mark-paid`, {
        version: 1,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const detail = paid.json().data as AdminOrderDetail;
      expect(detail).toMatchObject({ state: 'complete', amountPaid: 495, version: 2 });
      expect(detail.downloads.map((d) => d.status)).toEqual(['available']);
      expect(detail.history.at(-1)).toMatchObject({ actorName: 'Marcus Bell' });

      const again = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/mark-paid`, {
        version: detail.version,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Only an order waiting for payment can be marked paid.');
      const cancel = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/cancel`, {
        version: detail.version,
      });
      expect(cancel.statusCode).toBe(409);
    });

    it('cancels an unpaid order: its downloads expire', async () => {
      const order = await pending();
      const canceled = await call(superAdmin, 'POST', `/v2/admin/commerce/orders/${order.id}/cancel`, {
        version: 1,
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      const detail = canceled.json().data as AdminOrderDetail;
      expect(detail.state).toBe('canceled');
      expect(detail.downloads.map((d) => d.status)).toEqual(['expired']);
      expect(detail.history.at(-1)).toMatchObject({ actorName: 'Sofia Reyes' });
      const refund = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/refund`, {
        version: detail.version,
        reason: 'Customer asked',
      });
      expect(refund.statusCode).toBe(409);
      expect(refund.json().message).toBe('Only a paid order can be refunded.');
    });

    it('refunds a paid order with a reason: closed, refunded in full, downloads stopped', async () => {
      const order = await insertOrder(t, buyerId, {
        state: 'complete',
        items: [{ product: products[0]!, priceCents: 49_500 }],
      });
      const url = `/v2/admin/commerce/orders/${order.id}/refund`;
      for (const body of [
        { version: 1 },
        { version: 1, reason: 'no' },
        { version: 1, reason: 'x'.repeat(501) },
        { version: 1, reason: 'Refund\u0000 now' },
        { version: 1, reason: 'Refund \udc00 now' },
        { version: 'one', reason: 'Bought twice' },
        { version: 1e20, reason: 'Bought twice' },
      ]) {
        const response = await call(admin, 'POST', url, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const unchanged = (await call(admin, 'GET', `/v2/admin/commerce/orders/${order.id}`)).json().data;
      expect(unchanged).toMatchObject({ state: 'complete', version: 1, amountRefunded: 0 });

      const refunded = await call(admin, 'POST', url, { version: 1, reason: '  Bought twice by mistake  ' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const detail = refunded.json().data as AdminOrderDetail;
      expect(detail).toMatchObject({
        state: 'closed',
        amountPaid: 495,
        amountRefunded: 495,
        refundReason: 'Bought twice by mistake',
      });
      expect(detail.downloads.map((d) => d.status)).toEqual(['expired']);
      expect(detail.history.at(-1)).toMatchObject({ actorName: 'Marcus Bell' });

      const twice = await call(admin, 'POST', url, { version: detail.version, reason: 'Again' });
      expect(twice.statusCode).toBe(409);
    });

    it('answers 404 for an action on an order that does not exist, 400 for a bad id', async () => {
      expect(
        (await call(admin, 'POST', '/v2/admin/commerce/orders/2147483647/mark-paid', { version: 1 }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(admin, 'POST', '/v2/admin/commerce/orders/2147483647/cancel', { version: 1 })).statusCode,
      ).toBe(404);
      expect(
        (
          await call(admin, 'POST', '/v2/admin/commerce/orders/2147483647/refund', {
            version: 1,
            reason: 'Dup',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(admin, 'POST', '/v2/admin/commerce/orders/x1/mark-paid', { version: 1 })).statusCode,
      ).toBe(400);
    });

    it('counts the orders of each product', async () => {
      const list = (await call(admin, 'GET', '/v2/admin/commerce/products')).json().data as AdminProduct[];
      const a = list.find((p) => p.sku === 'TV-ORD-A')!;
      const [{ n }] = (await t.app.database.db
        .select({ n: sql<number>`count(distinct ${commerceOrderItems.orderId})::int` })
        .from(commerceOrderItems)
        .where(eq(commerceOrderItems.productId, a.id))) as [{ n: number }];
      expect(n).toBeGreaterThan(2);
      expect(a.ordersCount).toBe(n);
    });
  });
});

describe('sales overview', () => {
  let t: TestApp;
  let admin: CookieJar;
  const { call } = harness(() => t);

  /** Noon UTC on the 10th, `back` months before this month. */
  const monthsAgo = (back: number) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12));
  };
  const monthKey = (date: Date) =>
    `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-commerce-sales-')) });
    admin = await signIn(t.app, demoAccounts.platformAdmin.email);
    const db = t.app.database.db;
    // A known data set: whatever the seed sold is removed first.
    await db.delete(commerceOrders);
    const buyer = await userId(t, demoAccounts.northsideAdmin.email);
    const [a, b, c] = await db
      .insert(commerceProducts)
      .values([
        { sku: 'TV-SALES-A', name: 'Sales report A', urlKey: 'tv-sales-a', priceCents: 10_000 },
        { sku: 'TV-SALES-B', name: 'Sales report B', urlKey: 'tv-sales-b', priceCents: 5_000 },
        { sku: 'TV-SALES-C', name: 'Sales report C', urlKey: 'tv-sales-c', priceCents: 0 },
      ])
      .returning({ id: commerceProducts.id, sku: commerceProducts.sku, name: commerceProducts.name });
    const A = { product: a!, priceCents: 10_000 };
    const B = { product: b!, priceCents: 5_000 };
    const C = { product: c!, priceCents: 0 };
    // This month: A+B with 10% tax ($165 paid), and a free order.
    await insertOrder(t, buyer, { state: 'complete', items: [A, B], taxCents: 1_500, paidAt: monthsAgo(0) });
    await insertOrder(t, buyer, { state: 'complete', items: [C], paidAt: monthsAgo(0) });
    // Two months ago: A paid ($100), B paid then refunded ($0).
    await insertOrder(t, buyer, { state: 'complete', items: [A], paidAt: monthsAgo(2) });
    await insertOrder(t, buyer, { state: 'closed', items: [B], paidAt: monthsAgo(2) });
    // Not revenue: an unpaid invoice ($100 pending) and a canceled one.
    await insertOrder(t, buyer, { state: 'pending_payment', items: [A], createdAt: monthsAgo(1) });
    await insertOrder(t, buyer, { state: 'canceled', items: [B], createdAt: monthsAgo(1) });
    // Thirteen months ago: revenue all the same, outside the 12 months.
    await insertOrder(t, buyer, { state: 'complete', items: [B], paidAt: monthsAgo(13) });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('counts revenue as paid minus refunded, by month (zero months included) and by report', async () => {
    const response = await call(admin, 'GET', '/v2/admin/commerce/sales');
    expect(response.statusCode).toBe(200);
    const sales = response.json().data as SalesOverview;
    expect(sales.currency).toBe('USD');
    expect(sales.totals).toEqual({
      revenue: 315,
      orders: 7,
      paidOrders: 5,
      pendingRevenue: 100,
      refunded: 50,
    });

    expect(sales.byMonth).toHaveLength(12);
    expect(sales.byMonth.map((m) => m.month)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((back) => monthKey(monthsAgo(back))),
    );
    const byMonth = Object.fromEntries(sales.byMonth.map((m) => [m.month, m]));
    expect(byMonth[monthKey(monthsAgo(0))]).toEqual({
      month: monthKey(monthsAgo(0)),
      revenue: 165,
      orders: 2,
    });
    expect(byMonth[monthKey(monthsAgo(2))]).toEqual({
      month: monthKey(monthsAgo(2)),
      revenue: 100,
      orders: 2,
    });
    expect(byMonth[monthKey(monthsAgo(1))]).toEqual({ month: monthKey(monthsAgo(1)), revenue: 0, orders: 0 });
    expect(sales.byMonth.reduce((sum, m) => sum + m.revenue, 0)).toBe(265);

    const byProduct = Object.fromEntries(sales.byProduct.map((p) => [p.sku, p]));
    // The taxed order's $165 is shared 100:50 between A and B.
    expect(byProduct['TV-SALES-A']).toEqual({
      sku: 'TV-SALES-A',
      name: 'Sales report A',
      revenue: 210,
      orders: 2,
    });
    expect(byProduct['TV-SALES-B']).toEqual({
      sku: 'TV-SALES-B',
      name: 'Sales report B',
      revenue: 105,
      orders: 3,
    });
    expect(byProduct['TV-SALES-C']).toEqual({
      sku: 'TV-SALES-C',
      name: 'Sales report C',
      revenue: 0,
      orders: 1,
    });
    expect(sales.byProduct[0]!.sku).toBe('TV-SALES-A');
    for (const other of sales.byProduct.filter((p) => !p.sku.startsWith('TV-SALES-'))) {
      expect(other).toMatchObject({ revenue: 0, orders: 0 });
    }
  });

  it('is the same for a Super Admin and refused to the moderator', async () => {
    const superAdmin = await signIn(t.app, demoAccounts.superAdmin.email);
    const moderator = await signIn(t.app, demoAccounts.moderator.email);
    const mine = (await call(admin, 'GET', '/v2/admin/commerce/sales')).json();
    expect((await call(superAdmin, 'GET', '/v2/admin/commerce/sales')).json()).toEqual(mine);
    expect((await call(moderator, 'GET', '/v2/admin/commerce/sales')).statusCode).toBe(403);
    expect((await call(cookieJar(), 'GET', '/v2/admin/commerce/sales')).statusCode).toBe(401);
  });
});
