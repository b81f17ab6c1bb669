import {
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderSummary,
  type OrderStateName,
  type PaymentMethodCode,
  type PurchasedLinkStatusName,
  renderMagentoMessage,
} from '@tv/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  type BillingAddress,
  commerceCreditNotes,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import { users } from '../../db/schema/identity';
import { organizations } from '../../db/schema/organizations';
import { HttpError } from '../../plugins/errors';
import type { MailService } from '../mail/service';
import { likePattern } from './admin-input';
import { CommerceError } from './errors';
import { toAmount } from './money';
import { cancelOrder, markOrderPaid } from './order-state';
import { refundOrder } from './refunds';

// The commerce admin's orders: the searchable list, one order with its items, history and downloads,
// and the state changes staff make (mark paid, cancel, refund) through the shared order state.

export const ORDER_CONFLICT = 'This order was changed by someone else. Reload it and try again.';
export const ORDER_PAGE_SIZE = 20;

export const orderStates = [
  'new',
  'pending_payment',
  'processing',
  'complete',
  'closed',
  'canceled',
] as const;

/** The orders screen's search (number, email, name, organization, company) and state filter. */
export function orderFilter(query: { q?: string | undefined; status?: OrderStateName | undefined }) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(commerceOrders.state, query.status));
  const q = query.q?.trim().replace(/^#/, '');
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(commerceOrders.incrementId, pattern),
        ilike(commerceOrders.customerEmail, pattern),
        ilike(sql`${commerceOrders.customerFirstname} || ' ' || ${commerceOrders.customerLastname}`, pattern),
        ilike(organizations.name, pattern),
        ilike(sql`${commerceOrders.billingAddress}->>'company'`, pattern),
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const personName = (first: string | null, last: string | null, email: string | null) =>
  [first, last].filter(Boolean).join(' ').trim() || email || null;

export function createAdminOrders(deps: { db: Db; mail: MailService; config: Config }) {
  const { db } = deps;

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
    const where = orderFilter(query);
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
    const [items, history, links, notes] = await Promise.all([
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
      db
        .select()
        .from(commerceCreditNotes)
        .where(eq(commerceCreditNotes.orderId, id))
        .orderBy(asc(commerceCreditNotes.id)),
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
        id: item.id,
        sku: item.sku,
        name: item.name,
        price: toAmount(item.priceCents),
        qty: item.qty,
        refunded: item.refundedAt !== null,
      })),
      creditNotes: notes.map((note) => ({
        number: note.number,
        amount: toAmount(note.amountCents),
        reason: note.reason,
        createdAt: note.createdAt.toISOString(),
        pdfUrl: `/v2/admin/commerce/orders/${id}/credit-notes/${note.number}.pdf`,
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

  async function refund(
    id: number,
    version: number,
    reason: string,
    userId: string,
    itemIds: number[] | null = null,
  ) {
    await precheck(id, version, 'refund');
    await runStateChange(() => refundOrder(stateDeps(), id, { userId }, version, reason, itemIds));
    return getOrder(id);
  }

  return { listOrders, getOrder, markPaid, cancel, refund };
}
