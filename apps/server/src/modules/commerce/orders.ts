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
import { parseQueryString, StrapiValidationError } from '../content/strapi-query';
import type { Viewer } from '../identity/viewer';
import { parseId, shown } from './carts';
import { badRequest, CommerceError, noSuchEntity } from './errors';
import { toAmount } from './money';
import { paymentTitle } from './payments';

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

export function toOrderShape(order: OrderRow, details: OrderDetails, viewer: Viewer): OrderShape {
  const method = order.paymentMethod as PaymentMethodCode;
  return {
    entity_id: order.id,
    increment_id: order.incrementId,
    quote_id: order.cartId,
    store_id: COMMERCE_STORE_ID,
    state: order.state as OrderStateName,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    customer_email: order.customerEmail,
    customer_firstname: order.customerFirstname,
    customer_lastname: order.customerLastname,
    grand_total: toAmount(order.grandTotalCents),
    subtotal: toAmount(order.subtotalCents),
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
      created_at: h.createdAt.toISOString(),
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

export interface OrderSearch {
  where: SQL[];
  pageSize: number | null;
  currentPage: number;
  newestFirst: boolean;
}

const MAX_PAGE_SIZE = 100;
/** Without a page size Magento answers everything; we stop at this many. */
const UNPAGED_LIMIT = 500;

const invalidValue = (fieldName: string, value: unknown) =>
  new CommerceError(400, 'Invalid value of "%value" provided for the %fieldName field.', {
    value: shown(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')),
    fieldName,
  });

const asObject = (value: unknown, fieldName: string): Record<string, unknown> => {
  if (value && typeof value === 'object') return value as Record<string, unknown>;
  throw invalidValue(fieldName, value);
};

const asList = (value: unknown, fieldName: string): unknown[] =>
  Array.isArray(value) ? value : Object.values(asObject(value, fieldName));

function positiveInteger(value: unknown, fieldName: string, max: number): number {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw invalidValue(fieldName, value);
  const number = Number(value);
  if (number < 1 || number > max) throw invalidValue(fieldName, value);
  return number;
}

/** One filter: `quote_id` (the cart the order came from) or `store_id` (always 1), compared with eq. */
function filterCondition(raw: unknown): SQL {
  const filter = asObject(raw, 'filters');
  const field = filter.field;
  if (typeof field !== 'string' || field === '')
    throw badRequest('"%fieldName" is required.', { fieldName: 'field' });
  const condition = filter.condition_type ?? 'eq';
  if (field !== 'quote_id' && field !== 'store_id')
    throw new CommerceError(400, 'Orders cannot be filtered by %fieldName.', { fieldName: shown(field) });
  if (condition !== 'eq')
    throw new CommerceError(400, 'Only the "eq" condition can filter orders by %fieldName.', {
      fieldName: field,
    });
  const value = filter.value;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) throw invalidValue(field, value);
  const id = parseId(value);
  if (field === 'store_id') return id === COMMERCE_STORE_ID ? sql`true` : sql`false`;
  return id === null ? sql`false` : eq(commerceOrders.cartId, id);
}

/**
 * Magento's search criteria from the raw query string (`searchCriteria[filter_groups][0][filters][0]
 * [field]=quote_id&…[value]=12`): filters in a group are ORed, groups are ANDed. Unknown fields,
 * conditions or values are a 400; other top-level parameters are ignored, as Magento does.
 */
export function parseOrderSearch(raw: string): OrderSearch {
  let query: Record<string, unknown>;
  try {
    query = parseQueryString(raw);
  } catch (error) {
    if (error instanceof StrapiValidationError) throw badRequest(error.message);
    throw badRequest('The search criteria could not be read.');
  }
  const search: OrderSearch = { where: [], pageSize: null, currentPage: 1, newestFirst: true };
  if (query.searchCriteria === undefined || query.searchCriteria === '') return search;
  const criteria = asObject(query.searchCriteria, 'searchCriteria');
  for (const [key, value] of Object.entries(criteria)) {
    switch (key) {
      case 'filter_groups':
        for (const group of asList(value, 'filter_groups')) {
          const filters = asList(asObject(group, 'filter_groups').filters ?? [], 'filters');
          if (filters.length === 0) continue;
          search.where.push(or(...filters.map(filterCondition)) as SQL);
        }
        break;
      case 'pageSize':
        search.pageSize = positiveInteger(value, 'pageSize', MAX_PAGE_SIZE);
        break;
      case 'currentPage':
        search.currentPage = positiveInteger(value, 'currentPage', 1_000_000);
        break;
      case 'sortOrders':
        for (const order of asList(value, 'sortOrders')) {
          const { field, direction } = asObject(order, 'sortOrders');
          if (field !== 'created_at' && field !== 'entity_id' && field !== 'increment_id')
            throw new CommerceError(400, 'Orders cannot be sorted by %fieldName.', {
              fieldName: shown(field),
            });
          const dir = typeof direction === 'string' ? direction.toUpperCase() : 'DESC';
          if (dir !== 'ASC' && dir !== 'DESC') throw invalidValue('direction', direction);
          search.newestFirst = dir === 'DESC';
        }
        break;
      default:
        throw new CommerceError(400, '"%fieldName" is not a search criteria field.', {
          fieldName: shown(key),
        });
    }
  }
  return search;
}

export async function searchOrders(db: Db, viewer: Viewer, search: OrderSearch): Promise<OrderSearchResult> {
  const where = and(visibleTo(viewer), ...search.where);
  const limit = search.pageSize ?? UNPAGED_LIMIT;
  const offset = search.pageSize ? (search.currentPage - 1) * search.pageSize : 0;
  const order = search.newestFirst
    ? [desc(commerceOrders.createdAt), desc(commerceOrders.id)]
    : [asc(commerceOrders.createdAt), asc(commerceOrders.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(commerceOrders)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(commerceOrders).where(where),
  ]);
  const details = await loadOrderDetails(db, rows);
  return {
    items: rows.map((row) => toOrderShape(row, details.get(row.id)!, viewer)),
    total_count: Number(total?.total ?? 0),
  };
}
