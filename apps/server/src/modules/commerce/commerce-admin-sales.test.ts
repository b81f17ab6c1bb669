import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SalesOverview } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceOrders, commerceProducts } from '../../db/schema/commerce';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { harness, insertOrder, userId } from '../../test/commerce-admin-fixtures';
import { type CookieJar, cookieJar, signIn } from '../../test/session';

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
    // Net revenue, with the refunds apart; the order refunded in full no longer counts as paid.
    expect(sales.totals).toEqual({
      revenue: 315,
      grossRevenue: 365,
      orders: 7,
      paidOrders: 4,
      refundedOrders: 1,
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
