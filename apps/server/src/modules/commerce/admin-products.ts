import { createHash } from 'node:crypto';
import type { AdminProduct, AdminProductInput, AdminProductUpdate } from '@tv/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commerceCategories, commerceOrderItems, commerceProducts } from '../../db/schema/commerce';
import { contentEntries } from '../../db/schema/content';
import { HttpError } from '../../plugins/errors';
import { type MediaStorage, safeMediaName } from '../content/service';
import { brokenTextProblem, isDbId, isPdf } from './admin-input';
import { toAmount, toCents } from './money';

// The commerce admin's products: the list and one product, the categories to file them under,
// creating and editing them with the checks the schema cannot make, and uploading their report PDFs.

/** A report PDF (the product file or its sample) can be at most 50 MB. */
export const MAX_PRODUCT_FILE_BYTES = 50 * 1024 * 1024;
export const PRODUCT_FILE_TOO_LARGE = 'A report PDF can be at most 50 MB.';
export const NOT_A_PDF = 'Only PDF files can be uploaded here. Export the report as a PDF and try again.';
export const PRODUCT_CONFLICT = 'This product was changed by someone else. Reload it and try again.';
export const FILE_BEFORE_SALE = 'Upload the report file before putting it on sale.';

export type ProductFileKind = 'file' | 'sample';

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const violatedConstraint = (error: unknown) => {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.cause?.constraint ?? e?.constraint ?? '';
};

type ProductRow = typeof commerceProducts.$inferSelect;

export function createAdminProducts(deps: { db: Db; storage: MediaStorage }) {
  const { db } = deps;

  const productColumns = {
    product: commerceProducts,
    categoryName: commerceCategories.name,
    contentTitle: sql<string | null>`${contentEntries.attributes}->>'title'`,
    ordersCount: sql<number>`(
      select count(distinct ${commerceOrderItems.orderId})::int from ${commerceOrderItems}
      where ${commerceOrderItems.productId} = ${commerceProducts.id}
    )`,
  };

  const productQuery = () =>
    db
      .select(productColumns)
      .from(commerceProducts)
      .leftJoin(commerceCategories, eq(commerceCategories.id, commerceProducts.categoryId))
      .leftJoin(contentEntries, eq(contentEntries.id, commerceProducts.contentEntryId));

  interface ProductListRow {
    product: ProductRow;
    categoryName: string | null;
    contentTitle: string | null;
    ordersCount: number;
  }

  const toAdminProduct = ({ product, categoryName, contentTitle, ordersCount }: ProductListRow) =>
    ({
      id: product.id,
      sku: product.sku,
      name: product.name,
      urlKey: product.urlKey,
      price: toAmount(product.priceCents),
      categoryId: product.categoryId,
      categoryName: categoryName ?? null,
      contentEntryId: product.contentEntryId,
      contentTitle: contentTitle ?? null,
      onSale: product.onSale,
      file: product.fileKey ? { name: product.fileName ?? 'report.pdf', size: product.fileSize ?? 0 } : null,
      sample: product.sampleFileKey ? { name: product.sampleFileName ?? 'sample.pdf' } : null,
      numberOfDownloads: product.numberOfDownloads,
      ordersCount: Number(ordersCount),
      version: product.version,
      updatedAt: product.updatedAt.toISOString(),
    }) satisfies AdminProduct;

  async function listProducts(): Promise<AdminProduct[]> {
    const rows = await productQuery().orderBy(asc(commerceProducts.name), asc(commerceProducts.id));
    return rows.map(toAdminProduct);
  }

  async function getProduct(id: number): Promise<AdminProduct> {
    const [row] = await productQuery().where(eq(commerceProducts.id, id));
    if (!row) throw new HttpError(404, 'This product does not exist. It may have been removed.');
    return toAdminProduct(row);
  }

  /** Every category a product can be filed under (all but the root catalog), with its path. */
  async function listCategories() {
    const rows = await db
      .select()
      .from(commerceCategories)
      .orderBy(asc(commerceCategories.position), asc(commerceCategories.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const pathOf = (row: (typeof rows)[number]) => {
      const names = [row.name];
      let parent = row.parentId ? byId.get(row.parentId) : undefined;
      // Root catalog (parent 0) is not shown; a loop in bad data stops after a few levels.
      for (let depth = 0; parent?.parentId && depth < 8; depth += 1) {
        names.unshift(parent.name);
        parent = parent.parentId ? byId.get(parent.parentId) : undefined;
      }
      return names.join(' › ');
    };
    return rows
      .filter((row) => row.parentId !== null && row.parentId !== 0)
      .map((row) => ({ id: row.id, name: row.name, path: pathOf(row), isActive: row.isActive }))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Checks what the schema cannot: the category and the report exist; answers the report's slug. */
  async function checkReferences(
    tx: Db,
    input: AdminProductInput,
    productId: number | null,
  ): Promise<{ reportSlug: string | null }> {
    const problem = brokenTextProblem(input);
    if (problem) throw new HttpError(400, problem, 'UNREADABLE_TEXT');
    const [skuTaken] = await tx
      .select({ id: commerceProducts.id })
      .from(commerceProducts)
      .where(
        and(
          eq(commerceProducts.sku, input.sku),
          productId === null ? undefined : ne(commerceProducts.id, productId),
        ),
      )
      .limit(1);
    if (skuTaken) throw skuConflict(input.sku);
    if (input.categoryId !== null) {
      const [category] = isDbId(input.categoryId)
        ? await tx
            .select({ id: commerceCategories.id, parentId: commerceCategories.parentId })
            .from(commerceCategories)
            .where(eq(commerceCategories.id, input.categoryId))
        : [];
      if (!category?.parentId) throw fieldError('categoryId', 'Choose a category from the list.');
    }
    let reportSlug: string | null = null;
    if (input.contentEntryId !== null) {
      const [entry] = isDbId(input.contentEntryId)
        ? await tx
            .select({ type: contentEntries.type, slug: contentEntries.slug })
            .from(contentEntries)
            .where(eq(contentEntries.id, input.contentEntryId))
        : [];
      if (!entry) throw fieldError('contentEntryId', 'The linked report does not exist. Choose another.');
      if (entry.type !== 'report')
        throw fieldError('contentEntryId', 'Only a report can be sold. Choose a report to link.');
      reportSlug = entry.slug;
      const [sold] = await tx
        .select({ sku: commerceProducts.sku })
        .from(commerceProducts)
        .where(
          and(
            eq(commerceProducts.contentEntryId, input.contentEntryId),
            productId === null ? undefined : ne(commerceProducts.id, productId),
          ),
        )
        .limit(1);
      if (sold)
        throw new HttpError(409, `The product ${sold.sku} already sells this report.`, 'REPORT_TAKEN', {
          fields: { contentEntryId: [`The product ${sold.sku} already sells this report.`] },
        });
    }
    return { reportSlug };
  }

  const skuConflict = (sku: string) =>
    new HttpError(409, `Another product already uses the SKU ${sku}.`, 'SKU_TAKEN', {
      fields: { sku: [`Another product already uses the SKU ${sku}.`] },
    });

  const fieldError = (field: string, message: string) =>
    new HttpError(400, message, 'VALIDATION_FAILED', { fields: { [field]: [message] } });

  /** The product page lives at /research/reports/{url_key}: the report's slug, or the SKU without one. */
  const urlKeyFor = (reportSlug: string | null, sku: string) => reportSlug ?? sku.toLowerCase();

  const translateWriteError = (error: unknown, sku: string): never => {
    if (isUniqueViolation(error)) {
      const constraint = violatedConstraint(error);
      if (constraint.includes('url_key'))
        throw new HttpError(
          409,
          'Another product already has this product page address. Link a different report or change the SKU.',
          'URL_KEY_TAKEN',
        );
      throw skuConflict(sku);
    }
    throw error;
  };

  async function createProduct(input: AdminProductInput): Promise<AdminProduct> {
    // A new product has no file yet, so it cannot go on sale until one is uploaded.
    if (input.onSale) throw fieldError('onSale', FILE_BEFORE_SALE);
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const { reportSlug } = await checkReferences(tx, input, null);
        const [row] = await tx
          .insert(commerceProducts)
          .values({
            sku: input.sku,
            name: input.name,
            urlKey: urlKeyFor(reportSlug, input.sku),
            priceCents: toCents(input.price),
            categoryId: input.categoryId,
            contentEntryId: input.contentEntryId,
            onSale: false,
            numberOfDownloads: input.numberOfDownloads,
          })
          .returning({ id: commerceProducts.id });
        return row!.id;
      });
    } catch (error) {
      return translateWriteError(error, input.sku);
    }
    return getProduct(id);
  }

  async function updateProduct(id: number, update: AdminProductUpdate): Promise<AdminProduct> {
    try {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(commerceProducts)
          .where(eq(commerceProducts.id, id))
          .for('update');
        if (!current) throw new HttpError(404, 'This product does not exist. It may have been removed.');
        if (current.version !== update.version)
          throw new HttpError(409, PRODUCT_CONFLICT, 'VERSION_CONFLICT');
        if (update.onSale && !current.fileKey) throw fieldError('onSale', FILE_BEFORE_SALE);
        const { reportSlug } = await checkReferences(tx, update, id);
        await tx
          .update(commerceProducts)
          .set({
            sku: update.sku,
            name: update.name,
            urlKey: urlKeyFor(reportSlug, update.sku),
            priceCents: toCents(update.price),
            categoryId: update.categoryId,
            contentEntryId: update.contentEntryId,
            onSale: update.onSale,
            numberOfDownloads: update.numberOfDownloads,
            version: current.version + 1,
            updatedAt: new Date(),
          })
          .where(eq(commerceProducts.id, id));
      });
    } catch (error) {
      return translateWriteError(error, update.sku);
    }
    return getProduct(id);
  }

  async function assertProductExists(id: number): Promise<ProductRow> {
    const [row] = await db.select().from(commerceProducts).where(eq(commerceProducts.id, id));
    if (!row) throw new HttpError(404, 'This product does not exist. It may have been removed.');
    return row;
  }

  /**
   * Stores a report PDF (or its sample) in private storage under `<16 hex of sha256>/<safe name>.pdf`.
   * It is NOT registered as content media, so /cms/uploads never serves it: only the signed download
   * route of a buyer reads it.
   */
  async function storeProductFile(
    id: number,
    kind: ProductFileKind,
    upload: { name: string; bytes: Buffer },
  ): Promise<AdminProduct> {
    if (upload.bytes.length > MAX_PRODUCT_FILE_BYTES) throw new HttpError(413, PRODUCT_FILE_TOO_LARGE);
    if (!isPdf(upload.bytes)) throw new HttpError(400, NOT_A_PDF, 'NOT_A_PDF');
    await assertProductExists(id);
    const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
    const name = safeMediaName(upload.name.replace(/[\p{Cc}\p{Cs}]/gu, ''), 'pdf');
    const key = `${sha256.slice(0, 16)}/${name}`;
    await deps.storage.put(key, upload.bytes, 'application/pdf');
    const values =
      kind === 'file'
        ? { fileKey: key, fileName: name, fileSize: upload.bytes.length }
        : { sampleFileKey: key, sampleFileName: name };
    const [row] = await db
      .update(commerceProducts)
      .set({ ...values, version: sql`${commerceProducts.version} + 1`, updatedAt: new Date() })
      .where(eq(commerceProducts.id, id))
      .returning({ id: commerceProducts.id });
    if (!row) throw new HttpError(404, 'This product does not exist. It may have been removed.');
    return getProduct(id);
  }

  return {
    listProducts,
    getProduct,
    listCategories,
    createProduct,
    updateProduct,
    assertProductExists,
    storeProductFile,
  };
}
