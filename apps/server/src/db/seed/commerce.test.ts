import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReportAttributes, researchThemes } from '@tv/contract';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from '../../modules/content/storage';
import { createTestApp, type TestApp } from '../../test/app';
import {
  commerceCarts,
  commerceCategories,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commerceProducts,
  commercePurchasedLinks,
} from '../schema/commerce';
import { contentEntries, contentMedia } from '../schema/content';
import { users } from '../schema/identity';
import { PAST_ORDER_PO_NUMBER, PAST_ORDER_SKU, seedCommerce, themeCategoryId } from './commerce';
import { demoReports } from './content/reports';
import { demoAccounts, demoOrganizations } from './demo-accounts';
import { seedDemoData } from './index';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tv-commerce-seed-'));
  // createTestApp seeds, as every start does.
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.app.database.db;
const storage = () => createMediaStorage(t.config);

/** Every stored file under DATA_DIR/files with its size and modification time. */
function storedFiles(): Record<string, string> {
  const root = join(dataDir, 'files');
  const files: Record<string, string> = {};
  for (const folder of readdirSync(root)) {
    for (const name of readdirSync(join(root, folder))) {
      const stat = statSync(join(root, folder, name));
      files[`${folder}/${name}`] = `${stat.size}:${stat.mtimeMs}`;
    }
  }
  return files;
}

async function rowCounts() {
  const tables = {
    categories: commerceCategories,
    products: commerceProducts,
    carts: commerceCarts,
    orders: commerceOrders,
    orderItems: commerceOrderItems,
    history: commerceOrderHistory,
    links: commercePurchasedLinks,
    media: contentMedia,
    entries: contentEntries,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db().select({ n: count() }).from(table);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

describe('storefront seed', () => {
  it('builds the category tree: root, TeenVoice Research, Reports and one category per theme', async () => {
    const categories = await db().select().from(commerceCategories).orderBy(commerceCategories.id);
    expect(categories.slice(0, 3).map(({ id, parentId, name }) => ({ id, parentId, name }))).toEqual([
      { id: 1, parentId: 0, name: 'Root Catalog' },
      { id: 2, parentId: 1, name: 'TeenVoice Research' },
      { id: 3, parentId: 2, name: 'Reports' },
    ]);
    const themes = categories.filter((category) => category.parentId === 3);
    expect(themes.map((category) => category.id)).toEqual(researchThemes.map((_, index) => 10 + index));
    expect(themes.find((category) => category.urlKey === 'digital-life')?.name).toBe('Digital Life');
    expect(themes.every((category) => category.isActive)).toBe(true);
  });

  it('sells every seeded report with a SKU, with its PDF and sample in private storage', async () => {
    const products = await db().select().from(commerceProducts);
    const entries = await db().select().from(contentEntries).where(eq(contentEntries.type, 'report'));
    const withSku = demoReports.filter((seed) => seed.attributes.sku);
    expect(withSku.length).toBe(demoReports.length);
    for (const seed of withSku) {
      const report = seed.attributes;
      const entry = entries.find((row) => row.slug === report.slug);
      const product = products.find((row) => row.sku === report.sku);
      expect(product, report.sku).toBeDefined();
      expect(product).toMatchObject({
        name: report.title,
        urlKey: report.slug,
        type: 'downloadable',
        priceCents: Math.round((entry!.attributes as ReportAttributes).listPrice * 100),
        categoryId: themeCategoryId(report.theme),
        contentEntryId: entry?.id,
        onSale: true,
        numberOfDownloads: 10,
        fileName: `${report.slug}.pdf`,
        sampleFileName: `${report.slug}-sample.pdf`,
      });

      const bytes = await storage().get(product!.fileKey!);
      expect(bytes?.subarray(0, 5).toString()).toBe('%PDF-');
      expect(product!.fileSize).toBe(bytes!.length);
      // Content-addressed: the key starts with the bytes' own hash.
      const hash = createHash('sha256').update(bytes!).digest('hex').slice(0, 16);
      expect(product!.fileKey).toBe(`${hash}/${report.slug}.pdf`);
      const pdf = await PDFDocument.load(bytes!);
      expect(pdf.getTitle()).toBe(report.title);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(6);

      const sample = await storage().get(product!.sampleFileKey!);
      const samplePdf = await PDFDocument.load(sample!);
      expect(samplePdf.getTitle()).toBe(`${report.title} (free sample)`);
      expect(samplePdf.getPageCount()).toBeLessThan(pdf.getPageCount());
    }
  });

  it('never registers the report files as public media', async () => {
    const products = await db().select().from(commerceProducts);
    const keys = products.flatMap((product) => [product.fileKey!, product.sampleFileKey!]);
    const media = await db().select({ key: contentMedia.storageKey }).from(contentMedia);
    expect(media.filter((row) => keys.includes(row.key))).toEqual([]);
    for (const key of keys.slice(0, 2)) {
      const response = await t.app.inject({ method: 'GET', url: `/cms/uploads/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toBe('application/pdf');
    }
  });

  it('makes exactly one report free', async () => {
    const free = await db().select().from(commerceProducts).where(eq(commerceProducts.priceCents, 0));
    expect(free.map((product) => product.urlKey)).toEqual(['group-chat-generation-how-teens-talk-online']);
  });

  it('gives the Northside admin a paid invoice order with one download used', async () => {
    const [buyer] = await db().select().from(users).where(eq(users.email, demoAccounts.northsideAdmin.email));
    const orders = await db().select().from(commerceOrders).where(eq(commerceOrders.userId, buyer!.id));
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    const [product] = await db()
      .select()
      .from(commerceProducts)
      .where(eq(commerceProducts.sku, PAST_ORDER_SKU));
    expect(order).toMatchObject({
      organizationId: demoOrganizations.northside.id,
      state: 'complete',
      status: 'complete',
      customerEmail: demoAccounts.northsideAdmin.email,
      customerFirstname: 'Priya',
      customerLastname: 'Shah',
      paymentMethod: 'purchaseorder',
      paymentReference: PAST_ORDER_PO_NUMBER,
      subtotalCents: product!.priceCents,
      taxCents: 0,
      grandTotalCents: product!.priceCents,
      amountPaidCents: product!.priceCents,
      amountRefundedCents: 0,
    });
    expect(order.incrementId).toMatch(/^\d{9}$/);
    expect(order.createdAt.toISOString().slice(0, 10)).toBe('2026-09-14');
    expect(order.paidAt?.toISOString().slice(0, 10)).toBe('2026-09-20');
    expect(order.billingAddress).toMatchObject({
      company: 'Northside Youth Trust',
      region_code: 'IL',
      country_id: 'US',
    });
    expect(order.billingAddress.postcode).toMatch(/^\d{5}$/);

    const [cart] = await db().select().from(commerceCarts).where(eq(commerceCarts.id, order.cartId));
    expect(cart).toMatchObject({ userId: buyer!.id, isActive: false });

    const items = await db()
      .select()
      .from(commerceOrderItems)
      .where(eq(commerceOrderItems.orderId, order.id));
    expect(items).toMatchObject([
      { productId: product!.id, sku: PAST_ORDER_SKU, priceCents: product!.priceCents, qty: 1 },
    ]);

    const history = await db()
      .select()
      .from(commerceOrderHistory)
      .where(eq(commerceOrderHistory.orderId, order.id))
      .orderBy(commerceOrderHistory.createdAt);
    expect(history.map((row) => row.status)).toEqual(['pending_payment', 'complete']);
    expect(history[1]?.comment).toBe('Payment received by bank transfer');

    const links = await db()
      .select()
      .from(commercePurchasedLinks)
      .where(eq(commercePurchasedLinks.orderId, order.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      orderItemId: items[0]!.id,
      productId: product!.id,
      linkTitle: product!.name,
      status: 'available',
      numberOfDownloadsBought: 10,
      numberOfDownloadsUsed: 1,
    });
    expect(links[0]!.linkHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes no row and rewrites no file when it runs again', async () => {
    const before = await rowCounts();
    const products = await db().select().from(commerceProducts).orderBy(commerceProducts.id);
    const files = storedFiles();
    const started = performance.now();
    await seedDemoData(db(), t.config);
    const elapsed = performance.now() - started;
    expect(await rowCounts()).toEqual(before);
    expect(await db().select().from(commerceProducts).orderBy(commerceProducts.id)).toEqual(products);
    expect(storedFiles()).toEqual(files);
    // Generous for a busy CI machine: a seeded start draws no PDF.
    expect(elapsed).toBeLessThan(2000);
  });

  it('draws a lost file again under the same key, and leaves the rest alone', async () => {
    const [product] = await db()
      .select()
      .from(commerceProducts)
      .where(eq(commerceProducts.sku, PAST_ORDER_SKU));
    const original = await storage().get(product!.fileKey!);
    await storage().delete(product!.fileKey!);
    const others = Object.entries(storedFiles()).filter(([key]) => key !== product!.fileKey);
    await seedCommerce(db(), t.config, storage());
    expect((await storage().get(product!.fileKey!))?.equals(original!)).toBe(true);
    const [after] = await db().select().from(commerceProducts).where(eq(commerceProducts.id, product!.id));
    expect(after).toEqual(product);
    const now = storedFiles();
    for (const [key, stamp] of others) expect(now[key]).toBe(stamp);
  });
});
