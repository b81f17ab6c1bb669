import type { OrderStateName } from '@tv/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commerceOrderItems, commerceOrders } from '../../db/schema/commerce';
import { organizations } from '../../db/schema/organizations';
import { orderFilter } from './admin-orders';
import { paymentTitle } from './payments';

/** A spreadsheet is no place for a whole history: the export stops here and says so in its name. */
export const ORDER_EXPORT_LIMIT = 50_000;

/** One cell: a leading =, +, - or @ would run as a formula in a spreadsheet, so it is quoted away. */
export const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const dollars = (cents: number) => (cents / 100).toFixed(2);

const headers = [
  'Order number',
  'Placed at (UTC)',
  'State',
  'Customer',
  'Email',
  'Company',
  'Organization',
  'Payment method',
  'Payment reference',
  'Reports',
  'Subtotal',
  'Discount',
  'Coupon',
  'Tax',
  'Total',
  'Paid',
  'Refunded',
  'Net',
  'Paid at (UTC)',
  'Refunded at (UTC)',
];

/**
 * The orders the orders screen shows for this search and filter, newest first, as CSV (UTF-8 with a
 * byte order mark so spreadsheets read the names right). Amounts in dollars, dates in ISO UTC.
 */
export async function ordersCsv(
  db: Db,
  query: { q?: string | undefined; status?: OrderStateName | undefined },
): Promise<string> {
  const rows = await db
    .select({
      order: commerceOrders,
      organizationName: organizations.name,
      reports: sql<string>`(
        select coalesce(string_agg(${commerceOrderItems.name}, '; ' order by ${commerceOrderItems.id}), '')
        from ${commerceOrderItems} where ${commerceOrderItems.orderId} = ${commerceOrders.id}
      )`,
    })
    .from(commerceOrders)
    .leftJoin(organizations, eq(organizations.id, commerceOrders.organizationId))
    .where(orderFilter(query))
    .orderBy(desc(commerceOrders.createdAt), desc(commerceOrders.id))
    .limit(ORDER_EXPORT_LIMIT);
  const lines = [headers.map(csvCell).join(',')];
  for (const { order, organizationName, reports } of rows) {
    lines.push(
      [
        order.incrementId,
        order.createdAt.toISOString(),
        order.state,
        `${order.customerFirstname} ${order.customerLastname}`.trim(),
        order.customerEmail,
        order.billingAddress.company ?? '',
        organizationName ?? '',
        paymentTitle(order.paymentMethod),
        order.paymentReference,
        reports,
        dollars(order.subtotalCents),
        dollars(order.discountCents),
        order.couponCode,
        dollars(order.taxCents),
        dollars(order.grandTotalCents),
        dollars(order.amountPaidCents),
        dollars(order.amountRefundedCents),
        dollars(order.amountPaidCents - order.amountRefundedCents),
        order.paidAt?.toISOString() ?? null,
        order.refundedAt?.toISOString() ?? null,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
