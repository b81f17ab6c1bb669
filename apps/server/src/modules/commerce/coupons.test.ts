import type { AdminCoupon, CartTotals } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceCarts, commerceCoupons, commerceOrders } from '../../db/schema/commerce';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type Customer,
  createProduct,
  invoicePayment,
  magento,
  newCustomer,
  type ProductRow,
  tmpDataDir,
} from '../../test/commerce-fixtures';
import { type CookieJar, signIn } from '../../test/session';
import { COUPON_NOT_VALID_MESSAGE } from './coupons';

let t: TestApp;
let admin: CookieJar;
let report: ProductRow;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: tmpDataDir('coupons'), COMMERCE_TAX_RATE: '10' });
  admin = await signIn(t.app, demoAccounts.platformAdmin.email);
  report = await createProduct(t.app, { priceCents: 20_000 });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;
const notValid = { message: COUPON_NOT_VALID_MESSAGE };
let counter = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${counter++}`;

async function createCoupon(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/admin/commerce/coupons',
    headers: { cookie: admin.header },
    payload: body,
  });
}

async function customerWithReport(): Promise<Customer> {
  const customer = await newCustomer(t.app);
  await magento(t.app, 'POST', '/carts/mine', customer.token);
  const added = await magento(t.app, 'POST', '/carts/mine/items', customer.token, {
    cartItem: { sku: report.sku, qty: 1 },
  });
  expect(added.statusCode).toBe(200);
  return customer;
}

const totalsOf = async (customer: Customer) =>
  (await magento(t.app, 'GET', '/carts/mine/totals', customer.token)).json() as CartTotals;

describe('staff manage coupons', () => {
  it('creates a percentage coupon and lists it with its uses', async () => {
    const code = uniqueCode('SPRING');
    const created = await createCoupon({
      code,
      kind: 'percent',
      amount: 25,
      expiresOn: '2099-12-31',
      usesLimit: 5,
    });
    expect(created.statusCode).toBe(201);
    const coupon = created.json().data as AdminCoupon;
    expect(coupon).toMatchObject({
      code,
      kind: 'percent',
      amount: 25,
      expiresOn: '2099-12-31',
      usesLimit: 5,
    });
    expect(coupon).toMatchObject({ timesUsed: 0, status: 'active', isActive: true });

    const list = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/commerce/coupons',
      headers: { cookie: admin.header },
    });
    expect((list.json().data as AdminCoupon[]).map((c) => c.code)).toContain(code);
  });

  it('refuses bad input in words a person understands, and a code that exists, writing nothing', async () => {
    const before = await db().select().from(commerceCoupons);
    const tooMuch = await createCoupon({ code: uniqueCode('X'), kind: 'percent', amount: 120 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('Enter a whole percentage from 1 to 100.');
    const past = await createCoupon({
      code: uniqueCode('X'),
      kind: 'fixed',
      amount: 10,
      expiresOn: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('Choose an expiry date from today on.');
    const badCode = await createCoupon({ code: 'two words', kind: 'fixed', amount: 10 });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.body).toContain('Use only letters, numbers, dashes and underscores in the code.');
    const code = uniqueCode('DUP');
    expect((await createCoupon({ code, kind: 'fixed', amount: 10 })).statusCode).toBe(201);
    const again = await createCoupon({ code: code.toLowerCase(), kind: 'fixed', amount: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already exists');
    expect((await db().select().from(commerceCoupons)).length).toBe(before.length + 1);
  });

  it('is staff only', async () => {
    const buyer = await newCustomer(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/admin/commerce/coupons',
      headers: { cookie: buyer.jar.header },
      payload: { code: uniqueCode('HACK'), kind: 'percent', amount: 100 },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT/GET/DELETE /carts/mine/coupons', () => {
  it('applies a valid code (any case): true, the code echoed, a discount in the totals; removing it restores them', async () => {
    const code = uniqueCode('TENOFF');
    await createCoupon({ code, kind: 'percent', amount: 10 });
    const customer = await customerWithReport();
    expect((await magento(t.app, 'GET', '/carts/mine/coupons', customer.token)).json()).toBeNull();

    const put = await magento(t.app, 'PUT', `/carts/mine/coupons/${code.toLowerCase()}`, customer.token);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toBe(true);
    const got = await magento(t.app, 'GET', '/carts/mine/coupons', customer.token);
    expect(got.json()).toBe(code);

    const totals = await totalsOf(customer);
    // $200 less 10 % is $180, plus 10 % tax on what is left: $198.
    expect(totals).toMatchObject({ subtotal: 200, discount_amount: -20, tax_amount: 18, grand_total: 198 });
    expect(totals.coupon_code).toBe(code);
    expect(totals.total_segments).toContainEqual({
      code: 'discount',
      title: `Discount (${code})`,
      value: -20,
    });

    const del = await magento(t.app, 'DELETE', '/carts/mine/coupons', customer.token);
    expect(del.json()).toBe(true);
    expect(await totalsOf(customer)).toMatchObject({
      discount_amount: 0,
      grand_total: 220,
      coupon_code: null,
    });
    expect((await totalsOf(customer)).total_segments.map((s) => s.code)).not.toContain('discount');
  });

  it("answers Magento's 404 for an unknown, expired, used-up or deactivated code and leaves the cart alone", async () => {
    const customer = await customerWithReport();
    const unknown = await magento(t.app, 'PUT', '/carts/mine/coupons/NOSUCHCODE', customer.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notValid);

    const expired = uniqueCode('OLD');
    await db()
      .insert(commerceCoupons)
      .values({ code: expired, kind: 'fixed', amount: 500, expiresAt: new Date(Date.now() - 1000) });
    const usedUp = uniqueCode('GONE');
    await db()
      .insert(commerceCoupons)
      .values({ code: usedUp, kind: 'fixed', amount: 500, usesLimit: 1, timesUsed: 1 });
    const off = uniqueCode('OFF');
    const created = (await createCoupon({ code: off, kind: 'fixed', amount: 5 })).json().data as AdminCoupon;
    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/v2/admin/commerce/coupons/${created.id}/deactivate`,
      headers: { cookie: admin.header },
    });
    expect(deactivated.json().data.status).toBe('inactive');

    for (const code of [expired, usedUp, off]) {
      const response = await magento(t.app, 'PUT', `/carts/mine/coupons/${code}`, customer.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notValid);
    }
    expect((await magento(t.app, 'GET', '/carts/mine/coupons', customer.token)).json()).toBeNull();
    expect((await totalsOf(customer)).grand_total).toBe(220);
  });

  it('needs a cart with products, as Magento does', async () => {
    const customer = await newCustomer(t.app);
    await magento(t.app, 'POST', '/carts/mine', customer.token);
    const code = uniqueCode('EMPTY');
    await createCoupon({ code, kind: 'fixed', amount: 5 });
    const response = await magento(t.app, 'PUT', `/carts/mine/coupons/${code}`, customer.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('The "%1" Cart doesn\'t contain products.');
  });
});

describe('orders with a coupon', () => {
  it('charge the discounted total and record the discount and the code; a fixed amount never goes below $0', async () => {
    const code = uniqueCode('FIFTY');
    await createCoupon({ code, kind: 'fixed', amount: 50 });
    const customer = await customerWithReport();
    await magento(t.app, 'PUT', `/carts/mine/coupons/${code}`, customer.token);
    const placed = await magento(
      t.app,
      'POST',
      '/carts/mine/payment-information',
      customer.token,
      invoicePayment(),
    );
    expect(placed.statusCode).toBe(200);
    const [order] = await db().select().from(commerceOrders).where(eq(commerceOrders.id, placed.json()));
    // $200 − $50 = $150, plus 10 % tax: $165 is what the invoice asks for.
    expect(order).toMatchObject({
      subtotalCents: 20_000,
      discountCents: 5_000,
      taxCents: 1_500,
      grandTotalCents: 16_500,
      couponCode: code,
    });
    const [coupon] = await db().select().from(commerceCoupons).where(eq(commerceCoupons.code, code));
    expect(coupon!.timesUsed).toBe(1);
    // Staff cancel the unpaid invoice order: the coupon's use is given back.
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/v2/admin/commerce/orders/${order!.id}/cancel`,
      headers: { cookie: admin.header },
      payload: { version: order!.version },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const [released] = await db().select().from(commerceCoupons).where(eq(commerceCoupons.code, code));
    expect(released!.timesUsed).toBe(0);

    const all = uniqueCode('ALL');
    await createCoupon({ code: all, kind: 'fixed', amount: 1000 });
    const second = await customerWithReport();
    await magento(t.app, 'PUT', `/carts/mine/coupons/${all}`, second.token);
    const totals = await totalsOf(second);
    expect(totals).toMatchObject({ discount_amount: -200, tax_amount: 0, grand_total: 0 });
    // Free now: the free method is offered and an invoice is not.
    expect(totals.extension_attributes.payment_methods.map((m) => m.code)).toEqual(['free']);
    const free = await magento(t.app, 'POST', '/carts/mine/payment-information', second.token, {
      ...invoicePayment(),
      paymentMethod: { method: 'free' },
    });
    expect(free.statusCode).toBe(200);
    const [freeOrder] = await db().select().from(commerceOrders).where(eq(commerceOrders.id, free.json()));
    expect(freeOrder).toMatchObject({ grandTotalCents: 0, discountCents: 20_000, state: 'complete' });

    // Every document the buyers get shows what the coupon took off, so subtotal, discount and tax add up.
    const mailsTo = async (email: string, template: string) =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.toEmail, email))).filter(
        (m) => m.template === template,
      );
    const [confirmation] = await mailsTo(order!.customerEmail, 'shop/order-confirmation');
    const [invoiceMail] = await mailsTo(order!.customerEmail, 'shop/order-invoice');
    for (const mail of [confirmation, invoiceMail]) {
      expect(mail?.text).toMatch(
        /Subtotal\s+\$200\.00\s+Discount\s+-\$50\.00\s+Tax\s+\$15\.00\s+Total\s+\$165\.00/,
      );
    }
    const [receiptMail] = await mailsTo(freeOrder!.customerEmail, 'shop/order-receipt');
    expect(receiptMail?.text).toContain('-$200.00');
    const receipt = await magento(t.app, 'GET', `/customers/me/asa_receipt/${freeOrder!.id}`, second.token);
    expect(receipt.json()).toMatchObject({ subtotal: 200, discount_amount: 200, grand_total: 0 });
  });

  it('a coupon that expires after it was applied refuses the order and writes nothing', async () => {
    const code = uniqueCode('SOON');
    const created = (await createCoupon({ code, kind: 'percent', amount: 20 })).json().data as AdminCoupon;
    const customer = await customerWithReport();
    await magento(t.app, 'PUT', `/carts/mine/coupons/${code}`, customer.token);
    await db()
      .update(commerceCoupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(commerceCoupons.id, created.id));
    // The totals no longer take it off…
    expect((await totalsOf(customer)).grand_total).toBe(220);
    // …and checkout says why instead of charging a price the buyer did not see.
    const placed = await magento(
      t.app,
      'POST',
      '/carts/mine/payment-information',
      customer.token,
      invoicePayment(),
    );
    expect(placed.statusCode).toBe(400);
    expect(placed.json()).toMatchObject({ parameters: { couponCode: code } });
    expect(placed.json().message).toContain('can no longer be used');
    expect(
      await db().select().from(commerceOrders).where(eq(commerceOrders.userId, customer.userId)),
    ).toEqual([]);
  });

  it('ten simultaneous orders with a one-use coupon: exactly one gets it, the others are refused and not charged', async () => {
    const code = uniqueCode('ONCE');
    await createCoupon({ code, kind: 'percent', amount: 50, usesLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => customerWithReport()));
    for (const buyer of buyers) {
      const applied = await magento(t.app, 'PUT', `/carts/mine/coupons/${code}`, buyer.token);
      expect(applied.statusCode).toBe(200);
    }
    const results = await Promise.all(
      buyers.map((buyer) =>
        magento(t.app, 'POST', '/carts/mine/payment-information', buyer.token, invoicePayment()),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(9);
    const orders = await db().select().from(commerceOrders).where(eq(commerceOrders.couponCode, code));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.grandTotalCents).toBe(11_000);
    const [coupon] = await db().select().from(commerceCoupons).where(eq(commerceCoupons.code, code));
    expect(coupon!.timesUsed).toBe(1);
    // The refused buyers keep their carts (and the coupon, which they can now remove).
    const open = await db().select().from(commerceCarts).where(eq(commerceCarts.isActive, true));
    expect(open.filter((cart) => buyers.some((b) => b.userId === cart.userId))).toHaveLength(9);
  });
});
