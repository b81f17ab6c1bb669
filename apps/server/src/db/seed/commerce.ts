import { createHash, randomBytes } from 'node:crypto';
import {
  type ReportAttributes,
  type ResearchTheme,
  reportAttributesSchema,
  researchThemes,
} from '@tv/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { MediaStorage } from '../../modules/content/storage';
import { findUserByEmail } from '../../modules/identity/service';
import type { Db } from '../client';
import {
  type BillingAddress,
  commerceCarts,
  commerceCategories,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commerceProducts,
  commercePurchasedLinks,
} from '../schema/commerce';
import { contentEntries } from '../schema/content';
import { demoReports } from './content/reports';
import { demoAccounts, demoOrganizations } from './demo-accounts';
import { type ReportPdfOptions, renderReportPdf, renderReportSamplePdf } from './report-pdf/index';

/** Magento's fixed categories: the root catalog, the default category (all articles) and the reports. */
export const ROOT_CATEGORY_ID = 1;
export const RESEARCH_CATEGORY_ID = 2;
export const REPORTS_CATEGORY_ID = 3;

const themeCategoryNames: Record<ResearchTheme, string> = {
  'digital-life': 'Digital Life',
  'health-and-wellbeing': 'Health and Wellbeing',
  'money-and-work': 'Money and Work',
  learning: 'Learning',
  'brands-and-media': 'Brands and Media',
  'civic-life': 'Civic Life',
};

/** One category per research theme under Reports, numbered from 10 in the contract's theme order. */
export const themeCategoryId = (theme: ResearchTheme): number => 10 + researchThemes.indexOf(theme);

/** Downloads per purchase of every seeded product. */
const DOWNLOADS_PER_PURCHASE = 10;

/** `<first 16 hex of sha256>/<name>`: the same bytes always get the same key. */
export const privateFileKey = (bytes: Buffer, name: string) =>
  `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}/${name}`;

/**
 * The storefront's demo data: the category tree, one product per seeded report (with its full PDF and
 * a free sample drawn from the report's content and kept in private storage, never registered as
 * public media), and one paid order for the Northside Youth Trust so its purchase history has something
 * in it. It runs at every start: the first queries tell what is there, and only what is missing is
 * drawn and inserted, so a second start writes nothing.
 */
export async function seedCommerce(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  storage: MediaStorage,
): Promise<void> {
  await seedCategories(db);
  await seedProducts(db, config, storage);
  await seedPastOrder(db);
}

async function seedCategories(db: Db): Promise<void> {
  await db
    .insert(commerceCategories)
    .values([
      { id: ROOT_CATEGORY_ID, parentId: 0, name: 'Root Catalog', urlKey: 'root-catalog', position: 0 },
      {
        id: RESEARCH_CATEGORY_ID,
        parentId: ROOT_CATEGORY_ID,
        name: 'TeenVoice Research',
        urlKey: 'teenvoice-research',
        position: 1,
      },
      {
        id: REPORTS_CATEGORY_ID,
        parentId: RESEARCH_CATEGORY_ID,
        name: 'Reports',
        urlKey: 'reports',
        position: 1,
      },
      ...researchThemes.map((theme, index) => ({
        id: themeCategoryId(theme),
        parentId: REPORTS_CATEGORY_ID,
        name: themeCategoryNames[theme],
        urlKey: theme,
        position: index + 1,
      })),
    ])
    .onConflictDoNothing();
}

interface StoredFile {
  key: string;
  name: string;
  size: number;
}

async function storeFile(storage: MediaStorage, bytes: Buffer, name: string): Promise<StoredFile> {
  const key = privateFileKey(bytes, name);
  await storage.put(key, bytes, 'application/pdf');
  return { key, name, size: bytes.length };
}

/** Whether a stored key is there; a storage that cannot be read counts as having it (nothing is redrawn). */
async function isStored(storage: MediaStorage, key: string | null): Promise<boolean> {
  if (!key) return false;
  try {
    return (await storage.get(key)) !== null;
  } catch {
    return true;
  }
}

/**
 * PDFs already drawn in this process, by what they were drawn from: the same input gives the same bytes,
 * so a process that seeds several databases (the tests do) draws each report once.
 */
const drawnPdfs = new Map<string, Promise<Buffer>>();

function drawn(
  kind: 'full' | 'sample',
  report: ReportAttributes,
  options: ReportPdfOptions,
  render: (report: ReportAttributes, options: ReportPdfOptions) => Promise<Buffer>,
): Promise<Buffer> {
  const key = JSON.stringify([kind, report, options]);
  let pdf = drawnPdfs.get(key);
  if (!pdf) {
    pdf = render(report, options);
    drawnPdfs.set(key, pdf);
    pdf.catch(() => drawnPdfs.delete(key));
  }
  return pdf;
}

async function seedProducts(db: Db, config: Pick<Config, 'publicUrl'>, storage: MediaStorage): Promise<void> {
  const slugs = demoReports.map((seed) => seed.attributes.slug);
  const entries = await db
    .select({
      id: contentEntries.id,
      slug: contentEntries.slug,
      attributes: contentEntries.attributes,
      publishedAt: contentEntries.publishedAt,
      createdAt: contentEntries.createdAt,
    })
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.type, 'report'),
        eq(contentEntries.locale, 'en'),
        inArray(contentEntries.slug, slugs),
      ),
    );
  // Seed file order, so product ids follow it on a fresh database.
  entries.sort((a, b) => slugs.indexOf(a.slug ?? '') - slugs.indexOf(b.slug ?? ''));

  const reports = entries.flatMap((entry) => {
    const parsed = reportAttributesSchema.safeParse(entry.attributes);
    if (!parsed.success || !parsed.data.sku.trim()) return [];
    return [{ entry, report: parsed.data, publishedAt: entry.publishedAt ?? entry.createdAt }];
  });
  if (reports.length === 0) return;

  const existing = await db
    .select({
      id: commerceProducts.id,
      sku: commerceProducts.sku,
      fileKey: commerceProducts.fileKey,
      sampleFileKey: commerceProducts.sampleFileKey,
    })
    .from(commerceProducts)
    .where(
      inArray(
        commerceProducts.sku,
        reports.map(({ report }) => report.sku),
      ),
    );
  const bySku = new Map(existing.map((row) => [row.sku, row]));
  // Files of existing products are looked up all at once: on a seeded site this is all the work there is.
  const presence = await Promise.all(
    reports.map(async ({ report }) => {
      const row = bySku.get(report.sku);
      if (!row) return { file: false, sample: false };
      const [file, sample] = await Promise.all([
        isStored(storage, row.fileKey),
        isStored(storage, row.sampleFileKey),
      ]);
      return { file, sample };
    }),
  );

  for (const [index, { entry, report, publishedAt }] of reports.entries()) {
    const row = bySku.get(report.sku);
    const present = presence[index] ?? { file: true, sample: true };
    if (row && present.file && present.sample) continue;

    const productUrl = new URL(`/research/reports/${report.slug}`, `${config.publicUrl}/`).toString();
    const file = present.file
      ? null
      : await storeFile(
          storage,
          await drawn('full', report, { publishedAt }, renderReportPdf),
          `${report.slug}.pdf`,
        );
    const sample = present.sample
      ? null
      : await storeFile(
          storage,
          await drawn(
            'sample',
            report,
            { publishedAt, productUrl, free: report.listPrice === 0 },
            renderReportSamplePdf,
          ),
          `${report.slug}-sample.pdf`,
        );

    if (!row) {
      await db
        .insert(commerceProducts)
        .values({
          sku: report.sku,
          name: report.title,
          urlKey: report.slug,
          type: 'downloadable',
          priceCents: Math.round(report.listPrice * 100),
          categoryId: themeCategoryId(report.theme),
          contentEntryId: entry.id,
          onSale: true,
          fileKey: file?.key,
          fileName: file?.name,
          fileSize: file?.size,
          sampleFileKey: sample?.key,
          sampleFileName: sample?.name,
          numberOfDownloads: DOWNLOADS_PER_PURCHASE,
        })
        .onConflictDoNothing();
      continue;
    }
    // An existing product whose file is gone: a seeded file is drawn again as the same bytes (so under
    // the same key); a product without a file gets one; a lost upload by staff is not replaced.
    if (file && row.fileKey === null) {
      await db
        .update(commerceProducts)
        .set({ fileKey: file.key, fileName: file.name, fileSize: file.size })
        .where(eq(commerceProducts.id, row.id));
    } else if (file && row.fileKey !== file.key) {
      await storage.delete(file.key);
    }
    if (sample && row.sampleFileKey === null) {
      await db
        .update(commerceProducts)
        .set({ sampleFileKey: sample.key, sampleFileName: sample.name })
        .where(eq(commerceProducts.id, row.id));
    } else if (sample && row.sampleFileKey !== sample.key) {
      await storage.delete(sample.key);
    }
  }
}

// ── The past order ─────────────────────────────────────────────────────────────────────────────

/** The demo order's cart is known by its owner and this creation time: a second start finds it. */
export const PAST_ORDER_CART_CREATED_AT = new Date('2026-09-14T14:58:00.000Z');
const PAST_ORDER_PLACED_AT = new Date('2026-09-14T15:02:00.000Z');
const PAST_ORDER_PAID_AT = new Date('2026-09-20T16:30:00.000Z');
export const PAST_ORDER_PO_NUMBER = 'NS-2026-118';
/** The Northside Youth Trust bought the mental health study. */
export const PAST_ORDER_SKU = 'TV-RPT-2026-HEALTH-01';

const northsideBillingAddress = (email: string, firstname: string, lastname: string): BillingAddress => ({
  company: demoOrganizations.northside.name,
  firstname,
  lastname,
  email,
  street: ['1450 West Randolph Street', 'Suite 300'],
  city: 'Chicago',
  region_code: 'IL',
  region: 'Illinois',
  postcode: '60607',
  country_id: 'US',
});

/**
 * A paid invoice order by the Northside admin for her organisation: placed 2026-09-14 with a purchase
 * order, paid by bank transfer 2026-09-20 (marked paid by a Platform Admin), one report downloaded once.
 */
async function seedPastOrder(db: Db): Promise<void> {
  const buyer = await findUserByEmail(db, demoAccounts.northsideAdmin.email);
  if (!buyer) return;
  const [marker] = await db
    .select({ id: commerceCarts.id })
    .from(commerceCarts)
    .where(and(eq(commerceCarts.userId, buyer.id), eq(commerceCarts.createdAt, PAST_ORDER_CART_CREATED_AT)))
    .limit(1);
  if (marker) return;
  const [product] = await db
    .select()
    .from(commerceProducts)
    .where(eq(commerceProducts.sku, PAST_ORDER_SKU))
    .limit(1);
  if (!product) return;
  const staff = await findUserByEmail(db, demoAccounts.platformAdmin.email);

  const firstname = buyer.firstName ?? demoAccounts.northsideAdmin.firstName;
  const lastname = buyer.lastName ?? demoAccounts.northsideAdmin.lastName;
  const email = buyer.email ?? demoAccounts.northsideAdmin.email;
  const total = product.priceCents;

  await db.transaction(async (tx) => {
    const [cart] = await tx
      .insert(commerceCarts)
      .values({
        userId: buyer.id,
        isActive: false,
        createdAt: PAST_ORDER_CART_CREATED_AT,
        updatedAt: PAST_ORDER_PLACED_AT,
      })
      .returning({ id: commerceCarts.id });
    if (!cart) return;
    // The increment id comes from the order number sequence (the column's default).
    const [order] = await tx
      .insert(commerceOrders)
      .values({
        cartId: cart.id,
        userId: buyer.id,
        organizationId: demoOrganizations.northside.id,
        state: 'complete',
        status: 'complete',
        customerEmail: email,
        customerFirstname: firstname,
        customerLastname: lastname,
        billingAddress: northsideBillingAddress(email, firstname, lastname),
        paymentMethod: 'purchaseorder',
        paymentReference: PAST_ORDER_PO_NUMBER,
        subtotalCents: total,
        taxCents: 0,
        taxRateBasisPoints: 0,
        grandTotalCents: total,
        amountPaidCents: total,
        currency: 'USD',
        paidAt: PAST_ORDER_PAID_AT,
        createdAt: PAST_ORDER_PLACED_AT,
        updatedAt: PAST_ORDER_PAID_AT,
        version: 2,
      })
      .onConflictDoNothing()
      .returning({ id: commerceOrders.id });
    if (!order) return;
    const [item] = await tx
      .insert(commerceOrderItems)
      .values({
        orderId: order.id,
        productId: product.id,
        sku: product.sku,
        name: product.name,
        productType: product.type,
        priceCents: product.priceCents,
        qty: 1,
      })
      .returning({ id: commerceOrderItems.id });
    if (!item) return;
    await tx.insert(commerceOrderHistory).values([
      {
        orderId: order.id,
        status: 'pending_payment',
        comment: `Order placed. Invoice requested with purchase order ${PAST_ORDER_PO_NUMBER}.`,
        actorId: null,
        createdAt: PAST_ORDER_PLACED_AT,
      },
      {
        orderId: order.id,
        status: 'complete',
        comment: 'Payment received by bank transfer',
        actorId: staff?.id ?? null,
        createdAt: PAST_ORDER_PAID_AT,
      },
    ]);
    await tx.insert(commercePurchasedLinks).values({
      orderId: order.id,
      orderItemId: item.id,
      productId: product.id,
      linkHash: randomBytes(32).toString('hex'),
      linkTitle: product.name,
      numberOfDownloadsBought: product.numberOfDownloads,
      numberOfDownloadsUsed: 1,
      status: 'available',
      createdAt: PAST_ORDER_PLACED_AT,
      updatedAt: PAST_ORDER_PAID_AT,
    });
  });
}
