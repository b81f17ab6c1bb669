import type { OrderSearchResult, OrderShape, ReceiptShape } from '@tv/contract';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceOrderHistory, commerceOrders, commercePurchasedLinks } from '../../db/schema/commerce';
import { mailOutbox } from '../../db/schema/mail';
import { HttpError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../test/app';
import {
  buy,
  type Customer,
  createProduct,
  invoicePayment,
  magento,
  newCustomer,
  newOrganization,
  type ProductRow,
  tmpDataDir,
  validBilling,
} from '../../test/commerce-fixtures';
import { customerIdOf } from './customers';
import {
  CANCEL_STATE_MESSAGE,
  cancelOrder,
  MARK_PAID_STATE_MESSAGE,
  markOrderPaid,
  ORDER_CHANGED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  REFUND_FREE_MESSAGE,
  REFUND_STATE_MESSAGE,
} from './order-state';
import { refundOrder } from './refunds';

let t: TestApp;
let report: ProductRow;
let other: ProductRow;
/** Bought for Northside by one member; another member sees it; a BrightPath member does not. */
let buyer: Customer;
let colleague: Customer;
let outsider: Customer;
let orgOrderId: number;
let ownOrderId: number;
let staffId: string;

let ORG: string;
let orgName: string;
const deps = () => ({ db: t.app.database.db, mail: t.app.mail, config: t.config });
const noSuchOrder = (id: string | number) => ({
  message: 'No such entity with %fieldName = %fieldValue',
  parameters: { fieldName: 'orderId', fieldValue: String(id) },
});

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected the call to fail');
}

const orderRow = async (id: number) =>
  (await t.app.database.db.select().from(commerceOrders).where(eq(commerceOrders.id, id)))[0]!;
const linkStatuses = async (id: number) =>
  (
    await t.app.database.db
      .select({ status: commercePurchasedLinks.status })
      .from(commercePurchasedLinks)
      .where(eq(commercePurchasedLinks.orderId, id))
  ).map((l) => l.status);

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tmpDataDir('orders'), COMMERCE_TAX_RATE: '10' });
  report = await createProduct(t.app, { priceCents: 89_500 });
  other = await createProduct(t.app, { priceCents: 1_999 });
  ({ id: ORG, name: orgName } = await newOrganization(t.app));
  buyer = await newCustomer(t.app, { organizationId: ORG });
  colleague = await newCustomer(t.app, { organizationId: ORG });
  outsider = await newCustomer(t.app, { organizationId: (await newOrganization(t.app, 'Harbor Teens')).id });
  staffId = (await newCustomer(t.app)).userId;
  ownOrderId = await buy(t.app, buyer.token, [other.sku]);
  orgOrderId = await buy(
    t.app,
    buyer.token,
    [report.sku, other.sku],
    invoicePayment({ extension_attributes: { organization_id: ORG } }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /customers/me/asa_orders', () => {
  it('lists the buyer’s orders newest first, in Magento’s order shape', async () => {
    const response = await magento(t.app, 'GET', '/customers/me/asa_orders', buyer.token);
    expect(response.statusCode).toBe(200);
    const result = response.json() as OrderSearchResult;
    expect(result.total_count).toBe(2);
    expect(result.items.map((o) => o.entity_id)).toEqual([orgOrderId, ownOrderId]);
    const order = result.items[0]!;
    const row = await orderRow(orgOrderId);
    expect(order).toEqual({
      entity_id: orgOrderId,
      increment_id: row.incrementId,
      quote_id: row.cartId,
      store_id: 1,
      state: 'pending_payment',
      status: 'pending_payment',
      // Magento's date format, UTC.
      created_at: row.createdAt.toISOString().slice(0, 19).replace('T', ' '),
      updated_at: row.updatedAt.toISOString().slice(0, 19).replace('T', ' '),
      customer_email: buyer.email,
      customer_firstname: 'Casey',
      customer_lastname: 'Morgan',
      // Magento's integer customer id.
      customer_id: await customerIdOf(t.app.database.db, buyer.userId),
      customer_is_guest: 0,
      // $914.99 + 10 % tax ($91.499 → $91.50).
      grand_total: 1006.49,
      subtotal: 914.99,
      discount_amount: 0,
      coupon_code: null,
      discount_description: null,
      tax_amount: 91.5,
      total_paid: 0,
      total_refunded: 0,
      order_currency_code: 'USD',
      items: [
        {
          item_id: expect.any(Number),
          sku: report.sku,
          name: report.name,
          product_type: 'downloadable',
          price: 895,
          qty_ordered: 1,
          row_total: 895,
        },
        {
          item_id: expect.any(Number),
          sku: other.sku,
          name: other.name,
          product_type: 'downloadable',
          price: 19.99,
          qty_ordered: 1,
          row_total: 19.99,
        },
      ],
      payment: {
        method: 'purchaseorder',
        amount_paid: 0,
        po_number: 'PO-7781',
        title: 'Invoice (purchase order)',
      },
      billing_address: { ...validBilling, region: 'California' },
      status_histories: [
        {
          status: 'pending_payment',
          comment: 'Order placed; waiting for payment by invoice (purchase order PO-7781).',
          created_at: expect.any(String),
        },
      ],
      extension_attributes: {
        organization_id: ORG,
        organization_name: orgName,
        placed_by_me: true,
        has_receipt: false,
      },
    } satisfies OrderShape);
  });

  it('shows an organisation’s order to its other members (not placed by them), not to outsiders', async () => {
    const colleagues = (await magento(t.app, 'GET', '/customers/me/asa_orders', colleague.token)).json();
    expect(
      colleagues.items.map((o: OrderShape) => [o.entity_id, o.extension_attributes.placed_by_me]),
    ).toEqual([[orgOrderId, false]]);
    const outsiders = (await magento(t.app, 'GET', '/customers/me/asa_orders', outsider.token)).json();
    expect(outsiders).toMatchObject({ items: [], total_count: 0 });
  });

  it('filters by quote_id and store_id with Magento’s search criteria', async () => {
    const row = await orderRow(ownOrderId);
    const filter = (field: string, value: string, extra = '') =>
      magento(
        t.app,
        'GET',
        `/customers/me/asa_orders?searchCriteria[filter_groups][0][filters][0][field]=${field}` +
          `&searchCriteria[filter_groups][0][filters][0][value]=${value}${extra}`,
        buyer.token,
      );
    const byCart = (await filter('quote_id', String(row.cartId))).json();
    expect(byCart.items.map((o: OrderShape) => o.entity_id)).toEqual([ownOrderId]);
    expect(byCart.total_count).toBe(1);
    // Magento's SearchResults echo the criteria they were asked.
    expect(byCart.search_criteria).toEqual({
      filter_groups: [{ filters: [{ field: 'quote_id', value: String(row.cartId), condition_type: 'eq' }] }],
    });
    const store = (await filter('store_id', '1')).json();
    expect(store.total_count).toBe(2);
    expect((await filter('store_id', '2')).json()).toMatchObject({ items: [], total_count: 0 });
    expect((await filter('quote_id', '100000000000000000000')).json()).toMatchObject({
      items: [],
      total_count: 0,
    });
    // Someone else's cart id finds nothing either.
    const foreign = (await orderRow(orgOrderId)).cartId;
    expect((await magento(t.app, 'GET', '/customers/me/asa_orders', outsider.token)).json().total_count).toBe(
      0,
    );
    const outsiderFilter = await magento(
      t.app,
      'GET',
      `/customers/me/asa_orders?searchCriteria[filter_groups][0][filters][0][field]=quote_id&searchCriteria[filter_groups][0][filters][0][value]=${foreign}`,
      outsider.token,
    );
    expect(outsiderFilter.json()).toMatchObject({ items: [], total_count: 0 });

    const unknown = await filter('status', 'complete');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Invalid filter field: %1', parameters: ['status'] });
    const like = await filter(
      'quote_id',
      '1',
      '&searchCriteria[filter_groups][0][filters][0][condition_type]=like',
    );
    expect(like.statusCode).toBe(400);
    expect(like.json()).toEqual({ message: 'Invalid condition type: %1', parameters: ['like'] });
    const nul = await filter('quote_id', '%00');
    expect(nul.statusCode).toBe(400);

    const paged = await magento(
      t.app,
      'GET',
      '/customers/me/asa_orders?searchCriteria[pageSize]=1&searchCriteria[currentPage]=2',
      buyer.token,
    );
    expect(paged.json().items.map((o: OrderShape) => o.entity_id)).toEqual([ownOrderId]);
    expect(paged.json().total_count).toBe(2);
  });
});

describe('GET /customers/me/asa_receipt/:id', () => {
  it('has no receipt before payment, nor for a foreign or impossible id', async () => {
    const unpaid = await magento(t.app, 'GET', `/customers/me/asa_receipt/${ownOrderId}`, buyer.token);
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json()).toEqual({
      message: 'There is no receipt for this order yet: it is issued once the order is paid.',
    });
    for (const id of [String(orgOrderId), '100000000000000000000', 'abc']) {
      const response = await magento(t.app, 'GET', `/customers/me/asa_receipt/${id}`, outsider.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(noSuchOrder(id));
    }
  });
});

describe('order state changes (staff)', () => {
  it('marks an invoice paid: complete, links available, history, receipt mail, version +1', async () => {
    const before = await orderRow(orgOrderId);
    await markOrderPaid(deps(), orgOrderId, { userId: staffId }, before.version);
    const after = await orderRow(orgOrderId);
    expect(after).toMatchObject({
      state: 'complete',
      status: 'complete',
      amountPaidCents: after.grandTotalCents,
      version: before.version + 1,
    });
    expect(after.paidAt).toBeInstanceOf(Date);
    expect(await linkStatuses(orgOrderId)).toEqual(['available', 'available']);
    const history = await t.app.database.db
      .select()
      .from(commerceOrderHistory)
      .where(eq(commerceOrderHistory.orderId, orgOrderId))
      .orderBy(asc(commerceOrderHistory.id));
    expect(history.map((h) => [h.status, h.actorId])).toEqual([
      ['pending_payment', null],
      ['complete', staffId],
    ]);
    const receipts = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toEmail, buyer.email), eq(mailOutbox.template, 'shop/order-receipt')));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.props).toMatchObject({ orderNumber: after.incrementId, total: '$1,006.49' });

    // The receipt now exists, for the buyer and for the organisation's other members.
    for (const customer of [buyer, colleague]) {
      const response = await magento(t.app, 'GET', `/customers/me/asa_receipt/${orgOrderId}`, customer.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        receipt_number: `R-${after.incrementId}`,
        order_id: orgOrderId,
        order_increment_id: after.incrementId,
        paid_at: after.paidAt!.toISOString(),
        created_at: after.createdAt.toISOString(),
        seller: { name: expect.any(String), address: expect.any(Array), email: expect.any(String) },
        billing_address: { ...validBilling, region: 'California' },
        items: [
          expect.objectContaining({ sku: report.sku, price: 895, row_total: 895 }),
          expect.objectContaining({ sku: other.sku, price: 19.99 }),
        ],
        subtotal: 914.99,
        discount_amount: 0,
        tax_amount: 91.5,
        grand_total: 1006.49,
        total_refunded: 0,
        currency_code: 'USD',
        payment: {
          method: 'purchaseorder',
          title: 'Invoice (purchase order)',
          reference: 'PO-7781',
          amount_paid: 1006.49,
        },
        refunded_item_ids: [],
        pdf_url: `/commerce-content/receipts/${orgOrderId}.pdf`,
      } satisfies ReceiptShape);
    }
    const listed = (await magento(t.app, 'GET', '/customers/me/asa_orders', colleague.token)).json();
    expect(listed.items[0].extension_attributes.has_receipt).toBe(true);
  });

  it('serves the receipt PDF to those who may see the order, by cookie session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/commerce-content/receipts/${orgOrderId}.pdf`,
      headers: { cookie: colleague.jar.header },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);

    const outsiders = await t.app.inject({
      method: 'GET',
      url: `/commerce-content/receipts/${orgOrderId}.pdf`,
      headers: { cookie: outsider.jar.header },
    });
    expect(outsiders.statusCode).toBe(404);
    expect(outsiders.json()).toMatchObject({ message: 'That receipt does not exist.' });
    const unpaid = await t.app.inject({
      method: 'GET',
      url: `/commerce-content/receipts/${ownOrderId}.pdf`,
      headers: { cookie: buyer.jar.header },
    });
    expect(unpaid.statusCode).toBe(404);
    const bearer = await t.app.inject({
      method: 'GET',
      url: `/commerce-content/receipts/${orgOrderId}.pdf`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(bearer.statusCode).toBe(401);
  });

  it('refuses a stale version, the wrong state and an unknown order in plain words', async () => {
    const current = await orderRow(orgOrderId);
    const stale = await rejection(
      refundOrder(deps(), orgOrderId, { userId: staffId }, current.version - 1, 'Duplicate'),
    );
    expect([stale.statusCode, stale.message]).toEqual([409, ORDER_CHANGED_MESSAGE]);
    const paidAgain = await rejection(
      markOrderPaid(deps(), orgOrderId, { userId: staffId }, current.version),
    );
    expect([paidAgain.statusCode, paidAgain.message]).toEqual([409, MARK_PAID_STATE_MESSAGE]);
    expect(MARK_PAID_STATE_MESSAGE).toBe('Only an order waiting for payment can be marked paid.');
    const cancelPaid = await rejection(cancelOrder(deps(), orgOrderId, { userId: staffId }, current.version));
    expect([cancelPaid.statusCode, cancelPaid.message]).toEqual([409, CANCEL_STATE_MESSAGE]);
    const refundUnpaid = await rejection(
      refundOrder(deps(), ownOrderId, { userId: staffId }, (await orderRow(ownOrderId)).version, 'Duplicate'),
    );
    expect([refundUnpaid.statusCode, refundUnpaid.message]).toEqual([409, REFUND_STATE_MESSAGE]);
    const missing = await rejection(markOrderPaid(deps(), 2_000_000_000, { userId: staffId }, null));
    expect([missing.statusCode, missing.message]).toEqual([404, ORDER_NOT_FOUND_MESSAGE]);
    expect(await orderRow(orgOrderId)).toEqual(current);
  });

  it('does not refund a free order: there was no payment', async () => {
    const gratis = await createProduct(t.app, { priceCents: 0 });
    const orderId = await buy(t.app, outsider.token, [gratis.sku], {
      paymentMethod: { method: 'free' },
      billing_address: validBilling,
    });
    const before = await orderRow(orderId);
    expect(before.state).toBe('complete');
    const refused = await rejection(
      refundOrder(deps(), orderId, { userId: staffId }, before.version, 'Not needed'),
    );
    expect([refused.statusCode, refused.message]).toEqual([409, REFUND_FREE_MESSAGE]);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it('makes one change when two staff click at once', async () => {
    const orderId = await buy(t.app, colleague.token, [report.sku]);
    const { version } = await orderRow(orderId);
    const results = await Promise.allSettled([
      markOrderPaid(deps(), orderId, { userId: staffId }, version),
      markOrderPaid(deps(), orderId, { userId: staffId }, version),
      cancelOrder(deps(), orderId, { userId: staffId }, version),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result.reason as HttpError).statusCode).toBe(409);
    }
    const after = await orderRow(orderId);
    expect(after.version).toBe(version + 1);
    const history = await t.app.database.db
      .select()
      .from(commerceOrderHistory)
      .where(eq(commerceOrderHistory.orderId, orderId));
    expect(history).toHaveLength(2);
  });

  it('cancels an unpaid order: canceled, links expired, no receipt', async () => {
    const orderId = await buy(t.app, outsider.token, [other.sku]);
    await cancelOrder(deps(), orderId, { userId: staffId }, (await orderRow(orderId)).version);
    expect(await orderRow(orderId)).toMatchObject({
      state: 'canceled',
      status: 'canceled',
      amountPaidCents: 0,
    });
    expect(await linkStatuses(orderId)).toEqual(['expired']);
    const receipt = await magento(t.app, 'GET', `/customers/me/asa_receipt/${orderId}`, outsider.token);
    expect(receipt.statusCode).toBe(404);
  });

  it('refunds a paid order in full: closed, the reason kept, links expired, the receipt shows the refund', async () => {
    const { version, amountPaidCents } = await orderRow(orgOrderId);
    await refundOrder(deps(), orgOrderId, { userId: staffId }, version, '  Bought the wrong edition  ');
    const after = await orderRow(orgOrderId);
    expect(after).toMatchObject({
      state: 'closed',
      status: 'closed',
      amountRefundedCents: amountPaidCents,
      refundReason: 'Bought the wrong edition',
      version: version + 1,
    });
    expect(after.refundedAt).toBeInstanceOf(Date);
    expect(await linkStatuses(orgOrderId)).toEqual(['expired', 'expired']);
    const receipt = (
      await magento(t.app, 'GET', `/customers/me/asa_receipt/${orgOrderId}`, buyer.token)
    ).json();
    expect(receipt.total_refunded).toBe(1006.49);
    const listed = (await magento(t.app, 'GET', '/customers/me/asa_orders', buyer.token)).json();
    const order = listed.items.find((o: OrderShape) => o.entity_id === orgOrderId);
    expect(order.state).toBe('closed');
    expect(order.total_refunded).toBe(1006.49);
    expect(order.status_histories[0]).toMatchObject({
      status: 'closed',
      comment: expect.stringMatching(
        /^Refunded \$1,006\.49 \(credit note CN-\d{9}-1\): Bought the wrong edition$/,
      ),
    });
    const blank = await rejection(refundOrder(deps(), ownOrderId, { userId: staffId }, 1, ' \u0000 '));
    expect(blank.statusCode).toBe(400);
  });
});
