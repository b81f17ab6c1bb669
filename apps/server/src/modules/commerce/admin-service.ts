import { createHash } from 'node:crypto';
import {
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderSummary,
  type AdminProduct,
  type AdminProductInput,
  type AdminProductUpdate,
  type OrderStateName,
  type PaymentMethodCode,
  type PurchasedLinkStatusName,
  renderMagentoMessage,
  type SalesOverview,
} from '@tv/contract';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  type BillingAddress,
  commerceCategories,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commerceProducts,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import { contentEntries } from '../../db/schema/content';
import { users } from '../../db/schema/identity';
import { organizations } from '../../db/schema/organizations';
import { HttpError } from '../../plugins/errors';
import { type MediaStorage, safeMediaName } from '../content/service';
import type { MailService } from '../mail/service';
import { CommerceError } from './errors';
import { toAmount, toCents } from './money';
import { cancelOrder, markOrderPaid, refundOrder } from './order-state';

/** A report PDF (the product file or its sample) can be at most 50 MB. */
export const MAX_PRODUCT_FILE_BYTES = 50 * 1024 * 1024;
export const PRODUCT_FILE_TOO_LARGE = 'A report PDF can be at most 50 MB.';
export const NOT_A_PDF = 'Only PDF files can be uploaded here. Export the report as a PDF and try again.';
export const PRODUCT_CONFLICT = 'This product was changed by someone else. Reload it and try again.';
export const ORDER_CONFLICT = 'This order was changed by someone else. Reload it and try again.';
export const FILE_BEFORE_SALE = 'Upload the report file before putting it on sale.';
export const ORDER_PAGE_SIZE = 20;

export const orderStates = [
  'new',
  'pending_payment',
  'processing',
  'complete',
  'closed',
  'canceled',
] as const;
export type ProductFileKind = 'file' | 'sample';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first text in a request that no form could have produced, described in plain words. */
export function brokenTextProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'Text must not contain NUL characters. Remove them and try again.';
    if (loneSurrogate.test(value))
      return 'Text contains characters that could not be read. Retype it and try again.';
    return null;
  }
  if (depth > 4 || value === null || typeof value !== 'object') return null;
  for (const item of Object.values(value)) {
    const problem = brokenTextProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** `%PDF-` at the very start: the bytes decide, never the name or the browser's claim. */
export const isPdf = (bytes: Buffer) =>
  bytes.length >= 5 && bytes.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'));

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const violatedConstraint = (error: unknown) => {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.cause?.constraint ?? e?.constraint ?? '';
};

/** Ids are 32-bit integer columns: a larger number names nothing (and must not reach the database). */
const isDbId = (value: number) => Number.isSafeInteger(value) && value >= 1 && value <= 2_147_483_647;

/** Wildcards typed into a search box are searched for, not interpreted. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const personName = (first: string | null, last: string | null, email: string | null) =>
  [first, last].filter(Boolean).join(' ').trim() || email || null;

export interface CommerceAdminDeps {
  db: Db;
  storage: MediaStorage;
  mail: MailService;
  config: Config;
}

type ProductRow = typeof commerceProducts.$inferSelect;

export function createCommerceAdminService(deps: CommerceAdminDeps) {
  const { db } = deps;

  // ── Products ──────────────────────────────────────────────────────────────────────────────────

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

  // ── Orders ────────────────────────────────────────────────────────────────────────────────────

  const orderSummaryColumns = {
    order: commerceOrders,
    organizationName: organizations.name,
    itemsCount: sql<number>`(
      select coalesce(sum(${commerceOrderItems.qty}), 0)::int from ${commerceOrderItems}
      where ${commerceOrderItems.orderId} = ${commerceOrders.id}
    )`,
  };

  type OrderRow = typeof commerceOrders.$inferSelect;

  const toSummary = (order: OrderRow, organizationName: string | null, itemsCount: number) =>
    ({
      id: order.id,
      incrementId: order.incrementId,
      createdAt: order.createdAt.toISOString(),
      state: order.state as OrderStateName,
      status: order.status,
      customerName: personName(order.customerFirstname, order.customerLastname, order.customerEmail) ?? '',
      customerEmail: order.customerEmail,
      organizationName: organizationName ?? null,
      paymentMethod: order.paymentMethod as PaymentMethodCode,
      grandTotal: toAmount(order.grandTotalCents),
      itemsCount: Number(itemsCount),
    }) satisfies AdminOrderSummary;

  async function listOrders(query: {
    q?: string | undefined;
    status?: OrderStateName | undefined;
    page: number;
    pageSize: number;
  }): Promise<AdminOrderList> {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(commerceOrders.state, query.status));
    const q = query.q?.trim().replace(/^#/, '');
    if (q) {
      const pattern = likePattern(q);
      conditions.push(
        or(
          ilike(commerceOrders.incrementId, pattern),
          ilike(commerceOrders.customerEmail, pattern),
          ilike(
            sql`${commerceOrders.customerFirstname} || ' ' || ${commerceOrders.customerLastname}`,
            pattern,
          ),
          ilike(organizations.name, pattern),
          ilike(sql`${commerceOrders.billingAddress}->>'company'`, pattern),
        )!,
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      db
        .select(orderSummaryColumns)
        .from(commerceOrders)
        .leftJoin(organizations, eq(organizations.id, commerceOrders.organizationId))
        .where(where)
        .orderBy(desc(commerceOrders.createdAt), desc(commerceOrders.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db
        .select({ total: count() })
        .from(commerceOrders)
        .leftJoin(organizations, eq(organizations.id, commerceOrders.organizationId))
        .where(where),
    ]);
    return {
      items: rows.map((row) => toSummary(row.order, row.organizationName, row.itemsCount)),
      total: Number(totals[0]?.total ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  const orderNotFound = () => new HttpError(404, 'This order does not exist.', 'ORDER_NOT_FOUND');

  async function getOrder(id: number): Promise<AdminOrderDetail> {
    const [row] = await db
      .select(orderSummaryColumns)
      .from(commerceOrders)
      .leftJoin(organizations, eq(organizations.id, commerceOrders.organizationId))
      .where(eq(commerceOrders.id, id));
    if (!row) throw orderNotFound();
    const { order } = row;
    const [items, history, links] = await Promise.all([
      db
        .select()
        .from(commerceOrderItems)
        .where(eq(commerceOrderItems.orderId, id))
        .orderBy(asc(commerceOrderItems.id)),
      db
        .select({
          status: commerceOrderHistory.status,
          comment: commerceOrderHistory.comment,
          createdAt: commerceOrderHistory.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          actorId: commerceOrderHistory.actorId,
        })
        .from(commerceOrderHistory)
        .leftJoin(users, eq(users.id, commerceOrderHistory.actorId))
        .where(eq(commerceOrderHistory.orderId, id))
        .orderBy(asc(commerceOrderHistory.createdAt), asc(commerceOrderHistory.id)),
      // Never the link hash: staff see what was bought and how much of it was used, not the secret.
      db
        .select({
          linkTitle: commercePurchasedLinks.linkTitle,
          status: commercePurchasedLinks.status,
          used: commercePurchasedLinks.numberOfDownloadsUsed,
          bought: commercePurchasedLinks.numberOfDownloadsBought,
        })
        .from(commercePurchasedLinks)
        .where(eq(commercePurchasedLinks.orderId, id))
        .orderBy(asc(commercePurchasedLinks.id)),
    ]);
    const billing = order.billingAddress as BillingAddress;
    return {
      ...toSummary(order, row.organizationName, row.itemsCount),
      subtotal: toAmount(order.subtotalCents),
      taxAmount: toAmount(order.taxCents),
      amountPaid: toAmount(order.amountPaidCents),
      amountRefunded: toAmount(order.amountRefundedCents),
      refundReason: order.refundReason,
      paymentReference: order.paymentReference,
      billingAddress: {
        company: billing.company ?? '',
        firstname: billing.firstname ?? '',
        lastname: billing.lastname ?? '',
        email: billing.email ?? '',
        street: Array.isArray(billing.street) ? billing.street : [],
        city: billing.city ?? '',
        region_code: billing.region_code ?? '',
        region: billing.region ?? '',
        postcode: billing.postcode ?? '',
        country_id: 'US',
        ...(billing.telephone ? { telephone: billing.telephone } : {}),
      },
      items: items.map((item) => ({
        sku: item.sku,
        name: item.name,
        price: toAmount(item.priceCents),
        qty: item.qty,
      })),
      history: history.map((entry) => ({
        status: entry.status,
        comment: entry.comment,
        createdAt: entry.createdAt.toISOString(),
        actorName: entry.actorId ? personName(entry.firstName, entry.lastName, entry.email) : null,
      })),
      downloads: links.map((link) => ({
        linkTitle: link.linkTitle,
        status: link.status as PurchasedLinkStatusName,
        used: link.used,
        bought: link.bought,
      })),
      version: order.version,
    };
  }

  type OrderAction = 'mark-paid' | 'cancel' | 'refund';

  /**
   * An order staff cannot see is a 404 before anything runs; the version and whether the action fits
   * the order's state are checked by the shared state change, inside its transaction, with its words.
   */
  async function precheck(id: number, _version: number, _action: OrderAction) {
    const [order] = await db
      .select({ id: commerceOrders.id })
      .from(commerceOrders)
      .where(eq(commerceOrders.id, id));
    if (!order) throw orderNotFound();
  }

  /** The shared state change may speak Magento (its templates); staff get the filled-in words. */
  async function runStateChange(work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      if (error instanceof CommerceError)
        throw new HttpError(
          error.statusCode,
          renderMagentoMessage({ message: error.template, parameters: error.parameters }),
        );
      throw error;
    }
  }

  const stateDeps = () => ({ db: deps.db, mail: deps.mail, config: deps.config });

  async function markPaid(id: number, version: number, userId: string) {
    await precheck(id, version, 'mark-paid');
    await runStateChange(() => markOrderPaid(stateDeps(), id, { userId }, version));
    return getOrder(id);
  }

  async function cancel(id: number, version: number, userId: string) {
    await precheck(id, version, 'cancel');
    await runStateChange(() => cancelOrder(stateDeps(), id, { userId }, version));
    return getOrder(id);
  }

  async function refund(id: number, version: number, reason: string, userId: string) {
    await precheck(id, version, 'refund');
    await runStateChange(() => refundOrder(stateDeps(), id, { userId }, version, reason));
    return getOrder(id);
  }

  // ── Sales ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * Revenue is what was paid minus what was refunded, counted in the month of payment (UTC). An
   * order's net revenue is shared among its reports by their share of the subtotal.
   */
  async function sales(now = new Date()): Promise<SalesOverview> {
    const paid = sql`${commerceOrders.paidAt} is not null or ${commerceOrders.state} in ('processing', 'complete', 'closed')`;
    const net = sql`(${commerceOrders.amountPaidCents} - ${commerceOrders.amountRefundedCents})`;
    const paidMonth = sql`date_trunc('month', coalesce(${commerceOrders.paidAt}, ${commerceOrders.createdAt}) at time zone 'UTC')`;
    const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;

    const [totalsRows, monthRows, productRows] = await Promise.all([
      queryRows<{
        revenue: string | number;
        orders: string | number;
        paid_orders: string | number;
        pending: string | number;
        refunded: string | number;
      }>(
        db,
        sql`select
          coalesce(sum(case when ${paid} then ${net} else 0 end), 0)::float8 as revenue,
          count(*)::int as orders,
          count(*) filter (where ${paid})::int as paid_orders,
          coalesce(sum(${commerceOrders.grandTotalCents}) filter (where ${commerceOrders.state} = 'pending_payment'), 0)::float8 as pending,
          coalesce(sum(${commerceOrders.amountRefundedCents}), 0)::float8 as refunded
        from ${commerceOrders}`,
      ),
      queryRows<{ month: string; revenue: string | number; orders: string | number }>(
        db,
        sql`with months as (
          select generate_series(
            ${thisMonth}::date - interval '11 months', ${thisMonth}::date, interval '1 month'
          ) as month
        ), paid as (
          select ${paidMonth} as month, ${net} as net
          from ${commerceOrders}
          where ${paid}
        )
        select to_char(months.month, 'YYYY-MM') as month,
          coalesce(sum(paid.net), 0)::float8 as revenue,
          count(paid.net)::int as orders
        from months left join paid on paid.month = months.month
        group by months.month
        order by months.month`,
      ),
      queryRows<{ sku: string; name: string; revenue: string | number; orders: string | number }>(
        db,
        sql`with sold as (
          select ${commerceOrderItems.sku} as sku,
            ${commerceOrderItems.name} as item_name,
            ${commerceOrderItems.orderId} as order_id,
            case when ${commerceOrders.subtotalCents} > 0
              then ${net}::numeric * (${commerceOrderItems.priceCents} * ${commerceOrderItems.qty}) / ${commerceOrders.subtotalCents}
              else 0 end as revenue
          from ${commerceOrderItems}
          join ${commerceOrders} on ${commerceOrders.id} = ${commerceOrderItems.orderId}
          where ${paid}
        ), by_sku as (
          select sku, max(item_name) as item_name, sum(revenue) as revenue, count(distinct order_id) as orders
          from sold group by sku
        )
        select coalesce(p.sku, s.sku) as sku,
          coalesce(p.name, s.item_name) as name,
          round(coalesce(s.revenue, 0))::float8 as revenue,
          coalesce(s.orders, 0)::int as orders
        from by_sku s full join ${commerceProducts} p on p.sku = s.sku
        order by revenue desc, name asc`,
      ),
    ]);
    const totals = totalsRows[0];
    return {
      currency: 'USD',
      totals: {
        revenue: toAmount(Number(totals?.revenue ?? 0)),
        orders: Number(totals?.orders ?? 0),
        paidOrders: Number(totals?.paid_orders ?? 0),
        pendingRevenue: toAmount(Number(totals?.pending ?? 0)),
        refunded: toAmount(Number(totals?.refunded ?? 0)),
      },
      byMonth: monthRows.map((row) => ({
        month: row.month,
        revenue: toAmount(Number(row.revenue)),
        orders: Number(row.orders),
      })),
      byProduct: productRows.map((row) => ({
        sku: row.sku,
        name: row.name,
        revenue: toAmount(Number(row.revenue)),
        orders: Number(row.orders),
      })),
    };
  }

  return {
    listProducts,
    getProduct,
    listCategories,
    createProduct,
    updateProduct,
    assertProductExists,
    storeProductFile,
    listOrders,
    getOrder,
    markPaid,
    cancel,
    refund,
    sales,
  };
}

export type CommerceAdminService = ReturnType<typeof createCommerceAdminService>;
