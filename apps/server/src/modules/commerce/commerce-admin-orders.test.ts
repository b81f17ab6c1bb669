import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminOrderDetail, AdminProduct } from '@tv/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commerceOrderHistory,
  commerceOrderItems,
  commerceProducts,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { harness, insertOrder, userId } from '../../test/commerce-admin-fixtures';
import { type CookieJar, signIn } from '../../test/session';

describe('staff commerce API', () => {
  let t: TestApp;
  let admin: CookieJar;
  let superAdmin: CookieJar;
  let buyerId: string;
  const { call } = harness(() => t);

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tv-commerce-admin-')) });
    admin = await signIn(t.app, demoAccounts.platformAdmin.email);
    superAdmin = await signIn(t.app, demoAccounts.superAdmin.email);
    buyerId = await userId(t, demoAccounts.northsideAdmin.email);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('orders', () => {
    let products: { id: number; sku: string; name: string }[];

    beforeAll(async () => {
      products = await t.app.database.db
        .insert(commerceProducts)
        .values([
          { sku: 'TV-ORD-A', name: 'Always On 2026', urlKey: 'tv-ord-a', priceCents: 49_500 },
          { sku: 'TV-ORD-B', name: 'Future Jobs 2026', urlKey: 'tv-ord-b', priceCents: 29_900 },
        ])
        .returning({ id: commerceProducts.id, sku: commerceProducts.sku, name: commerceProducts.name });
    });

    const pending = () =>
      insertOrder(t, buyerId, {
        state: 'pending_payment',
        items: [{ product: products[0]!, priceCents: 49_500 }],
      });

    it('lists orders newest first, searches them and filters by status, a page at a time', async () => {
      const older = await insertOrder(t, buyerId, {
        state: 'complete',
        items: [
          { product: products[0]!, priceCents: 49_500 },
          { product: products[1]!, priceCents: 29_900 },
        ],
        createdAt: new Date(Date.now() - 86_400_000),
        customer: {
          firstname: 'Dana',
          lastname: 'Ruiz',
          email: 'dana.ruiz@brightpath.test',
          company: 'BrightPath Learning',
        },
        organizationId: demoOrganizations.brightpath.id,
        paymentMethod: 'stripe_payments',
      });
      const newer = await pending();

      const all = await call(admin, 'GET', '/v2/admin/commerce/orders?pageSize=100');
      expect(all.statusCode).toBe(200);
      const ids = all.json().data.items.map((o: { id: number }) => o.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(all.json().data.items.find((o: { id: number }) => o.id === older.id)).toEqual({
        id: older.id,
        incrementId: older.incrementId,
        createdAt: older.createdAt.toISOString(),
        state: 'complete',
        status: 'complete',
        customerName: 'Dana Ruiz',
        customerEmail: 'dana.ruiz@brightpath.test',
        organizationName: 'BrightPath Learning',
        paymentMethod: 'stripe_payments',
        grandTotal: 794,
        itemsCount: 2,
      });

      const search = async (query: string) =>
        (await call(admin, 'GET', `/v2/admin/commerce/orders?${query}`))
          .json()
          .data.items.map((o: { id: number }) => o.id) as number[];
      expect(await search(`q=${older.incrementId}`)).toEqual([older.id]);
      expect(await search(`q=%23${older.incrementId}`)).toEqual([older.id]);
      expect(await search('q=dana.ruiz%40brightpath')).toEqual([older.id]);
      expect(await search('q=dana%20ruiz')).toEqual([older.id]);
      expect(await search('q=brightpath%20learning')).toEqual([older.id]);
      expect(await search('q=%25')).toEqual([]);
      expect(await search('q=_')).toEqual([]);
      expect(await search('status=complete&q=ruiz')).toEqual([older.id]);
      expect(await search('status=pending_payment&q=ruiz')).toEqual([]);
      expect(await search('status=pending_payment')).toContain(newer.id);

      const firstPage = (await call(admin, 'GET', '/v2/admin/commerce/orders?pageSize=1')).json().data;
      expect(firstPage).toMatchObject({ page: 1, pageSize: 1, total: ids.length });
      expect(firstPage.items.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
      const secondPage = (await call(admin, 'GET', '/v2/admin/commerce/orders?pageSize=1&page=2')).json()
        .data;
      expect(secondPage.items.map((o: { id: number }) => o.id)).toEqual([ids[1]]);
    });

    it('refuses a bad search, status or page with a 400', async () => {
      for (const query of [
        'q=%00',
        `q=${'x'.repeat(201)}`,
        'status=paid',
        'page=0',
        'page=1.5',
        'page=abc',
        'page=1e9',
        'pageSize=1000',
      ]) {
        const response = await call(admin, 'GET', `/v2/admin/commerce/orders?${query}`);
        expect(response.statusCode, query).toBe(400);
      }
      expect((await call(admin, 'GET', '/v2/admin/commerce/orders?q=%00')).json().message).toMatch(
        /q \(Contains a NUL character/,
      );
    });

    it('shows an order with its items, address, history with staff names and downloads, never a link hash', async () => {
      const order = await insertOrder(t, buyerId, {
        state: 'complete',
        items: [{ product: products[1]!, priceCents: 29_900 }],
        taxCents: 2_467,
      });
      const adminId = await userId(t, demoAccounts.platformAdmin.email);
      await t.app.database.db
        .insert(commerceOrderHistory)
        .values({ orderId: order.id, status: 'complete', comment: 'Payment received', actorId: adminId });
      const response = await call(admin, 'GET', `/v2/admin/commerce/orders/${order.id}`);
      expect(response.statusCode).toBe(200);
      const detail = response.json().data as AdminOrderDetail;
      expect(detail).toMatchObject({
        id: order.id,
        incrementId: order.incrementId,
        state: 'complete',
        customerName: 'Priya Shah',
        organizationName: 'Northside Youth Trust',
        subtotal: 299,
        taxAmount: 24.67,
        grandTotal: 323.67,
        amountPaid: 323.67,
        amountRefunded: 0,
        refundReason: null,
        paymentReference: 'PO-7781',
        billingAddress: {
          company: 'Northside Youth Trust',
          street: ['100 Market Street'],
          region_code: 'CA',
          region: 'California',
          postcode: '94105',
          country_id: 'US',
        },
        items: [{ sku: 'TV-ORD-B', name: 'Future Jobs 2026', price: 299, qty: 1 }],
        downloads: [{ linkTitle: 'Future Jobs 2026', status: 'available', used: 2, bought: 10 }],
        version: 1,
      });
      expect(detail.history).toEqual([
        expect.objectContaining({ status: 'complete', comment: 'Order placed', actorName: null }),
        expect.objectContaining({
          status: 'complete',
          comment: 'Payment received',
          actorName: 'Marcus Bell',
        }),
      ]);
      const [link] = await t.app.database.db
        .select()
        .from(commercePurchasedLinks)
        .where(eq(commercePurchasedLinks.orderId, order.id));
      expect(response.body).not.toContain(link!.linkHash);
      expect(response.body).not.toContain('linkHash');

      expect((await call(admin, 'GET', '/v2/admin/commerce/orders/2147483647')).statusCode).toBe(404);
      expect((await call(admin, 'GET', '/v2/admin/commerce/orders/2147483647')).json().message).toBe(
        'This order does not exist.',
      );
      for (const id of ['abc', '1.5', '0', '1e2', '9999999999999']) {
        expect((await call(admin, 'GET', `/v2/admin/commerce/orders/${id}`)).statusCode, id).toBe(400);
      }
    });

    it('marks an invoice paid once: downloads open, the history names the staff member', async () => {
      const order = await pending();
      const stale = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/mark-paid`, {
        version: 2,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('This order was changed by someone else. Reload it and try again.');

      const paid = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/mark-paid`, {
        version: 1,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const detail = paid.json().data as AdminOrderDetail;
      expect(detail).toMatchObject({ state: 'complete', amountPaid: 495, version: 2 });
      expect(detail.downloads.map((d) => d.status)).toEqual(['available']);
      expect(detail.history.at(-1)).toMatchObject({ actorName: 'Marcus Bell' });

      const again = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/mark-paid`, {
        version: detail.version,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Only an order waiting for payment can be marked paid.');
      const cancel = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/cancel`, {
        version: detail.version,
      });
      expect(cancel.statusCode).toBe(409);
    });

    it('cancels an unpaid order: its downloads expire', async () => {
      const order = await pending();
      const canceled = await call(superAdmin, 'POST', `/v2/admin/commerce/orders/${order.id}/cancel`, {
        version: 1,
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      const detail = canceled.json().data as AdminOrderDetail;
      expect(detail.state).toBe('canceled');
      expect(detail.downloads.map((d) => d.status)).toEqual(['expired']);
      expect(detail.history.at(-1)).toMatchObject({ actorName: 'Sofia Reyes' });
      const refund = await call(admin, 'POST', `/v2/admin/commerce/orders/${order.id}/refund`, {
        version: detail.version,
        reason: 'Customer asked',
      });
      expect(refund.statusCode).toBe(409);
      expect(refund.json().message).toBe('Only a paid order can be refunded.');
    });

    it('refunds a paid order with a reason: closed, refunded in full, downloads stopped', async () => {
      const order = await insertOrder(t, buyerId, {
        state: 'complete',
        items: [{ product: products[0]!, priceCents: 49_500 }],
      });
      const url = `/v2/admin/commerce/orders/${order.id}/refund`;
      for (const body of [
        { version: 1 },
        { version: 1, reason: 'no' },
        { version: 1, reason: 'x'.repeat(501) },
        { version: 1, reason: 'Refund\u0000 now' },
        { version: 1, reason: 'Refund \udc00 now' },
        { version: 'one', reason: 'Bought twice' },
        { version: 1e20, reason: 'Bought twice' },
      ]) {
        const response = await call(admin, 'POST', url, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const unchanged = (await call(admin, 'GET', `/v2/admin/commerce/orders/${order.id}`)).json().data;
      expect(unchanged).toMatchObject({ state: 'complete', version: 1, amountRefunded: 0 });

      const refunded = await call(admin, 'POST', url, { version: 1, reason: '  Bought twice by mistake  ' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const detail = refunded.json().data as AdminOrderDetail;
      expect(detail).toMatchObject({
        state: 'closed',
        amountPaid: 495,
        amountRefunded: 495,
        refundReason: 'Bought twice by mistake',
      });
      expect(detail.downloads.map((d) => d.status)).toEqual(['expired']);
      expect(detail.history.at(-1)).toMatchObject({ actorName: 'Marcus Bell' });

      const twice = await call(admin, 'POST', url, { version: detail.version, reason: 'Again' });
      expect(twice.statusCode).toBe(409);
    });

    it('answers 404 for an action on an order that does not exist, 400 for a bad id', async () => {
      expect(
        (await call(admin, 'POST', '/v2/admin/commerce/orders/2147483647/mark-paid', { version: 1 }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(admin, 'POST', '/v2/admin/commerce/orders/2147483647/cancel', { version: 1 })).statusCode,
      ).toBe(404);
      expect(
        (
          await call(admin, 'POST', '/v2/admin/commerce/orders/2147483647/refund', {
            version: 1,
            reason: 'Dup',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(admin, 'POST', '/v2/admin/commerce/orders/x1/mark-paid', { version: 1 })).statusCode,
      ).toBe(400);
    });

    it('counts the orders of each product', async () => {
      const list = (await call(admin, 'GET', '/v2/admin/commerce/products')).json().data as AdminProduct[];
      const a = list.find((p) => p.sku === 'TV-ORD-A')!;
      const [{ n }] = (await t.app.database.db
        .select({ n: sql<number>`count(distinct ${commerceOrderItems.orderId})::int` })
        .from(commerceOrderItems)
        .where(eq(commerceOrderItems.productId, a.id))) as [{ n: number }];
      expect(n).toBeGreaterThan(2);
      expect(a.ordersCount).toBe(n);
    });
  });
});
