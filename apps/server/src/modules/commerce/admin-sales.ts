import type { SalesOverview } from '@tv/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { commerceOrderItems, commerceOrders, commerceProducts } from '../../db/schema/commerce';
import { toAmount } from './money';

// The commerce admin's sales overview: revenue in total, per month and per report.

/**
 * Revenue is what was paid minus what was refunded (net), counted in the month of payment (UTC); the
 * gross and the refunds are given apart, and an order refunded in full is no longer a paid order. An
 * order's net revenue is shared among its reports by their share of the subtotal.
 */
export async function salesOverview(db: Db, now = new Date()): Promise<SalesOverview> {
  const paid = sql`${commerceOrders.paidAt} is not null or ${commerceOrders.state} in ('processing', 'complete', 'closed')`;
  const net = sql`(${commerceOrders.amountPaidCents} - ${commerceOrders.amountRefundedCents})`;
  const paidMonth = sql`date_trunc('month', coalesce(${commerceOrders.paidAt}, ${commerceOrders.createdAt}) at time zone 'UTC')`;
  const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;

  const [totalsRows, monthRows, productRows] = await Promise.all([
    queryRows<{
      revenue: string | number;
      gross: string | number;
      orders: string | number;
      paid_orders: string | number;
      refunded_orders: string | number;
      pending: string | number;
      refunded: string | number;
    }>(
      db,
      sql`select
        coalesce(sum(case when ${paid} then ${net} else 0 end), 0)::float8 as revenue,
        coalesce(sum(case when ${paid} then ${commerceOrders.amountPaidCents} else 0 end), 0)::float8 as gross,
        count(*)::int as orders,
        count(*) filter (where (${paid}) and ${commerceOrders.state} <> 'closed')::int as paid_orders,
        count(*) filter (where ${commerceOrders.state} = 'closed')::int as refunded_orders,
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
      grossRevenue: toAmount(Number(totals?.gross ?? 0)),
      orders: Number(totals?.orders ?? 0),
      paidOrders: Number(totals?.paid_orders ?? 0),
      refundedOrders: Number(totals?.refunded_orders ?? 0),
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
