import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commerceCartItems,
  commerceCarts,
  commerceOrderHistory,
  commerceOrderItems,
  commerceOrders,
  commercePurchasedLinks,
} from '../../db/schema/commerce';
import { mailOutbox } from '../../db/schema/mail';
import { demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import {
  type Customer,
  createProduct,
  invoicePayment,
  magento,
  newCustomer,
  type ProductRow,
  tmpDataDir,
  validBilling,
} from '../../test/commerce-fixtures';
import { type StripeStub, startStripeStub } from '../../test/stripe-stub';

let t: TestApp;
let stripe: StripeStub;
let report: ProductRow;
let cheap: ProductRow;
let free: ProductRow;

beforeAll(async () => {
  stripe = await startStripeStub();
  t = await createTestApp({
    DATA_DIR: tmpDataDir('checkout'),
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'https://shop.teenvoice.test',
  });
  report = await createProduct(t.app, { priceCents: 89_500, numberOfDownloads: 5 });
  cheap = await createProduct(t.app, { priceCents: 2_500 });
  free = await createProduct(t.app, { priceCents: 0 });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.app.database.db;

/** A fresh customer with these reports in their cart; answers the customer and the cart id. */
async function customerWithCart(products: ProductRow[], options: { organizationId?: string } = {}) {
  const customer = await newCustomer(t.app, options);
  const cartId = (await magento(t.app, 'POST', '/carts/mine', customer.token)).json() as number;
  for (const product of products) {
    const added = await magento(t.app, 'POST', '/carts/mine/items', customer.token, {
      cartItem: { sku: product.sku, qty: 1 },
    });
    expect(added.statusCode).toBe(200);
  }
  return { customer, cartId };
}

const place = (customer: Customer, body: unknown) =>
  magento(t.app, 'POST', '/carts/mine/payment-information', customer.token, body);

const cardPayment = () => ({
  paymentMethod: { method: 'stripe_payments' },
  billing_address: validBilling,
});

/** Everything a placement could have written for this customer. */
async function footprint(customer: Customer, cartId: number) {
  const [cart] = await db().select().from(commerceCarts).where(eq(commerceCarts.id, cartId));
  const items = await db().select().from(commerceCartItems).where(eq(commerceCartItems.cartId, cartId));
  const orders = await db().select().from(commerceOrders).where(eq(commerceOrders.userId, customer.userId));
  const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toEmail, customer.email));
  return {
    active: cart?.isActive,
    items: items.map((i) => i.id).sort(),
    orders: orders.length,
    mails: mails.length,
  };
}

async function orderOf(id: number) {
  const [order] = await db().select().from(commerceOrders).where(eq(commerceOrders.id, id));
  const items = await db().select().from(commerceOrderItems).where(eq(commerceOrderItems.orderId, id));
  const links = await db()
    .select()
    .from(commercePurchasedLinks)
    .where(eq(commercePurchasedLinks.orderId, id));
  const history = await db()
    .select()
    .from(commerceOrderHistory)
    .where(eq(commerceOrderHistory.orderId, id))
    .orderBy(asc(commerceOrderHistory.id));
  return { order: order!, items, links, history };
}

/** The shop's mails to an address (a new customer's sign-up link is not the shop's). */
const mailsTo = async (email: string) =>
  (
    await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toEmail, email))
      .orderBy(asc(mailOutbox.createdAt))
  ).filter((m) => m.template.startsWith('shop/'));

describe('validation: every problem at once, nothing written', () => {
  const field = (fieldName: string, message: string) => ({ message, parameters: { fieldName } });

  it('applies the company form rules to the billing address, field by field', async () => {
    const { customer, cartId } = await customerWithCart([report]);
    const before = await footprint(customer, cartId);
    const response = await place(
      customer,
      invoicePayment({
        billing_address: {
          company: 'Ab',
          firstname: 'Jo',
          lastname: 'Li',
          email: 'not-an-email',
          street: [],
          city: '',
          postcode: '9410',
          country_id: 'CA',
        },
      }),
    );
    expect(response.statusCode).toBe(400);
    const errors = [
      field('company', 'Company Name should be at least 3 characters long'),
      field('firstname', 'First Name should be at least 3 characters long'),
      field('lastname', 'Last Name should be at least 3 characters long'),
      field('email', 'Email is not valid'),
      field('street', 'Required'),
      field('city', 'Required'),
      field('region_code', 'Required'),
      field('postcode', 'Enter a 5-digit ZIP code, like 94107.'),
      field('country_id', 'We can only bill US addresses for now.'),
    ];
    expect(response.json()).toEqual({ ...errors[0], errors });
    expect(await footprint(customer, cartId)).toEqual(before);
  });

  it('refuses NUL bytes, lone surrogates, huge numbers, overlong text and unknown states', async () => {
    const { customer, cartId } = await customerWithCart([report]);
    const before = await footprint(customer, cartId);
    const cases: Array<[Record<string, unknown>, ReturnType<typeof field>]> = [
      [
        { billing_address: { ...validBilling, company: 'Riverbend\u0000Health' } },
        field('company', 'Company Name can only hold letters, numbers, spaces and punctuation'),
      ],
      [
        { billing_address: { ...validBilling, city: 'San \ud800Francisco' } },
        field('city', 'City can only hold letters, numbers, spaces and punctuation'),
      ],
      [{ billing_address: { ...validBilling, postcode: 1e20 } }, field('postcode', 'ZIP Code must be text')],
      [
        { billing_address: { ...validBilling, street: ['x'.repeat(201)] } },
        field('street', 'Street Address should be maximum 200 characters long'),
      ],
      [
        { billing_address: { ...validBilling, region_code: 'ZZ' } },
        field('region_code', 'Choose a US state'),
      ],
      [
        { billing_address: { ...validBilling, email: 'dana@@example' } },
        field('email', 'Email is not valid'),
      ],
      [
        { paymentMethod: { method: 'purchaseorder', po_number: 'P'.repeat(65) } },
        field('po_number', 'Purchase Order Number should be maximum 64 characters long'),
      ],
      [
        { paymentMethod: { method: 'cashondelivery' } },
        field('method', 'The requested Payment Method is not available.'),
      ],
      [{ billing_address: undefined }, field('billing_address', 'Required')],
    ];
    for (const [overrides, problem] of cases) {
      const response = await place(customer, invoicePayment(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual({ ...problem, errors: [problem] });
    }
    expect(await footprint(customer, cartId)).toEqual(before);
  });

  it('refuses an organisation the buyer does not belong to, or an id that is no id', async () => {
    const { customer, cartId } = await customerWithCart([report], {
      organizationId: demoOrganizations.northside.id,
    });
    const before = await footprint(customer, cartId);
    for (const id of [demoOrganizations.brightpath.id, 1e20, 'not-a-uuid']) {
      const response = await place(
        customer,
        invoicePayment({ extension_attributes: { organization_id: id } }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'No such entity with %fieldName = %fieldValue',
        parameters: { fieldName: 'organizationId', fieldValue: String(id) },
      });
    }
    expect(await footprint(customer, cartId)).toEqual(before);
  });

  it('refuses a payment method the cart cannot use', async () => {
    const { customer, cartId } = await customerWithCart([report]);
    const before = await footprint(customer, cartId);
    const freeForPaid = await place(customer, invoicePayment({ paymentMethod: { method: 'free' } }));
    expect(freeForPaid.statusCode).toBe(400);
    expect(freeForPaid.json().message).toBe('This order has a total to pay: choose another payment method.');

    const gratis = await customerWithCart([free]);
    const invoiceForFree = await place(gratis.customer, invoicePayment());
    expect(invoiceForFree.statusCode).toBe(400);
    expect(invoiceForFree.json().message).toBe('This order is free: choose “No payment required” instead.');

    // Stripe's smallest charge is $0.50: a smaller total is not offered the card.
    const tiny = await customerWithCart([await createProduct(t.app, { priceCents: 30 })]);
    const totals = (await magento(t.app, 'GET', '/carts/mine/totals', tiny.customer.token)).json();
    expect(totals.extension_attributes.payment_methods).toEqual([
      { code: 'purchaseorder', title: 'Invoice (purchase order)' },
    ]);
    const card = await place(tiny.customer, cardPayment());
    expect(card.statusCode).toBe(400);
    expect(card.json()).toEqual({
      message: 'Card payments need a total of at least $0.50. Choose the invoice instead.',
      parameters: { fieldName: 'method' },
    });
    expect(await footprint(customer, cartId)).toEqual(before);
  });

  it('says when there is no cart, or when the cart is empty', async () => {
    const nobody = await newCustomer(t.app);
    const noCart = await place(nobody, invoicePayment());
    expect(noCart.statusCode).toBe(404);
    expect(noCart.json()).toEqual({
      message: 'No such entity with %fieldName = %fieldValue',
      parameters: { fieldName: 'customerId', fieldValue: nobody.userId },
    });
    await magento(t.app, 'POST', '/carts/mine', nobody.token);
    const empty = await place(nobody, invoicePayment());
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'The cart is empty. Add a report before you check out.' });
  });
});

describe('placing orders', () => {
  it('invoice: pending payment, links waiting, the PO number kept, a confirmation mail only', async () => {
    const { customer, cartId } = await customerWithCart([report, cheap]);
    const response = await place(customer, invoicePayment());
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^\d+$/);
    const { order, items, links, history } = await orderOf(response.json());
    expect(order).toMatchObject({
      cartId,
      userId: customer.userId,
      state: 'pending_payment',
      status: 'pending_payment',
      paymentMethod: 'purchaseorder',
      paymentReference: 'PO-7781',
      subtotalCents: 92_000,
      taxCents: 0,
      grandTotalCents: 92_000,
      amountPaidCents: 0,
      paidAt: null,
      customerEmail: customer.email,
      billingAddress: { ...validBilling, region: 'California' },
    });
    expect(order.incrementId).toMatch(/^\d{9}$/);
    expect(items.map((i) => [i.sku, i.priceCents])).toEqual([
      [report.sku, 89_500],
      [cheap.sku, 2_500],
    ]);
    expect(links.map((l) => [l.status, l.numberOfDownloadsBought, l.linkHash.length]).sort()).toEqual([
      ['pending_payment', 10, 64],
      ['pending_payment', 5, 64],
    ]);
    expect(history.map((h) => h.status)).toEqual(['pending_payment']);
    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.template).sort()).toEqual(['shop/order-confirmation', 'shop/order-invoice']);
    mails.sort((a, b) => a.template.localeCompare(b.template));
    expect(mails[0]!.props).toMatchObject({
      orderNumber: order.incrementId,
      total: '$920.00',
      paid: false,
      poNumber: 'PO-7781',
      paymentMethodTitle: 'Invoice (purchase order)',
      orderUrl: `https://shop.teenvoice.test/order-confirmation?order=${order.id}`,
    });
    // The cart is used up: no active cart until the customer opens a new one.
    const cart = await magento(t.app, 'GET', '/carts/mine', customer.token);
    expect(cart.statusCode).toBe(404);
    const next = await magento(t.app, 'POST', '/carts/mine', customer.token);
    expect(next.json()).not.toBe(cartId);
  });

  it('free: complete at once, downloads available, confirmation and receipt mails', async () => {
    const { customer } = await customerWithCart([free]);
    const response = await place(customer, {
      paymentMethod: { method: 'free' },
      billing_address: validBilling,
    });
    expect(response.statusCode).toBe(200);
    const { order, links, history } = await orderOf(response.json());
    expect(order).toMatchObject({
      state: 'complete',
      status: 'complete',
      grandTotalCents: 0,
      amountPaidCents: 0,
    });
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(links.map((l) => l.status)).toEqual(['available']);
    expect(history.map((h) => h.status)).toEqual(['pending_payment', 'complete']);
    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.template).sort()).toEqual(['shop/order-confirmation', 'shop/order-receipt']);
    expect(mails.find((m) => m.template === 'shop/order-receipt')!.props).toMatchObject({
      receiptNumber: `R-${order.incrementId}`,
      receiptUrl: `https://shop.teenvoice.test/user/purchase-history/receipts/${order.id}`,
    });
  });

  it('for an organisation the buyer belongs to: the order carries it', async () => {
    const { customer } = await customerWithCart([cheap], { organizationId: demoOrganizations.northside.id });
    const response = await place(
      customer,
      invoicePayment({ extension_attributes: { organization_id: demoOrganizations.northside.id } }),
    );
    expect(response.statusCode).toBe(200);
    expect((await orderOf(response.json())).order.organizationId).toBe(demoOrganizations.northside.id);
  });

  it('card: the order waits for payment and Stripe Checkout is opened with the lines, email and our addresses', async () => {
    const { customer } = await customerWithCart([report, cheap]);
    const totals = (await magento(t.app, 'GET', '/carts/mine/totals', customer.token)).json();
    expect(totals.extension_attributes.payment_methods).toEqual([
      { code: 'purchaseorder', title: 'Invoice (purchase order)' },
      { code: 'stripe_payments', title: 'Credit or debit card' },
    ]);
    const before = stripe.requests.length;
    const response = await place(customer, cardPayment());
    expect(response.statusCode).toBe(200);
    const { order, links, history } = await orderOf(response.json());
    const calls = stripe.requests.slice(before);
    expect(calls.map((c) => c.path)).toEqual(['/v1/checkout/sessions']);
    expect(calls[0]!.idempotencyKey).toBe(`tv-order-${order.id}-checkout`);
    expect(Object.fromEntries(calls[0]!.form)).toMatchObject({
      mode: 'payment',
      customer_email: customer.email,
      client_reference_id: String(order.id),
      'line_items[0][price_data][unit_amount]': '89500',
      'line_items[0][price_data][product_data][name]': report.name,
      'line_items[1][price_data][unit_amount]': '2500',
      success_url: `https://shop.teenvoice.test/order-confirmation?order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://shop.teenvoice.test/cart?card_canceled=${order.id}`,
    });
    const session = stripe.sessions.get(order.stripeSessionId!);
    expect(session).toMatchObject({ amount_total: 92_000, status: 'open' });
    expect(order).toMatchObject({
      state: 'pending_payment',
      paymentMethod: 'stripe_payments',
      amountPaidCents: 0,
      paymentUrl: session!.url,
    });
    expect(links.map((l) => l.status)).toEqual(['pending_payment', 'pending_payment']);
    expect(history.map((h) => h.comment)).toEqual([
      'Order placed; waiting for the card payment on Stripe Checkout.',
    ]);
    // Nothing is mailed before the card is paid: the buyer may still go back to the cart.
    expect(await mailsTo(customer.email)).toEqual([]);
    const status = await magento(
      t.app,
      'GET',
      `/customers/me/asa_orders/${order.id}/card-payment`,
      customer.token,
    );
    expect(status.json()).toEqual({
      order_id: order.id,
      state: 'pending_payment',
      paid: false,
      url: session!.url,
    });
  });

  it('card, back from Stripe before the webhook: the session is asked and the order is paid once', async () => {
    const { customer } = await customerWithCart([cheap]);
    const orderId = (await place(customer, cardPayment())).json() as number;
    const { order } = await orderOf(orderId);
    await stripe.pay(order.stripeSessionId!, { deliver: false });
    const statuses = await Promise.all(
      [1, 2, 3].map(() =>
        magento(t.app, 'GET', `/customers/me/asa_orders/${orderId}/card-payment`, customer.token),
      ),
    );
    for (const status of statuses) expect(status.json()).toMatchObject({ order_id: orderId, url: null });
    const paid = await orderOf(orderId);
    expect(paid.order).toMatchObject({ state: 'complete', amountPaidCents: 2_500 });
    expect(paid.order.paymentReference).toMatch(/^pi_/);
    expect(paid.links.map((l) => l.status)).toEqual(['available']);
    expect((await mailsTo(customer.email)).map((m) => m.template)).toEqual(['shop/order-receipt']);
  });

  it('card, canceled on Stripe’s page: the order is canceled and the reports are back in a cart', async () => {
    const { customer } = await customerWithCart([report, cheap]);
    const orderId = (await place(customer, cardPayment())).json() as number;
    expect((await magento(t.app, 'GET', '/carts/mine', customer.token)).statusCode).toBe(404);
    const back = await magento(
      t.app,
      'POST',
      `/customers/me/asa_orders/${orderId}/card-payment/cancel`,
      customer.token,
    );
    expect(back.statusCode).toBe(200);
    const cart = (await magento(t.app, 'GET', '/carts/mine', customer.token)).json();
    expect(cart.id).toBe(back.json());
    expect(cart.items.map((item: { sku: string }) => item.sku).sort()).toEqual(
      [report.sku, cheap.sku].sort(),
    );
    expect((await orderOf(orderId)).order.state).toBe('canceled');
    const again = await magento(
      t.app,
      'POST',
      `/customers/me/asa_orders/${orderId}/card-payment/cancel`,
      customer.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order is no longer waiting for a card payment.' });
  });

  it('without STRIPE_SECRET_KEY the card is not offered and checkout says cards are not accepted', async () => {
    const plain = await createTestApp({ DATA_DIR: tmpDataDir('checkout-no-card') });
    try {
      const product = await createProduct(plain.app, { priceCents: 5_000 });
      const customer = await newCustomer(plain.app);
      await magento(plain.app, 'POST', '/carts/mine', customer.token);
      await magento(plain.app, 'POST', '/carts/mine/items', customer.token, {
        cartItem: { sku: product.sku, qty: 1 },
      });
      const totals = (await magento(plain.app, 'GET', '/carts/mine/totals', customer.token)).json();
      expect(totals.extension_attributes.payment_methods).toEqual([
        { code: 'purchaseorder', title: 'Invoice (purchase order)' },
      ]);
      const card = await magento(
        plain.app,
        'POST',
        '/carts/mine/payment-information',
        customer.token,
        cardPayment(),
      );
      expect(card.statusCode).toBe(400);
      expect(card.json().message).toBe(
        'We do not accept card payments at the moment. Pay by invoice instead.',
      );
    } finally {
      await plain.close();
    }
    // A second app of its own: slow to start on a busy machine.
  }, 180_000);
});

describe('exactly one order per cart', () => {
  it('ten parallel placements of one cart make one order, and all ten get its id', async () => {
    const { customer, cartId } = await customerWithCart([report, cheap]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(customer, invoicePayment())));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const orders = await db().select().from(commerceOrders).where(eq(commerceOrders.cartId, cartId));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.id).toBe(answers[0]!.json());
    const links = await db()
      .select()
      .from(commercePurchasedLinks)
      .where(eq(commercePurchasedLinks.orderId, orders[0]!.id));
    expect(links).toHaveLength(2);
    expect((await mailsTo(customer.email)).length).toBe(2);

    // A later retry (a reload after a lost answer) still answers the same order.
    const retry = await place(customer, invoicePayment());
    expect(retry.body).toBe(answers[0]!.body);
  });

  it('long after an order, with no cart open, checking out again is refused instead of answering the old order', async () => {
    const { customer, cartId } = await customerWithCart([cheap]);
    const first = await place(customer, invoicePayment());
    expect(first.statusCode).toBe(200);
    await db()
      .update(commerceOrders)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(commerceOrders.cartId, cartId));
    const late = await place(customer, invoicePayment());
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({
      message: 'No such entity with %fieldName = %fieldValue',
      parameters: { fieldName: 'customerId', fieldValue: customer.userId },
    });
    expect((await footprint(customer, cartId)).orders).toBe(1);
  });

  it('ten parallel card placements open one Stripe Checkout session', async () => {
    const { customer, cartId } = await customerWithCart([cheap]);
    const before = stripe.sessions.size;
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(customer, cardPayment())));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(stripe.sessions.size - before).toBe(1);
    const orders = await db()
      .select()
      .from(commerceOrders)
      .where(inArray(commerceOrders.cartId, [cartId]));
    expect(orders).toHaveLength(1);
  });
});
