import {
  COMMERCE_STORE_ID,
  type OrderSearchResult,
  type OrderShape,
  type OrderStateName,
  type PaymentMethodCode,
} from '@tv/contract';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commerceOrderHistory, commerceOrderItems, commerceOrders } from '../../db/schema/commerce';
import { organizations } from '../../db/schema/organizations';
import type { Viewer } from '../identity/service';
import { parseId, shown } from './carts';
import { customerIdOf } from './customers';
import { noSuchEntity } from './errors';
import { magentoDate } from './magento-format';
import { toAmount } from './money';
import { paymentTitle } from './payments';
import {
  type CriteriaFilter,
  type CriteriaOptions,
  echoCriteria,
  invalidConditionType,
  listValues,
  type MagentoSearchCriteria,
  matchesEverything,
  pageOf,
  parseMagentoQuery,
  parseSearchCriteria,
} from './search-criteria';

export type OrderRow = typeof commerceOrders.$inferSelect;
export type OrderItemRow = typeof commerceOrderItems.$inferSelect;
export type OrderHistoryRow = typeof commerceOrderHistory.$inferSelect;

/** Orders the caller placed, and orders placed for an organisation the caller belongs to. */
export function visibleTo(viewer: Viewer): SQL {
  const organizationIds = viewer.memberships.map((m) => m.organizationId);
  const mine = eq(commerceOrders.userId, viewer.user.id);
  return organizationIds.length > 0
    ? (or(mine, inArray(commerceOrders.organizationId, organizationIds)) as SQL)
    : mine;
}

export const canSeeOrder = (viewer: Viewer, order: Pick<OrderRow, 'userId' | 'organizationId'>): boolean =>
  order.userId === viewer.user.id ||
  (order.organizationId !== null &&
    viewer.memberships.some((m) => m.organizationId === order.organizationId));

/** The order with this id if the caller may see it; a foreign or unknown id is the same 404. */
export async function requireVisibleOrder(db: Db, viewer: Viewer, rawId: unknown): Promise<OrderRow> {
  const id = parseId(rawId);
  const [order] =
    id === null
      ? []
      : await db
          .select()
          .from(commerceOrders)
          .where(and(eq(commerceOrders.id, id), visibleTo(viewer)))
          .limit(1);
  if (!order) throw noSuchEntity('orderId', shown(rawId));
  return order;
}

export interface OrderDetails {
  items: OrderItemRow[];
  history: OrderHistoryRow[];
  organizationName: string | null;
}

/** Items, status history and organisation name of several orders in three queries. */
export async function loadOrderDetails(db: Db, orders: OrderRow[]): Promise<Map<number, OrderDetails>> {
  const ids = orders.map((o) => o.id);
  const details = new Map<number, OrderDetails>();
  if (ids.length === 0) return details;
  const organizationIds = [...new Set(orders.map((o) => o.organizationId).filter((id) => id !== null))];
  const [items, history, orgs] = await Promise.all([
    db
      .select()
      .from(commerceOrderItems)
      .where(inArray(commerceOrderItems.orderId, ids))
      .orderBy(asc(commerceOrderItems.id)),
    db
      .select()
      .from(commerceOrderHistory)
      .where(inArray(commerceOrderHistory.orderId, ids))
      .orderBy(desc(commerceOrderHistory.id)),
    organizationIds.length > 0
      ? db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, organizationIds))
      : Promise.resolve([]),
  ]);
  const orgNames = new Map(orgs.map((o) => [o.id, o.name]));
  for (const order of orders) {
    details.set(order.id, {
      items: items.filter((i) => i.orderId === order.id),
      history: history.filter((h) => h.orderId === order.id),
      organizationName: order.organizationId ? (orgNames.get(order.organizationId) ?? null) : null,
    });
  }
  return details;
}

export const toOrderItems = (items: OrderItemRow[]): OrderShape['items'] =>
  items.map((item) => ({
    item_id: item.id,
    sku: item.sku,
    name: item.name,
    product_type: item.productType,
    price: toAmount(item.priceCents),
    qty_ordered: item.qty,
    row_total: toAmount(item.priceCents * item.qty),
  }));

export function toBillingAddressShape(order: OrderRow): OrderShape['billing_address'] {
  const address = order.billingAddress;
  return {
    company: address.company,
    firstname: address.firstname,
    lastname: address.lastname,
    email: address.email,
    street: address.street,
    city: address.city,
    region_code: address.region_code,
    region: address.region,
    postcode: address.postcode,
    country_id: 'US',
    ...(address.telephone ? { telephone: address.telephone } : {}),
  };
}

export function toOrderShape(
  order: OrderRow,
  details: OrderDetails,
  viewer: Viewer,
  customerId: number | null = null,
): OrderShape {
  const method = order.paymentMethod as PaymentMethodCode;
  return {
    entity_id: order.id,
    increment_id: order.incrementId,
    quote_id: order.cartId,
    store_id: COMMERCE_STORE_ID,
    state: order.state as OrderStateName,
    status: order.status,
    created_at: magentoDate(order.createdAt),
    updated_at: magentoDate(order.updatedAt),
    customer_email: order.customerEmail,
    customer_firstname: order.customerFirstname,
    customer_lastname: order.customerLastname,
    customer_id: customerId,
    customer_is_guest: 0,
    grand_total: toAmount(order.grandTotalCents),
    subtotal: toAmount(order.subtotalCents),
    discount_amount: order.discountCents > 0 ? -toAmount(order.discountCents) : 0,
    coupon_code: order.couponCode,
    discount_description: order.couponCode,
    tax_amount: toAmount(order.taxCents),
    total_paid: toAmount(order.amountPaidCents),
    total_refunded: toAmount(order.amountRefundedCents),
    order_currency_code: order.currency,
    items: toOrderItems(details.items),
    payment: {
      method,
      amount_paid: toAmount(order.amountPaidCents),
      po_number: method === 'purchaseorder' ? order.paymentReference : null,
      title: paymentTitle(method),
    },
    billing_address: toBillingAddressShape(order),
    status_histories: details.history.map((h) => ({
      status: h.status,
      comment: h.comment,
      created_at: magentoDate(h.createdAt),
    })),
    extension_attributes: {
      organization_id: order.organizationId,
      organization_name: details.organizationName,
      placed_by_me: order.userId === viewer.user.id,
      has_receipt: order.paidAt !== null,
    },
  };
}

// ── Search criteria ───────────────────────────────────────────────────────────────────────────────

const MAX_PAGE_SIZE = 100;
const sortColumns = {
  created_at: commerceOrders.createdAt,
  entity_id: commerceOrders.id,
  increment_id: commerceOrders.incrementId,
} as const;

const orderCriteria: CriteriaOptions = {
  filterFields: ['quote_id', 'store_id'],
  sortFields: Object.keys(sortColumns),
  maxPageSize: MAX_PAGE_SIZE,
};

/** One filter: `quote_id` (the cart the order came from, eq or in) or `store_id` (always 1). */
function filterCondition(filter: CriteriaFilter): SQL {
  if (matchesEverything(filter)) return sql`true`;
  const allowed = filter.field === 'quote_id' ? ['eq', 'in'] : ['eq'];
  if (!allowed.includes(filter.conditionType)) throw invalidConditionType(filter.conditionType);
  const values = filter.conditionType === 'in' ? listValues(filter.value) : [filter.value];
  // A value that is no id matches no order, as in Magento; it never reaches the database as text.
  const ids = values.map(parseId).filter((id) => id !== null);
  if (filter.field === 'store_id') return ids.includes(COMMERCE_STORE_ID) ? sql`true` : sql`false`;
  return ids.length > 0 ? inArray(commerceOrders.cartId, ids) : sql`false`;
}

export interface OrderSearch {
  /** What Magento echoes back as `search_criteria`. */
  criteria: MagentoSearchCriteria;
  where: SQL[];
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * Magento's search criteria from the raw query string (`searchCriteria[filter_groups][0][filters][0]
 * [field]=quote_id&…[value]=12`), read by the storefront's one criteria parser: filters in a group
 * are ORed, groups ANDed; an unknown field or condition is a 400 in Magento's words. Newest first
 * unless sortOrders say otherwise.
 */
export function parseOrderSearch(raw: string): OrderSearch {
  const criteria = parseSearchCriteria(parseMagentoQuery(raw).searchCriteria, orderCriteria);
  const orderBy = criteria.sortOrders.map(({ field, direction }) => {
    const column = sortColumns[field as keyof typeof sortColumns];
    return direction === 'ASC' ? asc(column) : desc(column);
  });
  orderBy.push(desc(commerceOrders.createdAt), desc(commerceOrders.id));
  return {
    criteria: echoCriteria(criteria),
    where: criteria.filterGroups.map((filters) => or(...filters.map(filterCondition)) as SQL),
    orderBy,
    ...pageOf(criteria, MAX_PAGE_SIZE),
  };
}

export async function searchOrders(db: Db, viewer: Viewer, search: OrderSearch): Promise<OrderSearchResult> {
  const where = and(visibleTo(viewer), ...search.where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(commerceOrders)
      .where(where)
      .orderBy(...search.orderBy)
      .limit(search.limit)
      .offset(search.offset),
    db.select({ total: count() }).from(commerceOrders).where(where),
  ]);
  const [details, customerIds] = await Promise.all([
    loadOrderDetails(db, rows),
    customerIdsOf(
      db,
      rows.map((row) => row.userId),
    ),
  ]);
  return {
    items: rows.map((row) =>
      toOrderShape(
        row,
        details.get(row.id)!,
        viewer,
        row.userId ? (customerIds.get(row.userId) ?? null) : null,
      ),
    ),
    search_criteria: search.criteria,
    total_count: Number(total?.total ?? 0),
  };
}

/** Magento customer ids of these users (each made on first use), by user id. */
async function customerIdsOf(db: Db, userIds: Array<string | null>): Promise<Map<string, number>> {
  const unique = [...new Set(userIds.filter((id) => id !== null))];
  const ids = await Promise.all(unique.map((id) => customerIdOf(db, id)));
  return new Map(unique.map((id, index) => [id, ids[index]!]));
}
